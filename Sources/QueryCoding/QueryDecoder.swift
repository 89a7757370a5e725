import Foundation

/// Reads query strings and query items back into `Decodable` values: the mirror of ``QueryEncoder``.
///
/// ```swift
/// struct Search: Decodable {
///     let term: String
///     let tags: [String]
///     let page: Int?
/// }
///
/// let search = try QueryDecoder().decode(Search.self, from: "term=a%26b%20c&tags=x,y")
/// // Search(term: "a&b c", tags: ["x", "y"], page: nil)
/// ```
///
/// It is written for untrusted input: every ``Limits`` value is enforced with a typed
/// ``QueryDecodingLimitError``, malformed text throws a `DecodingError` that names the parameter, a
/// parameter given twice where one value is expected throws (parameter pollution is an attack, not a
/// preference), and unknown parameters are ignored. `__proto__`, `constructor` and `length` are ordinary
/// names.
///
/// For every strategy combination, `decode(T.self, from: encoder.encodeToString(value)) == value` when
/// the decoder's strategies mirror the encoder's, except for the combinations that are lossy by nature
/// (see the QueryEncoding guide).
public struct QueryDecoder: Sendable {
    private var options = DecodingOptions()

    /// Creates a decoder with the default strategies and limits.
    public init() {}

    /// A decoder with these options, for the configuration a `Decoder` reports.
    init(options: DecodingOptions) {
        self.options = options
    }

    /// How arrays are read. Default: ``QueryArrayStyle/commaSeparated``.
    public var arrayDecodingStrategy: QueryArrayStyle {
        get { options.arrayDecoding }
        set { options.arrayDecoding = newValue }
    }

    /// How nested keys are read. Default: ``NestedKeyDecodingStrategy/dots``.
    public var nestedKeyDecodingStrategy: NestedKeyDecodingStrategy {
        get { options.nestedKeyDecoding }
        set { options.nestedKeyDecoding = newValue }
    }

    /// How dates are read. Default: ``DateDecodingStrategy/iso8601``.
    public var dateDecodingStrategy: DateDecodingStrategy {
        get { options.dateDecoding }
        set { options.dateDecoding = newValue }
    }

    /// How booleans are read. Default: ``BoolDecodingStrategy/literal``.
    public var boolDecodingStrategy: BoolDecodingStrategy {
        get { options.boolDecoding }
        set { options.boolDecoding = newValue }
    }

    /// Which values read as `nil`. Default: ``NilDecodingStrategy/omit``.
    public var nilDecodingStrategy: NilDecodingStrategy {
        get { options.nilDecoding }
        set { options.nilDecoding = newValue }
    }

    /// How parameter names are matched to coding keys. Default: ``KeyDecodingStrategy/useDefaultKeys``.
    public var keyDecodingStrategy: KeyDecodingStrategy {
        get { options.keyDecoding }
        set { options.keyDecoding = newValue }
    }

    /// How `Data` values are read. Default: ``DataDecodingStrategy/base64``.
    public var dataDecodingStrategy: DataDecodingStrategy {
        get { options.dataDecoding }
        set { options.dataDecoding = newValue }
    }

    /// Limits on the input. Default: ``Limits/default``.
    public var limits: Limits {
        get { options.limits }
        set { options.limits = newValue }
    }

    /// Values your `init(from:)` implementations can read through `decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.userInfo }
        set { options.userInfo = newValue }
    }

    /// Decodes a percent-encoded query (`a=1&b=x%2By`, with or without a leading `?`). `+` reads as a
    /// space, as in HTML forms; a literal plus is `%2B`. Pairs are separated by `&` only.
    ///
    /// - Throws: `DecodingError` carrying the coding path and naming the parameter, or
    ///   ``QueryDecodingLimitError``.
    public func decode<T: Decodable>(_ type: T.Type, from query: String) throws -> T {
        if case .delimited = options.arrayDecoding, let problem = options.problem { throw problem }
        return try ParsedQuery(query: query, options: options).decodeRoot(type)
    }

    /// Decodes query items whose names and values are not percent-encoded (as `URLComponents.queryItems`
    /// returns them). An item without a value reads as an empty value.
    ///
    /// - Throws: `DecodingError` carrying the coding path and naming the parameter, or
    ///   ``QueryDecodingLimitError``.
    public func decode<T: Decodable>(_ type: T.Type, from items: [URLQueryItem]) throws -> T {
        if case .delimited = options.arrayDecoding, let problem = options.problem { throw problem }
        return try ParsedQuery(items: items, options: options).decodeRoot(type)
    }
}
