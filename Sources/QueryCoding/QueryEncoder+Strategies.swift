import Foundation

extension QueryEncoder {
    /// How the keys of nested structs and dictionaries are joined to their parent's name, at any depth.
    ///
    /// | Strategy | `filter: Filter(min: 1)` |
    /// |----------|-------------------------|
    /// | ``dots`` | `filter.min=1` |
    /// | ``brackets`` | `filter[min]=1` (brackets written `%5B%5D`) |
    /// | ``unexploded`` | `filter=min,1` |
    public enum NestedKeyEncodingStrategy: Sendable, Hashable {
        /// `parent.child`; a key containing `.` throws.
        case dots
        /// `parent[child]`; a key containing `[` or `]` throws.
        case brackets
        /// The whole struct or dictionary in one pair, keys and values alternating
        /// (`color=R,100,G,200`): OpenAPI's form style with `explode: false` for objects.
        ///
        /// The separator is the array strategy's when that is a delimited one (``QueryArrayStyle/pipeDelimited``
        /// gives `color=R%7C100%7CG%7C200`), otherwise a comma; keys and values are escaped exactly as
        /// list elements are. Only scalars can sit inside: a struct, dictionary or array inside an
        /// unexploded object throws `EncodingError.invalidValue` with its coding path. The top-level
        /// value's fields are still pairs of their own, and an empty object writes no pair.
        case unexploded
    }

    /// How `Date` values are written. A date is never dropped: a strategy that cannot write it throws.
    ///
    /// | Strategy | 2017-10-31 16:15:56.25 UTC |
    /// |----------|------------------------------|
    /// | ``iso8601`` | `2017-10-31T16:15:56Z` |
    /// | ``secondsSince1970`` | `1509466556.25` |
    /// | ``millisecondsSince1970`` | `1509466556250` |
    public enum DateEncodingStrategy: Sendable {
        /// RFC 3339 in UTC with whole seconds (`2017-10-31T16:15:56Z`); fractions of a second are dropped,
        /// years outside 0000–9999 throw.
        case iso8601
        /// Seconds since 1970-01-01 UTC: an integer when whole, otherwise the shortest decimal text.
        case secondsSince1970
        /// Milliseconds since 1970-01-01 UTC: an integer when whole, otherwise the shortest decimal text.
        case millisecondsSince1970
        /// The text of the given formatter.
        case formatted(DateFormatter)
        /// The text your closure returns; an error it throws ends the encoding.
        case custom(@Sendable (Date) throws -> String)
    }

    /// How `Bool` values are written.
    public enum BoolEncodingStrategy: Sendable, Hashable {
        /// `true` / `false`.
        case literal
        /// `1` / `0`.
        case numeric
    }

    /// How `nil` is written, also for properties the synthesized `encode(to:)` writes with
    /// `encodeIfPresent`. A top-level `nil` always writes nothing.
    ///
    /// | Strategy | `age: nil` |
    /// |----------|-----------|
    /// | ``omit`` | *(no pair)* |
    /// | ``emptyValue`` | `age=` |
    /// | ``null`` | `age=null` |
    ///
    /// An array element cannot be omitted without moving the ones after it, so a `nil` element under
    /// ``omit`` throws.
    public enum NilEncodingStrategy: Sendable, Hashable {
        /// Write no pair.
        case omit
        /// Write the name with an empty value: `k=`.
        case emptyValue
        /// Write the name with the value `null`: `k=null`.
        case null
    }

    /// How coding keys become parameter names. Strategies transform each coding key's `stringValue`;
    /// dictionary keys are data and are written as they are.
    ///
    /// | Strategy | `deviceID` | `device_id` |
    /// |----------|-----------|-------------|
    /// | ``useDefaultKeys`` | `deviceID` | `device_id` |
    /// | ``convertToSnakeCase`` | `device_id` | `device_id` |
    /// | ``convertToKebabCase`` | `device-id` | `device_id` |
    public enum KeyEncodingStrategy: Sendable {
        /// The coding key's `stringValue`.
        case useDefaultKeys
        /// Words split at ASCII case changes (`myURLValue` → `my_url_value`), joined with `_`, lowercased;
        /// leading and trailing underscores are kept. Non-ASCII characters are left as they are.
        case convertToSnakeCase
        /// As ``convertToSnakeCase``, joined with `-` (`myURLValue` → `my-url-value`).
        case convertToKebabCase
        /// The `stringValue` of the key your closure returns. It receives the coding path, whose last
        /// element is the key to convert, as with `JSONEncoder`.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// How `Data` values are written.
    public enum DataEncodingStrategy: Sendable {
        /// Base64 with padding (`+` and `/` are then percent-escaped like any other byte).
        case base64
        /// Base64url without padding (RFC 4648 §5): only unreserved characters, so nothing is escaped.
        case base64URL
        /// The text your closure returns; an error it throws ends the encoding.
        case custom(@Sendable (Data) throws -> String)
    }

    /// How ``QueryEncoder/encodeToString(_:)`` writes a space. ``QueryEncoder/encode(_:)`` returns
    /// unescaped items and is not affected.
    public enum SpaceEncodingStrategy: Sendable, Hashable {
        /// `%20`, which every parser reads as a space.
        case percentEscaped
        /// `+`, as HTML forms do (`application/x-www-form-urlencoded`); a literal `+` is always `%2B`.
        case plus
    }

    /// Options for the shape of the output.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        /// The raw bit set.
        public let rawValue: Int

        /// Creates output options from a raw bit set.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Sort every pair by the UTF-8 bytes of its final, unescaped name (after key conversion and
        /// nesting), keeping pairs with equal names in the order they were written, so array elements
        /// written under one name never change order. Signing schemes that need a canonical query use it.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 0)
    }
}
