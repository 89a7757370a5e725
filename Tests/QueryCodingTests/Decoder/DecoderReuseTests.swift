import Foundation
import QueryCoding
import Testing

// A decode call reuses the stores an earlier call on its thread gave back (`ParsedQueryBuffers`): nothing of
// one call may show in another, a call inside a type's `init(from:)` has stores of its own, and a `Decoder`
// kept after its call still reads its own query.

@Suite(.timeLimit(.minutes(5))) struct DecoderReuseTests {
    let decoder = QueryDecoder()

    /// A query of `count` parameters (`g0.n0t3=t30-0%20x&…` for the tag `t3`), nested one level and repeated up to
    /// three times, and what it decodes to.
    private func query(_ count: Int, tag: String) -> (String, [String: [String: [String]]]) {
        var pairs: [String] = []
        var expected: [String: [String: [String]]] = [:]
        for index in 0..<count {
            let group = "g\(index % 7)"
            let name = "n\(index)\(tag)"
            let values = (0...(index % 3)).map { "\(tag)\(index)-\($0)%20x" }
            for value in values { pairs.append("\(group).\(name)=\(value)") }
            expected[group, default: [:]][name] = values.map { $0.replacingOccurrences(of: "%20", with: " ") }
        }
        return (pairs.joined(separator: "&"), expected)
    }

    @Test func successiveCallsOnOneThreadKeepNothingOfEachOther() throws {
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = .repeatedKeys
        // Short, long, longer than what a thread keeps (16 KiB of text), and short again, twice over.
        for count in [3, 200, 420, 1, 40, 400, 2, 0] {
            let (text, expected) = query(count, tag: "t\(count)")
            if count >= 400 { #expect(text.utf8.count > 16 * 1024) }
            let decoded = try decoder.decode([String: [String: [String]]].self, from: text)
            #expect(decoded == expected, "a query of \(count) parameters")
        }
    }

    @Test func aCallInsideInitFromHasStoresOfItsOwn() throws {
        struct Outer: Decodable {
            let before: String
            let inner: [String: Int]
            let after: [String]

            enum CodingKeys: CodingKey { case before, inner, after }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                before = try container.decode(String.self, forKey: .before)
                // A second call on the same thread while this one's query is still being read.
                let text = try container.decode(String.self, forKey: .inner)
                inner = try QueryDecoder().decode([String: Int].self, from: text)
                after = try container.decode([String].self, forKey: .after)
            }
        }
        let outer = try decoder.decode(Outer.self, from: "before=b%20b&inner=x%3D1%26y%3D22%26z%3D333&after=p,q,r")
        #expect(outer.before == "b b")
        #expect(outer.inner == ["x": 1, "y": 22, "z": 333])
        #expect(outer.after == ["p", "q", "r"])
    }

    @Test func aDecoderKeptAfterItsCallStillReadsItsOwnQuery() throws {
        final class Kept: Decodable, @unchecked Sendable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
        }
        struct Page: Decodable, Equatable {
            let page: Int
            let tags: [String]
        }
        let kept = try decoder.decode(Kept.self, from: "page=7&tags=a,b")
        // Later calls on this thread must not reuse what the kept decoder still reads.
        for index in 0..<5 {
            #expect(
                try decoder.decode(Page.self, from: "page=\(index)&tags=x\(index)")
                    == Page(page: index, tags: ["x\(index)"]))
        }
        #expect(try Page(from: kept.decoder) == Page(page: 7, tags: ["a", "b"]))
    }

    @Test func concurrentCallsWithDifferentQueriesEachGetTheirOwn() async throws {
        let decoder = QueryDecoder()
        let results = try await withThrowingTaskGroup(of: (Int, [String: [String: [String]]]).self) { group in
            for index in 0..<64 {
                group.addTask {
                    var decoder = decoder
                    decoder.arrayDecodingStrategy = .repeatedKeys
                    let (text, _) = self.query(index * 5, tag: "c\(index)")
                    return (index, try decoder.decode([String: [String: [String]]].self, from: text))
                }
            }
            var results: [(Int, [String: [String: [String]]])] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 64)
        for (index, decoded) in results {
            #expect(decoded == query(index * 5, tag: "c\(index)").1)
        }
    }

    /// A field with its own nesting reads the parameters again, into nodes of its own; the nodes parsing made
    /// still hold every value, in order, for whatever reads them after.
    @Test func parametersReadAgainUnderAFieldStyleStayWhereParsingPutThem() throws {
        struct Both: Decodable, QueryFieldStyling {
            struct Words: Decodable, Equatable { let words: [String] }
            let styled: Words
            let raw: [String]
            enum CodingKeys: String, CodingKey {
                case styled = "filter"
                case raw = "filter[words]"
            }
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                key.stringValue == "filter" ? QueryFieldStyle(nesting: .brackets) : nil
            }
        }
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = .repeatedKeys
        let both = try decoder.decode(
            Both.self, from: "filter%5Bwords%5D=p&filter%5Bwords%5D=q&other=1&filter%5Bwords%5D=r")
        #expect(both.styled == Both.Words(words: ["p", "q", "r"]))
        #expect(both.raw == ["p", "q", "r"])
    }
}
