import Foundation
import QueryRequest

// The values the workloads encode, decode and build. Declared the way users declare them, so that the
// numbers describe real code.

/// The typical 8-field query: three Ints, an optional Int, two `[String]`, a String with the coding
/// key `device_id`, and a String that needs escaping (spaces, `&`, `+`, non-ASCII).
struct Typical: Codable, Equatable {
    var totalLimit = 48
    var offset = 0
    var pageLimit = 6
    var age: Int? = 30
    var type = ["day", "month", "year"]
    var field = ["image", "text"]
    var deviceID = "aaaaaaaaaaaaaa"
    var keyword = "swift & co + café"

    enum CodingKeys: String, CodingKey {
        case totalLimit, offset, pageLimit, age, type, field
        case deviceID = "device_id"
        case keyword
    }
}

/// The typical query with per-field styles (`QueryFieldStyling`): `type` as repeated keys, `field` pipe-delimited,
/// the other fields as the coder's strategies say. The cost of a type that declares styles.
struct TypicalStyled: Codable, Equatable, QueryFieldStyling {
    var totalLimit = 48
    var offset = 0
    var pageLimit = 6
    var age: Int? = 30
    var type = ["day", "month", "year"]
    var field = ["image", "text"]
    var deviceID = "aaaaaaaaaaaaaa"
    var keyword = "swift & co + café"

    enum CodingKeys: String, CodingKey {
        case totalLimit, offset, pageLimit, age, type, field
        case deviceID = "device_id"
        case keyword
    }

    static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
        switch key.stringValue {
        case "type": QueryFieldStyle(array: .repeatedKeys)
        case "field": QueryFieldStyle(array: .pipeDelimited)
        default: nil
        }
    }
}

/// One `[Int]` field of a given length, for the growth of array encoding.
struct IntArray: Encodable {
    let values: [Int]

    init(count: Int) { values = Array(0..<count) }
}

/// Structs nested four levels deep (`filter.range.unit.name`), a few fields at each level.
struct Nested: Encodable {
    var id = 7
    var filter = Filter()

    struct Filter: Encodable {
        var minimum = 1
        var maximum = 10
        var range = Range()
    }

    struct Range: Encodable {
        var from = 0
        var to = 100
        var unit = Unit()
    }

    struct Unit: Encodable {
        var name = "km"
        var scale = 1000
    }
}

// The ranking request of issue 4 is SampleAPI's `TestRankingRequest`, the one the Demo prints and the tests
// assert.

// MARK: Profiling-only values (not in the table)

/// Eight flat Ints: the encoder's per-field overhead without escaping or arrays.
struct Ints8: Encodable {
    var a = 1
    var b = 2
    var c = 3
    var d = 4
    var e = 5
    var f = 6
    var g = 7
    var h = 8
}

/// No fields at all: the fixed cost of one call.
struct NoFields: Encodable {}

// MARK: Hostile queries for the decoder's linearity check

/// What the decoder reads hostile queries into: a value and a list.
struct HostileTarget: Decodable {
    var q: String?
    var tags: [String]?
}

/// A shape of hostile query, built at any size, and what decoding it must do: the `decode.hostile.*`
/// workloads check that a megabyte costs no more per byte than a quarter of one.
struct HostileShape {
    /// What decoding a query of this shape must give.
    enum Outcome {
        case decodes
        case limit(QueryDecodingLimitError.Limit)
        case dataCorrupted
    }

    let name: String
    var arrays: QueryArrayStyle = .commaSeparated
    /// Written before and after the repeated unit.
    var head = ""
    let unit: String
    var tail = ""
    /// Fills, right after the head, what whole units cannot (where it keeps every name well formed).
    var pad = "a"
    let outcome: Outcome

    static let all = [
        HostileShape(name: "value", head: "q=", unit: "%41+", outcome: .decodes),
        HostileShape(name: "ampersands", unit: "&", tail: "q=x", pad: "&", outcome: .decodes),
        HostileShape(name: "soup", arrays: .brackets, head: "tags", unit: "[[]", tail: "=1", outcome: .decodes),
        HostileShape(name: "commas", head: "tags=", unit: ",", outcome: .limit(.arrayLength)),
        HostileShape(name: "percent", head: "q=", unit: "%", outcome: .dataCorrupted),
        HostileShape(
            name: "brackets", arrays: .indexedBrackets, head: "a", unit: "[a]", tail: "=1", outcome: .limit(.depth)),
        HostileShape(
            name: "params", arrays: .repeatedKeys, unit: "tags=1&", pad: "&", outcome: .limit(.parameterCount)),
    ]

    /// The query, exactly `length` UTF-8 bytes long.
    func query(length: Int) -> String {
        let room = length - head.utf8.count - tail.utf8.count
        let units = room / unit.utf8.count
        let padding = String(repeating: pad, count: room - units * unit.utf8.count)
        return head + padding + String(repeating: unit, count: units) + tail
    }

    /// A decoder with the shape's array strategy (bracket arrays nest with brackets).
    var decoder: QueryDecoder {
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = arrays
        decoder.nestedKeyDecodingStrategy = arrays == .brackets || arrays == .indexedBrackets ? .brackets : .dots
        return decoder
    }
}

/// A value made the first time it is read.
final class Lazy<Value> {
    private var made: Value?
    private let make: () -> Value

    init(_ make: @escaping () -> Value) { self.make = make }

    var value: Value {
        if let made { return made }
        let value = make()
        made = value
        return value
    }
}
