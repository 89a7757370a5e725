import Foundation
import QueryCoding

// The strategy combinations the round-trip suites run over: each case names an encoder strategy and the
// decoder strategy that mirrors it (for arrays, one style both coders take).

enum ArrayCase: String, CaseIterable, Sendable {
    case commaSeparated, repeatedKeys, brackets, indexedBrackets

    /// The style, which both coders take.
    var style: QueryArrayStyle {
        switch self {
        case .commaSeparated: .commaSeparated
        case .repeatedKeys: .repeatedKeys
        case .brackets: .brackets
        case .indexedBrackets: .indexedBrackets
        }
    }
}

enum NestingCase: String, CaseIterable, Sendable {
    case dots, brackets

    var encoding: QueryEncoder.NestedKeyEncodingStrategy { self == .dots ? .dots : .brackets }
    var decoding: QueryDecoder.NestedKeyDecodingStrategy { self == .dots ? .dots : .brackets }
}

enum NilCase: String, CaseIterable, Sendable {
    case omit, emptyValue, null

    var encoding: QueryEncoder.NilEncodingStrategy {
        switch self {
        case .omit: .omit
        case .emptyValue: .emptyValue
        case .null: .null
        }
    }

    var decoding: QueryDecoder.NilDecodingStrategy {
        switch self {
        case .omit: .omit
        case .emptyValue: .emptyValue
        case .null: .null
        }
    }
}

enum BoolCase: String, CaseIterable, Sendable {
    case literal, numeric

    var encoding: QueryEncoder.BoolEncodingStrategy { self == .literal ? .literal : .numeric }
    var decoding: QueryDecoder.BoolDecodingStrategy { self == .literal ? .literal : .numeric }
}

enum DateCase: String, CaseIterable, Sendable {
    case iso8601, secondsSince1970, millisecondsSince1970, formatted, custom

    /// The built-in strategies, which every combination runs.
    static let builtIn: [DateCase] = [.iso8601, .secondsSince1970, .millisecondsSince1970]

    var encoding: QueryEncoder.DateEncodingStrategy {
        switch self {
        case .iso8601: .iso8601
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .formatted: .formatted(posixFormatter("yyyy-MM-dd'T'HH:mm:ss.SSS"))
        case .custom: .custom { date in "@" + String(date.timeIntervalSince1970) }
        }
    }

    var decoding: QueryDecoder.DateDecodingStrategy {
        switch self {
        case .iso8601: .iso8601
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .formatted: .formatted(posixFormatter("yyyy-MM-dd'T'HH:mm:ss.SSS"))
        case .custom:
            .custom { text in
                guard text.first == "@", let seconds = Double(text.dropFirst()) else { throw Boom(reason: text) }
                return Date(timeIntervalSince1970: seconds)
            }
        }
    }

    /// Dates this strategy carries exactly: whole seconds for ISO 8601, quarter seconds for the numeric
    /// strategies (exact in binary floating point), milliseconds for the formatter.
    var exactDates: [Date] {
        switch self {
        case .iso8601:
            [1_509_466_556, -2, 0, 253_402_300_799, -62_167_219_200].map(Date.init(timeIntervalSince1970:))
        case .secondsSince1970, .millisecondsSince1970, .custom:
            [1_509_466_556.25, -1.5, 0, 1.0 / 1024].map(Date.init(timeIntervalSince1970:))
        case .formatted:
            [1_509_466_556.5, -1.5, 0].map(Date.init(timeIntervalSince1970:))
        }
    }
}

enum DataCase: String, CaseIterable, Sendable {
    case base64, base64URL, custom

    static let builtIn: [DataCase] = [.base64, .base64URL]

    var encoding: QueryEncoder.DataEncodingStrategy {
        switch self {
        case .base64: .base64
        case .base64URL: .base64URL
        case .custom: .custom { data in data.map { String($0) }.joined(separator: ".") }
        }
    }

    var decoding: QueryDecoder.DataDecodingStrategy {
        switch self {
        case .base64: .base64
        case .base64URL: .base64URL
        case .custom:
            .custom { text in
                guard !text.isEmpty else { return Data() }
                let bytes = text.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
                guard bytes.allSatisfy({ $0 != nil }) else { throw Boom(reason: text) }
                return Data(bytes.compactMap { $0 })
            }
        }
    }
}

enum KeyCase: String, CaseIterable, Sendable {
    case useDefaultKeys, snakeCase, kebabCase, custom

    static let builtIn: [KeyCase] = [.useDefaultKeys, .snakeCase, .kebabCase]

    var encoding: QueryEncoder.KeyEncodingStrategy {
        switch self {
        case .useDefaultKeys: .useDefaultKeys
        case .snakeCase: .convertToSnakeCase
        case .kebabCase: .convertToKebabCase
        case .custom: .custom { path in AnyKey("x_" + path[path.count - 1].stringValue) }
        }
    }

    var decoding: QueryDecoder.KeyDecodingStrategy {
        switch self {
        case .useDefaultKeys: .useDefaultKeys
        case .snakeCase: .convertFromSnakeCase
        case .kebabCase: .convertFromKebabCase
        case .custom: .custom { path in AnyKey(String(path[path.count - 1].stringValue.dropFirst(2))) }
        }
    }
}

enum SpaceCase: String, CaseIterable, Sendable {
    case percentEscaped, plus

    var encoding: QueryEncoder.SpaceEncodingStrategy { self == .plus ? .plus : .percentEscaped }
}

enum SortCase: String, CaseIterable, Sendable {
    case written, sortedKeys

    var formatting: QueryEncoder.OutputFormatting { self == .sortedKeys ? .sortedKeys : [] }
}

/// Every strategy but the array and nesting ones, which the suites take as their parameters.
struct OtherStrategies: CustomStringConvertible, Sendable {
    var nils: NilCase = .omit
    var bools: BoolCase = .literal
    var dates: DateCase = .iso8601
    var data: DataCase = .base64
    var keys: KeyCase = .useDefaultKeys
    var spaces: SpaceCase = .percentEscaped
    var sorting: SortCase = .written

    /// The full product of the built-in strategies: 3 × 2 × 3 × 2 × 3 × 2 × 2 = 432.
    static let all: [OtherStrategies] = {
        var all: [OtherStrategies] = []
        for nils in NilCase.allCases {
            for bools in BoolCase.allCases {
                for dates in DateCase.builtIn {
                    for data in DataCase.builtIn {
                        for keys in KeyCase.builtIn {
                            for spaces in SpaceCase.allCases {
                                for sorting in SortCase.allCases {
                                    all.append(
                                        OtherStrategies(
                                            nils: nils, bools: bools, dates: dates, data: data, keys: keys,
                                            spaces: spaces, sorting: sorting))
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    var description: String {
        [
            nils.rawValue, bools.rawValue, dates.rawValue, data.rawValue, keys.rawValue, spaces.rawValue,
            sorting.rawValue,
        ]
        .joined(separator: ", ")
    }
}

/// A mirrored encoder and decoder.
struct Coders {
    let encoder: QueryEncoder
    let decoder: QueryDecoder

    init(arrays: ArrayCase = .commaSeparated, nesting: NestingCase = .dots, _ others: OtherStrategies = .init()) {
        var encoder = QueryEncoder()
        encoder.arrayEncodingStrategy = arrays.style
        encoder.nestedKeyEncodingStrategy = nesting.encoding
        encoder.nilEncodingStrategy = others.nils.encoding
        encoder.boolEncodingStrategy = others.bools.encoding
        encoder.dateEncodingStrategy = others.dates.encoding
        encoder.dataEncodingStrategy = others.data.encoding
        encoder.keyEncodingStrategy = others.keys.encoding
        encoder.spaceEncodingStrategy = others.spaces.encoding
        encoder.outputFormatting = others.sorting.formatting
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = arrays.style
        decoder.nestedKeyDecodingStrategy = nesting.decoding
        decoder.nilDecodingStrategy = others.nils.decoding
        decoder.boolDecodingStrategy = others.bools.decoding
        decoder.dateDecodingStrategy = others.dates.decoding
        decoder.dataDecodingStrategy = others.data.decoding
        decoder.keyDecodingStrategy = others.keys.decoding
        self.encoder = encoder
        self.decoder = decoder
    }
}
