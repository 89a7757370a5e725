import Foundation
import PropertyHarness
import QueryCoding

/// A combination of the encoder's strategies, as plain values the generators can draw and the
/// reference flattener can read.
///
/// The closure-based strategies (`.formatted`, `.custom`) use the shared ``Fixtures``, so that the
/// reference applies exactly the same formatter or closure.
struct EncodingSetup: Sendable {
    var array: QueryArrayStyle = .commaSeparated
    var nesting: QueryEncoder.NestedKeyEncodingStrategy = .dots
    var nils: QueryEncoder.NilEncodingStrategy = .omit
    var spaces: QueryEncoder.SpaceEncodingStrategy = .percentEscaped
    var sortedKeys = false
    var dates: DateChoice = .iso8601
    var bools: QueryEncoder.BoolEncodingStrategy = .literal
    var keys: KeyChoice = .useDefaultKeys
    var data: DataChoice = .base64

    /// The date strategies.
    enum DateChoice: CaseIterable {
        case iso8601, secondsSince1970, millisecondsSince1970, formatted, custom
    }

    /// The key strategies.
    enum KeyChoice: CaseIterable {
        case useDefaultKeys, convertToSnakeCase, convertToKebabCase, custom
    }

    /// The data strategies.
    enum DataChoice: CaseIterable {
        case base64, base64URL, custom
    }

    /// An encoder configured with these strategies.
    var encoder: QueryEncoder {
        var encoder = QueryEncoder()
        encoder.arrayEncodingStrategy = array
        encoder.nestedKeyEncodingStrategy = nesting
        encoder.nilEncodingStrategy = nils
        encoder.spaceEncodingStrategy = spaces
        encoder.outputFormatting = sortedKeys ? .sortedKeys : []
        encoder.boolEncodingStrategy = bools
        switch dates {
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .formatted: encoder.dateEncodingStrategy = .formatted(Fixtures.makeDateFormatter())
        case .custom: encoder.dateEncodingStrategy = .custom(Fixtures.customDateText)
        }
        switch keys {
        case .useDefaultKeys: encoder.keyEncodingStrategy = .useDefaultKeys
        case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .convertToKebabCase: encoder.keyEncodingStrategy = .convertToKebabCase
        case .custom:
            encoder.keyEncodingStrategy = .custom { path in AnyKey(Fixtures.customKey(path.last!.stringValue)) }
        }
        switch data {
        case .base64: encoder.dataEncodingStrategy = .base64
        case .base64URL: encoder.dataEncodingStrategy = .base64URL
        case .custom: encoder.dataEncodingStrategy = .custom(Fixtures.customDataText)
        }
        return encoder
    }

    /// Every combination of the strategies that shape the query (arrays, nesting, nil, spaces, sorting):
    /// 96 of them. The properties cycle through all of them in every run; the strategies that only
    /// change a scalar's text (dates, bools, keys, data) are drawn at random on top.
    static let structuralCombinations: [EncodingSetup] = {
        var combinations: [EncodingSetup] = []
        for array in [QueryArrayStyle.commaSeparated, .repeatedKeys, .brackets, .indexedBrackets] {
            for nesting in [QueryEncoder.NestedKeyEncodingStrategy.dots, .brackets] {
                for nils in [QueryEncoder.NilEncodingStrategy.omit, .emptyValue, .null] {
                    for spaces in [QueryEncoder.SpaceEncodingStrategy.percentEscaped, .plus] {
                        for sortedKeys in [false, true] {
                            combinations.append(
                                EncodingSetup(
                                    array: array, nesting: nesting, nils: nils, spaces: spaces, sortedKeys: sortedKeys))
                        }
                    }
                }
            }
        }
        return combinations
    }()

    /// The labels of the strategies, for coverage tables.
    var labels: [String] {
        [
            "array .\(array)", "nesting .\(nesting)", "nil .\(nils)", "spaces .\(spaces)",
            "sortedKeys \(sortedKeys)", "dates .\(dates)", "bools .\(bools)", "keys .\(keys)", "data .\(data)",
        ]
    }
}

extension EncodingSetup: SwiftSourceConvertible {
    /// `EncodingSetup(...)` with the strategies that differ from the defaults.
    var swiftSource: String {
        let defaults = EncodingSetup()
        var arguments: [String] = []
        if array != defaults.array { arguments.append("array: .\(array)") }
        if nesting != defaults.nesting { arguments.append("nesting: .\(nesting)") }
        if nils != defaults.nils { arguments.append("nils: .\(nils)") }
        if spaces != defaults.spaces { arguments.append("spaces: .\(spaces)") }
        if sortedKeys { arguments.append("sortedKeys: true") }
        if dates != defaults.dates { arguments.append("dates: .\(dates)") }
        if bools != defaults.bools { arguments.append("bools: .\(bools)") }
        if keys != defaults.keys { arguments.append("keys: .\(keys)") }
        if data != defaults.data { arguments.append("data: .\(data)") }
        return "EncodingSetup(\(arguments.joined(separator: ", ")))"
    }
}

/// The formatter and closures of the `.formatted` and `.custom` strategies, shared by the encoder
/// under test and the reference.
enum Fixtures {
    /// A new `yyyy-MM-dd HH:mm` UTC formatter (its text holds a space and a colon, both escaped).
    /// One per encoder, because tests run in parallel.
    static func makeDateFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }

    /// The error of ``customDateText(_:)``.
    struct DateOutsideItsRange: Error {}

    /// `@` and the whole seconds since 1970; throws for dates outside 1900–2999, to check that the error of
    /// a custom strategy ends the encoding.
    @Sendable static func customDateText(_ date: Date) throws -> String {
        guard !customDateTextRejects(date) else { throw DateOutsideItsRange() }
        return "@" + String(Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Whether ``customDateText(_:)`` throws for `date`.
    static func customDateTextRejects(_ date: Date) -> Bool {
        !(-2_208_988_800..<32_503_680_000).contains(date.timeIntervalSince1970)
    }

    /// The custom key strategy: the key uppercased (`deviceID` → `DEVICEID`, `ß` → `SS`).
    static func customKey(_ key: String) -> String {
        key.uppercased()
    }

    /// The custom data strategy: lowercase hexadecimal.
    @Sendable static func customDataText(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in data {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
