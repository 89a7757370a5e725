import Foundation
import QueryCoding
import Testing

/// Issue 14, item 3: `a[]=1` read as `[String: [String: Int]]` gave `["a": ["": 1]]`, which the encoder
/// refuses to write. A dictionary now refuses a key the encoder could not write back (an empty one, or a
/// malformed nested name kept as one literal), naming the parameter, so decode ∘ encode stays total.
@Suite(.timeLimit(.minutes(5))) struct UnwritableKeyTests {
    private func failure(_ attempt: () throws -> Void) -> (path: [String], message: String)? {
        do {
            try attempt()
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return (context.codingPath.map(\.stringValue), context.debugDescription)
        } catch {
            return ([], "unexpected \(error)")
        }
    }

    @Test func refusesTheEmptyKeyOfABracketArray() {
        for decoder in [
            QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets },
            QueryDecoder.with { $0.arrayDecodingStrategy = .brackets },
            QueryDecoder.with { $0.arrayDecodingStrategy = .indexedBrackets },
        ] {
            let refusal = failure { _ = try decoder.decode([String: [String: Int]].self, from: "a[]=1") }
            #expect(refusal?.path == ["a", ""])
            #expect(
                refusal?.message
                    == "The parameter \"a[]\" has an empty key, so it cannot be read as a key: the encoder could not write it back."
            )
        }
    }

    @Test func refusesAnEmptyTopLevelKey() {
        let decoder = QueryDecoder()
        let refusal = failure { _ = try decoder.decode([String: String].self, from: "=1") }
        #expect(refusal?.path == [""])
        #expect(refusal?.message.hasPrefix("The parameter \"\" has an empty key") == true)
        #expect(
            failure { _ = try decoder.decode([String: String].self, from: [URLQueryItem(name: "", value: "1")]) } != nil
        )
    }

    @Test func refusesAMalformedNameAsADictionaryKey() {
        let dots = QueryDecoder()
        let refusal = failure { _ = try dots.decode([String: String].self, from: "a..b=1") }
        #expect(refusal?.path == ["a..b"])
        #expect(
            refusal?.message
                == "The parameter \"a..b\" is not a well-formed name for the nesting strategies, so it cannot be read as a key: the encoder could not write it back."
        )
        let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        #expect(failure { _ = try brackets.decode([String: String].self, from: "c]=2") }?.path == ["c]"])
        // Keyed through a custom `init(from:)` too.
        #expect(failure { _ = try brackets.decode(Walk.self, from: "c]=2") }?.path == ["c]"])
    }

    /// A struct still ignores such parameters: they are unknown to it, and nothing it returns holds them.
    @Test func aStructIgnoresThem() throws {
        struct Text: Codable, Equatable {
            var q: String?
        }
        #expect(try QueryDecoder().decode(Text.self, from: "=1&a..b=2&q=x") == Text(q: "x"))
        let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        #expect(try brackets.decode(Text.self, from: "a[]=1&c]=2&q=x") == Text(q: "x"))
    }

    /// Well-formed keys are unaffected, in a query that also holds bracket arrays.
    @Test func wellFormedKeysStillDecode() throws {
        let decoder = QueryDecoder.with { $0.arrayDecodingStrategy = .brackets }
        #expect(
            try decoder.decode([String: [String]].self, from: "a[]=1&a[]=2&b[]=3") == ["a": ["1", "2"], "b": ["3"]])
        #expect(try decoder.decode([String: [String: Int]].self, from: "m[x]=1") == ["m": ["x": 1]])
    }

    /// Reads every key it is given, through `allKeys`.
    struct Walk: Decodable {
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in container.allKeys { _ = try container.decode(String.self, forKey: key) }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
