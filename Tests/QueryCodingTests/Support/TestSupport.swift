import Foundation
import QueryCoding
import Testing

// Helpers shared by the QueryCoding suites: configured encoders and decoders, coding paths as text,
// and the error contexts the suites assert on.

/// A coding key made from any text or index, for hand-written `encode(to:)` / `init(from:)`.
struct AnyKey: CodingKey, ExpressibleByStringLiteral, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(stringLiteral value: String) { self.init(value) }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Writes the given names and values in order, for tests about keys that no property could be named.
struct Pairs: Encodable {
    let pairs: KeyValuePairs<String, String>

    init(_ pairs: KeyValuePairs<String, String>) { self.pairs = pairs }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        for (name, value) in pairs {
            try container.encode(value, forKey: AnyKey(name))
        }
    }
}

/// An error a custom strategy closure throws, which must reach the caller unchanged.
struct Boom: Error, Equatable {
    let reason: String
}

extension QueryEncoder {
    /// An encoder configured in place: `QueryEncoder.with { $0.arrayEncodingStrategy = .brackets }`.
    static func with(_ configure: (inout QueryEncoder) -> Void) -> QueryEncoder {
        var encoder = QueryEncoder()
        configure(&encoder)
        return encoder
    }
}

extension QueryDecoder {
    /// A decoder configured in place: `QueryDecoder.with { $0.arrayDecodingStrategy = .brackets }`.
    static func with(_ configure: (inout QueryDecoder) -> Void) -> QueryDecoder {
        var decoder = QueryDecoder()
        configure(&decoder)
        return decoder
    }
}

/// A coding path as text: string keys as they are, index keys as `[n]` (only when they have an
/// `intValue`, so a path that loses it fails).
func pathText(_ path: [any CodingKey]) -> [String] {
    path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
}

/// Items as `(name, value)` pairs, which compare with `==` and print readably.
func pairs(_ items: [URLQueryItem]) -> [Pair] {
    items.map { Pair($0.name, $0.value) }
}

/// One query item, comparable by the exact UTF-8 bytes of its name and value.
struct Pair: Equatable, CustomStringConvertible {
    let name: String
    let value: String?

    init(_ name: String, _ value: String?) {
        self.name = name
        self.value = value
    }

    static func == (left: Pair, right: Pair) -> Bool {
        Array(left.name.utf8) == Array(right.name.utf8)
            && left.value.map { Array($0.utf8) }
                == right.value.map { Array($0.utf8) }
    }

    var description: String { "\(name)=\(value ?? "<nil>")" }
}

extension EncodingError {
    /// The context of the error, whatever its case.
    var context: Context {
        switch self {
        case .invalidValue(_, let context): context
        @unknown default: Context(codingPath: [], debugDescription: "unknown EncodingError")
        }
    }

    var path: [String] { pathText(context.codingPath) }
    var message: String { context.debugDescription }
}

extension DecodingError {
    /// The context of the error, whatever its case.
    var context: Context {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            context
        @unknown default: Context(codingPath: [], debugDescription: "unknown DecodingError")
        }
    }

    var path: [String] { pathText(context.codingPath) }
    var message: String { context.debugDescription }

    /// The case, as a word: `typeMismatch`, `valueNotFound`, `keyNotFound` or `dataCorrupted`.
    var kind: String {
        switch self {
        case .typeMismatch: "typeMismatch"
        case .valueNotFound: "valueNotFound"
        case .keyNotFound: "keyNotFound"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "unknown"
        }
    }

    /// The key that was not found, for `keyNotFound`.
    var missingKey: String? {
        if case .keyNotFound(let key, _) = self { return key.stringValue }
        return nil
    }
}

/// A UTC date from its calendar fields, computed without Foundation's calendar so that expected values
/// do not depend on the code under test (days from the civil-date algorithm of H. Hinnant).
func utcDate(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    fraction: Double = 0
) -> Date {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
}

/// A formatter with a fixed locale and time zone, as `.formatted` strategies need.
func posixFormatter(_ format: String) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = format
    return formatter
}
