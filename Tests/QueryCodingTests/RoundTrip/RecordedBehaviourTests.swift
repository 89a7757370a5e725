import Foundation
import QueryCoding
import Testing

/// Issue 14's "recorded" behaviours, each decided and documented (Docs/QueryEncoding.md, Security.md).
@Suite(.timeLimit(.minutes(5))) struct RecordedBehaviourTests {
    /// `%00` in a name is a NUL character like any other: kept as data, written back as `%00`.
    @Test func aNULInANameIsData() throws {
        let decoded = try QueryDecoder().decode([String: String].self, from: "a%00b=1&%00=2")
        #expect(decoded == ["a\u{0}b": "1", "\u{0}": "2"])
        var encoder = QueryEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encodeToString(decoded) == "%00=2&a%00b=1")
    }

    /// A recursive value nested 100 levels: the encoder has no depth limit, the decoder refuses beyond
    /// `maximumDepth` (16 by default) and reads it once the limit is raised.
    final class Chain: Codable, Equatable {
        let value: Int
        let next: Chain?

        init(depth: Int) {
            value = depth
            next = depth > 0 ? Chain(depth: depth - 1) : nil
        }

        static func == (left: Chain, right: Chain) -> Bool { left.value == right.value && left.next == right.next }
    }

    @Test func aStructNested100LevelsNeedsARaisedDepthLimit() throws {
        let chain = Chain(depth: 100)
        let query = try QueryEncoder().encodeToString(chain)
        do {
            _ = try QueryDecoder().decode(Chain.self, from: query)
            Issue.record("decoding 100 levels with the default limits succeeded")
        } catch let error as QueryDecodingLimitError {
            #expect(error.limit == .depth)
            #expect(error.maximum == 16)
        }
        var decoder = QueryDecoder()
        decoder.limits.maximumDepth = 100
        #expect(try decoder.decode(Chain.self, from: query) == chain)
    }

    struct Tags: Codable, Equatable {
        var tags: Set<String>?
    }

    /// Lossy, as an optional `[String]` holding `[""]`: `.emptyValue` writes `tags=`, which is how it
    /// writes `nil`.
    @Test func anOptionalSetOfTheEmptyStringReadsAsNilUnderEmptyValue() throws {
        var encoder = QueryEncoder()
        encoder.nilEncodingStrategy = .emptyValue
        var decoder = QueryDecoder()
        decoder.nilDecodingStrategy = .emptyValue
        let query = try encoder.encodeToString(Tags(tags: [""]))
        #expect(query == "tags=")
        #expect(try decoder.decode(Tags.self, from: query) == Tags(tags: nil))
        // Under the other nil strategies it round-trips.
        #expect(
            try QueryDecoder().decode(Tags.self, from: QueryEncoder().encodeToString(Tags(tags: [""])))
                == Tags(tags: [""]))
    }

    struct Event: Codable, Equatable {
        var at: Date
    }

    /// `.iso8601` reads `Z`, `±HH:MM` and `±HHMM` (several servers emit `+0000`); it writes `Z` only.
    @Test(arguments: [
        ("at=2024-01-02T03:04:05Z", 1_704_164_645.0),
        ("at=2024-01-02T03:04:05%2B00:00", 1_704_164_645),
        ("at=2024-01-02T03:04:05%2B0000", 1_704_164_645),
        ("at=2024-01-02T08:34:05%2B0530", 1_704_164_645),
        ("at=2024-01-01T19:04:05-0800", 1_704_164_645),
        ("at=2024-01-01T19:04:05-08:00", 1_704_164_645),
    ])
    func iso8601ReadsBothOffsetForms(query: String, seconds: Double) throws {
        let event = try QueryDecoder().decode(Event.self, from: query)
        #expect(event.at == Date(timeIntervalSince1970: seconds))
        #expect(try QueryEncoder().encodeToString(event) == "at=2024-01-02T03%3A04%3A05Z")
    }

    @Test(arguments: [
        "at=2024-01-02T03:04:05+0000",  // a raw `+` is a space: it must be written `%2B`
        "at=2024-01-02T03:04:05%2B00", "at=2024-01-02T03:04:05%2B000", "at=2024-01-02T03:04:05%2B00000",
        "at=2024-01-02T03:04:05%2B2400", "at=2024-01-02T03:04:05%2B0060", "at=2024-01-02T03:04:05%2B00:0",
    ])
    func iso8601RefusesOtherOffsets(query: String) {
        #expect(throws: DecodingError.self) { try QueryDecoder().decode(Event.self, from: query) }
    }
}
