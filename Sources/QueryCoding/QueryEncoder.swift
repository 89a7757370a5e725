import Foundation

/// Flattens any `Encodable` value into URL query items or a percent-encoded query string.
///
/// ```swift
/// struct Search: Encodable {
///     let term: String
///     let tags: [String]
///     let page: Int?
/// }
///
/// let encoder = QueryEncoder()
/// try encoder.encodeToString(Search(term: "a&b c", tags: ["x", "y"], page: nil))
/// // "term=a%26b%20c&tags=x,y"
/// ```
///
/// One instance serves any number of `encode` calls, from any task: each call has its own state, so
/// nothing is carried from one call to the next. (To save allocating it, each thread keeps the emptied
/// working buffers of its last call, about 20 KB at most, and never the values or options it encoded.)
///
/// `QueryEncoder` is a configuration value: it is not itself an `Encoder`, so it can be shared between tasks
/// freely. The `Encoder` your own `encode(to:)` receives lives only for one call; its `queryEncoder` property
/// gives back the configuration in force there, and its `userInfo` holds ``userInfo``.
///
/// | Rule | Behaviour |
/// |------|-----------|
/// | Escaping | Only RFC 3986 unreserved bytes (`A-Z a-z 0-9 - . _ ~`) stay raw; every other UTF-8 byte becomes `%XX`. |
/// | Order | The order in which `encode(to:)` writes (declaration order); dictionary entries sorted by key. |
/// | Arrays | Element order is kept; an empty array writes no pair. |
public struct QueryEncoder: Sendable {
    /// The configuration, shared copy-on-write so that passing the encoder around stays cheap.
    private var storage: OptionsStorage

    /// Creates an encoder with the default strategies.
    ///
    /// - Parameter userInfo: Values your `encode(to:)` implementations can read through the
    ///   `Encoder`'s `userInfo`; see ``userInfo``.
    public init(userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
        var options = EncodingOptions()
        options.userInfo = userInfo
        self.storage = OptionsStorage(options)
    }

    /// An encoder that shares `storage`, for the configuration an `Encoder` reports.
    init(storage: OptionsStorage) {
        self.storage = storage
    }

    var options: EncodingOptions { storage.options }

    private mutating func update(_ change: (inout EncodingOptions) -> Void) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = OptionsStorage(storage.options)
        }
        change(&storage.options)
    }

    // MARK: Strategies

    /// How arrays are written. Default: ``QueryArrayStyle/commaSeparated``.
    public var arrayEncodingStrategy: QueryArrayStyle {
        get { options.arrayEncoding }
        set { update { $0.arrayEncoding = newValue } }
    }

    /// How the keys of nested values are joined. Default: ``NestedKeyEncodingStrategy/dots``.
    public var nestedKeyEncodingStrategy: NestedKeyEncodingStrategy {
        get { options.nestedKeyEncoding }
        set { update { $0.nestedKeyEncoding = newValue } }
    }

    /// How `Date` values are written. Default: ``DateEncodingStrategy/iso8601``.
    public var dateEncodingStrategy: DateEncodingStrategy {
        get { options.dateEncoding }
        set { update { $0.dateEncoding = newValue } }
    }

    /// How `Bool` values are written. Default: ``BoolEncodingStrategy/literal``.
    public var boolEncodingStrategy: BoolEncodingStrategy {
        get { options.boolEncoding }
        set { update { $0.boolEncoding = newValue } }
    }

    /// How `nil` is written. Default: ``NilEncodingStrategy/omit``.
    public var nilEncodingStrategy: NilEncodingStrategy {
        get { options.nilEncoding }
        set { update { $0.nilEncoding = newValue } }
    }

    /// How coding keys are converted to parameter names. Default: ``KeyEncodingStrategy/useDefaultKeys``.
    public var keyEncodingStrategy: KeyEncodingStrategy {
        get { options.keyEncoding }
        set { update { $0.keyEncoding = newValue } }
    }

    /// How `Data` values are written. Default: ``DataEncodingStrategy/base64``.
    public var dataEncodingStrategy: DataEncodingStrategy {
        get { options.dataEncoding }
        set { update { $0.dataEncoding = newValue } }
    }

    /// How a space is written by ``encodeToString(_:)``. Default: ``SpaceEncodingStrategy/percentEscaped``.
    public var spaceEncodingStrategy: SpaceEncodingStrategy {
        get { options.spaceEncoding }
        set { update { $0.spaceEncoding = newValue } }
    }

    /// Output options, such as ``OutputFormatting/sortedKeys``. Default: none.
    public var outputFormatting: OutputFormatting {
        get { options.outputFormatting }
        set { update { $0.outputFormatting = newValue } }
    }

    /// Values your `encode(to:)` implementations can read through the `Encoder`'s `userInfo`, as with
    /// `JSONEncoder`. Default: empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.userInfo }
        set { update { $0.userInfo = newValue } }
    }

    // MARK: Encoding

    /// Encodes a value into query items whose names and values are not percent-encoded: what a server
    /// sees after decoding the query.
    ///
    /// - Throws: `EncodingError.invalidValue` with the coding path for a value that has no faithful query
    ///   form (a non-finite number, a top-level value without keys, a key that collides with the nesting
    ///   syntax, a comma inside a ``QueryArrayStyle/commaSeparated`` element, …).
    public func encode<T: Encodable>(_ value: T) throws -> [URLQueryItem] {
        try run(value, output: .items) { $0.makeItems() }
    }

    /// Encodes a value into a percent-encoded query string (`a=1&b=x%2By`), without a leading `?`, ready
    /// for a URL or an `application/x-www-form-urlencoded` body.
    ///
    /// - Throws: `EncodingError.invalidValue` with the coding path; see ``encode(_:)``.
    public func encodeToString<T: Encodable>(_ value: T) throws -> String {
        try run(value, output: .percentEncoded) { $0.makeString() }
    }

    // Out of line: an `EncodingError` local in `run` cost a metadata lookup on every call.
    @inline(never)
    private func throwInvalidSeparator() throws {
        if let problem = storage.options.problem { throw problem }
    }

    /// Encodes `value` with a writer of this thread's cache and returns what `result` makes of its output.
    @inline(__always)
    private func run<T: Encodable, Result>(
        _ value: T, output: EncodingWriter.Output, result: (EncodingWriter) -> Result
    ) throws -> Result {
        let root = EncodingWriterCache.take(options: storage, output: output)
        do {
            if root.writer.hasInvalidSeparator { try throwInvalidSeparator() }
            try root.encodeRoot(value)
            // SAFETY: `root` holds its writer in a `let` and is alive until it is given back below.
            let made = Unmanaged.passUnretained(root.writer)._withUnsafeGuaranteedRef { result($0) }
            // Consumed, not copied: the cache reuses only a writer nothing else holds.
            EncodingWriterCache.giveBack(consume root)
            return made
        } catch {
            EncodingWriterCache.giveBack(consume root)
            throw error
        }
    }
}

extension QueryEncoder {
    /// The configuration of one encoder, copied on write.
    ///
    /// `@unchecked Sendable` is sound because an instance is never written once it is shared: `options` is
    /// written only by `QueryEncoder.update`, which first replaces the storage with a private copy unless
    /// `isKnownUniquelyReferenced` proves that its own `QueryEncoder` value holds the only reference. A
    /// `QueryEncoder` value another task holds, or an `encode` call in progress (whose writer holds the
    /// storage), is a second reference, so it is never written under them. Every other access is a read,
    /// and `EncodingOptions` holds only `Sendable` values.
    final class OptionsStorage: @unchecked Sendable {
        var options: EncodingOptions
        init(_ options: EncodingOptions) { self.options = options }
    }
}
