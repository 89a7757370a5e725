import Foundation
import QueryCoding
import Testing

/// Issue 14, item 2: `maximumArrayLength = .max` with `.indexedBrackets` trapped on `limit + 1`. Every
/// limit takes any `Int`: a value or a typed error, never a trap.
@Suite(.timeLimit(.minutes(5))) struct ExtremeLimitTests {
    struct Numbers: Codable, Equatable {
        var v: [Int]
    }

    @Test func theMaximumArrayLengthTakesIntMax() throws {
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = .indexedBrackets
        decoder.limits.maximumArrayLength = .max
        #expect(try decoder.decode(Numbers.self, from: "v[0]=1") == Numbers(v: [1]))
    }

    static let extremes = [Int.max, .max - 1, 0, -1, .min]
    static let strategies: [QueryArrayStyle] = [
        .commaSeparated, .repeatedKeys, .brackets, .indexedBrackets,
    ]
    static let queries = ["", "v[0]=1&v[1]=2", "v=1,2&v[]=3", "v[]=1&v[]=2", "v=1&v=2", "a[b][c]=1", "a.b.c=1"]

    /// Each limit at each extreme, every other limit at its default, under every array strategy.
    @Test(arguments: extremes)
    func anExtremeLimitGivesAValueOrALimitError(extreme: Int) {
        let settings: [QueryDecoder.Limits] = [
            .init(maximumInputLength: extreme), .init(maximumParameterCount: extreme), .init(maximumDepth: extreme),
            .init(maximumArrayLength: extreme),
            .init(
                maximumInputLength: extreme, maximumParameterCount: extreme, maximumDepth: extreme,
                maximumArrayLength: extreme),
        ]
        for limits in settings {
            for strategy in Self.strategies {
                for nesting in [QueryDecoder.NestedKeyDecodingStrategy.dots, .brackets] {
                    var decoder = QueryDecoder()
                    decoder.limits = limits
                    decoder.arrayDecodingStrategy = strategy
                    decoder.nestedKeyDecodingStrategy = nesting
                    for query in Self.queries {
                        for attempt in [
                            { _ = try decoder.decode(Numbers.self, from: query) },
                            { _ = try decoder.decode([String: [String: [String: Int]]].self, from: query) },
                            { _ = try decoder.decode(Numbers.self, from: [URLQueryItem(name: "v", value: "1")]) },
                        ] {
                            do {
                                try attempt()
                            } catch is DecodingError, is QueryDecodingLimitError {
                            } catch {
                                Issue.record("\(limits), \(strategy), \(query): \(error)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// A negative limit refuses whatever it counts; zero refuses all but nothing.
    @Test func aNegativeOrZeroLimitRefusesWhatItCounts() throws {
        var decoder = QueryDecoder()
        decoder.limits.maximumInputLength = -1
        #expect(throws: QueryDecodingLimitError(limit: .inputLength, maximum: -1)) {
            try decoder.decode([String: String].self, from: "")
        }
        decoder.limits = .init(maximumParameterCount: 0)
        #expect(try decoder.decode([String: String].self, from: "") == [:])
        #expect(throws: QueryDecodingLimitError(limit: .parameterCount, maximum: 0)) {
            try decoder.decode([String: String].self, from: "a=1")
        }
        decoder.limits = .init(maximumDepth: .min)
        #expect(try decoder.decode([String: String].self, from: "a=1") == ["a": "1"])
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: .min, parameter: "a.b")) {
            try decoder.decode([String: [String: String]].self, from: "a.b=1")
        }
        decoder.limits = .init(maximumArrayLength: -1)
        decoder.arrayDecodingStrategy = .indexedBrackets
        #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: -1, parameter: "v")) {
            try decoder.decode(Numbers.self, from: "v[0]=1")
        }
        // An absent array counts nothing: it is empty.
        #expect(try decoder.decode(Numbers.self, from: "") == Numbers(v: []))
    }
}
