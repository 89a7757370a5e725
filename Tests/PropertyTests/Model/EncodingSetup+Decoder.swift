import Foundation
import QueryCoding

extension EncodingSetup {
    /// A decoder whose strategies mirror the encoder's: same array, nesting, nil, bool, date, key and
    /// data strategies, the closure-based ones read back by the inverses in ``Fixtures``. (The space
    /// strategy and `sortedKeys` have no decoding side: `+` always reads as a space, order is free.)
    var decoder: QueryDecoder {
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy =
            switch array {
            case .commaSeparated: .commaSeparated
            case .pipeDelimited: .pipeDelimited
            case .spaceDelimited: .spaceDelimited
            case .delimited(let separator): .delimited(by: separator)
            case .repeatedKeys: .repeatedKeys
            case .brackets: .brackets
            case .indexedBrackets: .indexedBrackets
            }
        decoder.nestedKeyDecodingStrategy =
            switch nesting {
            case .dots: .dots
            case .brackets: .brackets
            case .unexploded: .unexploded
            }
        decoder.nilDecodingStrategy =
            switch nils {
            case .omit: .omit
            case .emptyValue: .emptyValue
            case .null: .null
            }
        decoder.boolDecodingStrategy = bools == .literal ? .literal : .numeric
        switch dates {
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .formatted: decoder.dateDecodingStrategy = .formatted(Fixtures.makeDateFormatter())
        case .custom: decoder.dateDecodingStrategy = .custom(Fixtures.customDate)
        }
        switch keys {
        case .useDefaultKeys: decoder.keyDecodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .convertToKebabCase: decoder.keyDecodingStrategy = .convertFromKebabCase
        case .custom:
            decoder.keyDecodingStrategy = .custom { path in
                AnyKey(Fixtures.codingKey(forCustomName: path.last?.stringValue ?? ""))
            }
        }
        switch data {
        case .base64: decoder.dataDecodingStrategy = .base64
        case .base64URL: decoder.dataDecodingStrategy = .base64URL
        case .custom: decoder.dataDecodingStrategy = .custom(Fixtures.customData)
        }
        return decoder
    }
}

extension Fixtures {
    /// The error of the decoding closures when the text is not what their encoding closure writes.
    struct UnreadableText: Error {
        let text: String
    }

    /// The inverse of ``customDateText(_:)``: `@` and whole seconds since 1970.
    @Sendable static func customDate(_ text: String) throws -> Date {
        guard text.hasPrefix("@"), let seconds = Int64(text.dropFirst()) else { throw UnreadableText(text: text) }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The inverse of ``customDataText(_:)``: lowercase hexadecimal.
    @Sendable static func customData(_ text: String) throws -> Data {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { throw UnreadableText(text: text) }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = lowercaseHexValue(digits[index]), let low = lowercaseHexValue(digits[index + 1]) else {
                throw UnreadableText(text: text)
            }
            bytes.append(high << 4 | low)
        }
        return Data(bytes)
    }

    private static func lowercaseHexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The inverse of ``customKey(_:)`` (uppercasing), which cannot be computed from the name alone:
    /// the coding key of the realistic types that uppercases to `name`, or `name` itself.
    static func codingKey(forCustomName name: String) -> String {
        codingKeysByCustomName[name] ?? name
    }

    private static let codingKeysByCustomName: [String: String] = {
        let keys = RealisticCase.types.flatMap { $0.codingKeyNames }
        return Dictionary(keys.map { (customKey($0), $0) }, uniquingKeysWith: { first, _ in first })
    }()
}
