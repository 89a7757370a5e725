import Foundation
import QueryCoding
import Testing

/// Megabyte-sized hostile queries of several shapes, exactly at the default input limit (1 MiB): each
/// decodes, or fails with exactly the error its shape must cause; one byte more fails with the input
/// length error before anything is read. (How long they take is measured by the benchmark's
/// `decode.hostile.*` workloads, not asserted here.)
@Suite(.timeLimit(.minutes(20))) struct HostileMegabyteTests {
    /// What decoding a shape must give; the messages stay short, whatever the size of the query.
    enum Expected: Sendable, CustomStringConvertible {
        /// A `FlatTarget` whose `q` and `tags` are these.
        case value(q: String?, tags: [String]?)
        /// This limit error; `parameter` is checked for the limits that name one.
        case limit(QueryDecodingLimitError.Limit, maximum: Int, parameter: String?)
        /// `DecodingError.dataCorrupted` whose description contains this text.
        case dataCorrupted(mentioning: String)

        var description: String {
            switch self {
            case .value: "a value"
            case .limit(let limit, let maximum, _): "the \(limit) limit error (maximum \(maximum))"
            case .dataCorrupted(let text): "dataCorrupted mentioning \(text)"
            }
        }
    }

    /// A shape of query, built to exactly `length` UTF-8 bytes: `head`, then `unit` repeated, then
    /// `tail`; the bytes a whole unit cannot fill are `pad`, put right after `head`.
    struct Shape: Sendable, CustomTestStringConvertible {
        let name: String
        var arrays: QueryArrayStyle = .commaSeparated
        var head = ""
        let unit: String
        var pad = "a"
        var tail = ""
        let expected: @Sendable (_ query: String) -> Expected

        var testDescription: String { name }

        func query(length: Int) -> String {
            let room = length - head.utf8.count - tail.utf8.count
            let units = room / unit.utf8.count
            let padding = String(repeating: pad, count: (room - units * unit.utf8.count) / pad.utf8.count)
            return head + padding + String(repeating: unit, count: units) + tail
        }
    }

    static let megabyte = 1 << 20

    static let shapes: [Shape] = [
        Shape(name: "one long value of escapes and pluses", head: "q=", unit: "%41+") { query in
            let text = query.dropFirst(2)
            let padding = text.prefix { $0 == "a" }
            return .value(q: padding + String(repeating: "A ", count: (text.count - padding.count) / 4), tags: nil)
        },
        Shape(name: "two-byte characters", head: "q=", unit: "\u{E9}") { query in
            .value(q: String(query.dropFirst(2)), tags: nil)
        },
        Shape(name: "ampersands", unit: "&", pad: "&", tail: "q=x") { _ in .value(q: "x", tags: nil) },
        Shape(name: "a long unknown name", unit: "n", tail: "=1&q=x") { _ in .value(q: "x", tags: nil) },
        Shape(name: "a bracket soup (a malformed name)", arrays: .brackets, head: "tags", unit: "[[]", tail: "=1") {
            _ in .value(q: nil, tags: nil)
        },
        Shape(name: "commas", head: "tags=", unit: ",") { _ in
            .limit(.arrayLength, maximum: 1000, parameter: "tags")
        },
        Shape(name: "percent signs", head: "q=", unit: "%") { _ in .dataCorrupted(mentioning: "\"q\"") },
        Shape(name: "brackets nested deep", arrays: .indexedBrackets, head: "a", unit: "[a]", tail: "=1") { query in
            .limit(.depth, maximum: 16, parameter: String(query.dropLast(2)))
        },
        Shape(name: "dots nested deep", head: "a", unit: ".a", tail: "=1") { query in
            .limit(.depth, maximum: 16, parameter: String(query.dropLast(2)))
        },
        Shape(name: "many parameters", arrays: .repeatedKeys, unit: "tags=1&", pad: "&") { _ in
            .limit(.parameterCount, maximum: 1000, parameter: nil)
        },
        Shape(name: "a huge sparse index", arrays: .indexedBrackets, head: "tags[999999999]=", unit: "x") { _ in
            .dataCorrupted(mentioning: "999999999")
        },
    ]

    @Test(arguments: shapes)
    func aMegabyteDecodesOrFailsAsItsShapeSays(shape: Shape) throws {
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = shape.arrays
        decoder.nestedKeyDecodingStrategy =
            shape.arrays == .commaSeparated || shape.arrays == .repeatedKeys ? .dots : .brackets
        let query = shape.query(length: Self.megabyte)
        try #require(query.utf8.count == Self.megabyte)
        let expected = shape.expected(query)
        // A leading `?` is not part of the query, nor of its length.
        for text in [query, "?" + query] {
            check(Result { try decoder.decode(FlatTarget.self, from: text) }, expected)
        }
        let longer = shape.query(length: Self.megabyte + 1)
        try #require(longer.utf8.count == Self.megabyte + 1)
        check(
            Result { try decoder.decode(FlatTarget.self, from: longer) },
            .limit(.inputLength, maximum: Self.megabyte, parameter: nil))
    }

    private func check(
        _ outcome: Result<FlatTarget, any Error>, _ expected: Expected,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch (outcome, expected) {
        // Each comparison is made before `#expect`, which would print both megabytes on a failure.
        case (.success(let value), .value(let q, let tags)):
            let sameQ = value.q.map { Array($0.utf8) } == q.map { Array($0.utf8) }
            let sameTags = value.tags == tags
            #expect(sameQ, "q differs", sourceLocation: sourceLocation)
            #expect(sameTags, "tags differ", sourceLocation: sourceLocation)
        case (.failure(let error as QueryDecodingLimitError), .limit(let limit, let maximum, let parameter)):
            let sameLimit = error.limit == limit && error.maximum == maximum
            let sameParameter = error.parameter == parameter
            #expect(sameLimit, "\(error.limit), \(error.maximum)", sourceLocation: sourceLocation)
            #expect(sameParameter, "the parameter differs", sourceLocation: sourceLocation)
        case (.failure(DecodingError.dataCorrupted(let context)), .dataCorrupted(let text)):
            let mentions = context.debugDescription.contains(text)
            #expect(mentions, "\(context.debugDescription.prefix(200))", sourceLocation: sourceLocation)
        case (.success, _):
            Issue.record("decoding succeeded, but \(expected) was expected", sourceLocation: sourceLocation)
        case (.failure(let error), _):
            Issue.record(
                "decoding threw \(String(describing: error).prefix(200)), but \(expected) was expected",
                sourceLocation: sourceLocation)
        }
    }
}
