import Foundation

extension QueryDecoder {
    /// How nested keys are read; the mirror of ``QueryEncoder/NestedKeyEncodingStrategy``.
    public enum NestedKeyDecodingStrategy: Sendable, Hashable {
        /// `parent.child`.
        case dots
        /// `parent[child]`.
        case brackets
        /// A struct or dictionary as one parameter whose keys and values alternate (`color=R,100,G,200`),
        /// split at the array strategy's separator when that is a delimited one, otherwise at commas;
        /// an odd number of parts throws.
        case unexploded
    }

    /// How `Date` values are read; the mirror of ``QueryEncoder/DateEncodingStrategy``.
    public enum DateDecodingStrategy: Sendable {
        /// RFC 3339: `2017-10-31T16:15:56Z`, with an optional fraction of a second and `Z`, `±HH:MM` or
        /// `±HHMM`.
        case iso8601
        /// Seconds since 1970-01-01 UTC, as a decimal number.
        case secondsSince1970
        /// Milliseconds since 1970-01-01 UTC, as a decimal number.
        case millisecondsSince1970
        /// Text the given formatter reads.
        ///
        /// On Linux and Windows, text with a character made of several Unicode scalars (`e` + U+0301) throws
        /// without reaching the formatter: swift-corelibs-foundation's `DateFormatter` can trap on it. Use
        /// ``custom(_:)`` for dates that can contain such characters.
        case formatted(DateFormatter)
        /// Your closure reads the text; an error it throws ends the decoding.
        case custom(@Sendable (String) throws -> Date)
    }

    /// How `Bool` values are read; the mirror of ``QueryEncoder/BoolEncodingStrategy``.
    public enum BoolDecodingStrategy: Sendable, Hashable {
        /// `true` / `false`.
        case literal
        /// `1` / `0`.
        case numeric
    }

    /// Which values read as `nil`; the mirror of ``QueryEncoder/NilEncodingStrategy``. An absent
    /// parameter is `nil` for an optional with every strategy.
    public enum NilDecodingStrategy: Sendable, Hashable {
        /// Only an absent parameter is `nil`; `k=` is an empty value.
        case omit
        /// `k=` is `nil` too.
        case emptyValue
        /// `k=null` is `nil` too.
        case null
    }

    /// How parameter names are matched to coding keys; the mirror of
    /// ``QueryEncoder/KeyEncodingStrategy``. Dictionary keys are data and are never converted.
    public enum KeyDecodingStrategy: Sendable {
        /// A coding key matches the parameter named by its `stringValue`.
        case useDefaultKeys
        /// A coding key matches the parameter named by its snake_case form, converted exactly as
        /// ``QueryEncoder/KeyEncodingStrategy/convertToSnakeCase`` does (so `deviceID` matches
        /// `device_id`, and `myURL` matches `my_url`).
        case convertFromSnakeCase
        /// As ``convertFromSnakeCase``, with kebab-case (`device-id`).
        case convertFromKebabCase
        /// Your closure converts each parameter name; it receives the coding path whose last element is
        /// the parameter's key, as with `JSONDecoder`.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Data` values are read; the mirror of ``QueryEncoder/DataEncodingStrategy``.
    public enum DataDecodingStrategy: Sendable {
        /// Base64 with padding, as `Data(base64Encoded:)` reads it.
        case base64
        /// Base64url (RFC 4648 §5), with or without padding.
        case base64URL
        /// Your closure reads the text; an error it throws ends the decoding.
        case custom(@Sendable (String) throws -> Data)
    }

    /// Limits on untrusted input. Input beyond a limit throws ``QueryDecodingLimitError``; nothing is
    /// ever truncated silently.
    ///
    /// | Limit | Default | For comparison |
    /// |-------|---------|----------------|
    /// | ``maximumInputLength`` | 1 MiB | Rack: 4 MiB |
    /// | ``maximumParameterCount`` | 1,000 | qs: 1,000; PHP `max_input_vars`: 1,000; Rack: 4,096 |
    /// | ``maximumDepth`` | 16 | qs: 5; Rack: 32; PHP: 64 |
    /// | ``maximumArrayLength`` | 1,000 | qs: 20 indices |
    public struct Limits: Sendable, Hashable {
        /// The most UTF-8 bytes a query may have (for items: all names and values together).
        public var maximumInputLength: Int
        /// The most parameters (`name=value` pairs) a query may have.
        public var maximumParameterCount: Int
        /// The most levels a parameter name may nest below its top-level key (`a[b][c]` and `a.b.c`
        /// nest 2 levels).
        public var maximumDepth: Int
        /// The most elements one array may have.
        public var maximumArrayLength: Int

        /// Creates limits; every parameter has the default value.
        public init(
            maximumInputLength: Int = 1 << 20,
            maximumParameterCount: Int = 1000,
            maximumDepth: Int = 16,
            maximumArrayLength: Int = 1000
        ) {
            self.maximumInputLength = maximumInputLength
            self.maximumParameterCount = maximumParameterCount
            self.maximumDepth = maximumDepth
            self.maximumArrayLength = maximumArrayLength
        }

        /// The defaults.
        public static let `default` = Limits()
    }
}
