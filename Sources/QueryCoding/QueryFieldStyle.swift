import Foundation

/// The query style of one field: any of its array, nesting and date styles, each overriding the coder's
/// strategy of the same kind (`nil` keeps it). See ``QueryFieldStyling``.
///
/// A style that cannot apply is an error, never ignored: a nesting, array or date style on a field that
/// is a `String`, number or `Bool`, a nesting style on any single value, and ``NestingStyle/flattened``
/// on anything but a struct or dictionary, throw `EncodingError.invalidValue` or
/// `DecodingError.typeMismatch` with the field's coding path.
///
/// With an array or nesting style that splits names differently from the coder's strategies (say
/// `.brackets` under `.dots`), the decoder finds the field's parameters by reading their names both ways,
/// so neither the field's key nor any key below it may contain `.`, `[` or `]`: the encoder throws
/// for such a key.
public struct QueryFieldStyle: Sendable {
    /// How the keys of the field's structs and dictionaries are joined to its name.
    public enum NestingStyle: Sendable, Hashable {
        /// `filter.min=1`
        case dots
        /// `filter[min]=1`
        case brackets
        /// `filter=min,1`: see ``QueryEncoder/NestedKeyEncodingStrategy/unexploded``.
        case unexploded
        /// The field's own name is left out: its keys are written as the parent's own (`min=1` for
        /// `filter`), as OpenAPI's form style with `explode: true` writes an object. The field must be a
        /// struct or dictionary, and not `nil`; its keys must not repeat the parent's (the decoder
        /// refuses the repeated parameter).
        case flattened
    }

    /// How the dates of the field are written and read; the cases both coders share.
    public enum DateStyle: Sendable {
        /// `2017-10-31T16:15:56Z`
        case iso8601
        /// `1509466556.25`
        case secondsSince1970
        /// `1509466556250`
        case millisecondsSince1970
        /// The text of the formatter, read back by the same formatter.
        case formatted(DateFormatter)
    }

    /// The array style, or `nil` for the coder's strategy.
    public var array: QueryArrayStyle?
    /// The nesting style, or `nil` for the coder's strategy.
    public var nesting: NestingStyle?
    /// The date style, or `nil` for the coder's strategy.
    public var date: DateStyle?

    /// Creates a style; every style left `nil` follows the coder's strategy.
    public init(array: QueryArrayStyle? = nil, nesting: NestingStyle? = nil, date: DateStyle? = nil) {
        self.array = array
        self.nesting = nesting
        self.date = date
    }
}

extension QueryFieldStyle.NestingStyle {
    /// The strategy the field's keys nest by; a flattened field's keys nest as its parent's do.
    var encodingStrategy: QueryEncoder.NestedKeyEncodingStrategy {
        switch self {
        case .dots, .flattened: .dots
        case .brackets: .brackets
        case .unexploded: .unexploded
        }
    }

    var decodingStrategy: QueryDecoder.NestedKeyDecodingStrategy? {
        switch self {
        case .dots: .dots
        case .brackets: .brackets
        case .unexploded: .unexploded
        case .flattened: nil
        }
    }
}

extension QueryFieldStyle.DateStyle {
    var encodingStrategy: QueryEncoder.DateEncodingStrategy {
        switch self {
        case .iso8601: .iso8601
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .formatted(let formatter): .formatted(formatter)
        }
    }

    var decodingStrategy: QueryDecoder.DateDecodingStrategy {
        switch self {
        case .iso8601: .iso8601
        case .secondsSince1970: .secondsSince1970
        case .millisecondsSince1970: .millisecondsSince1970
        case .formatted(let formatter): .formatted(formatter)
        }
    }
}
