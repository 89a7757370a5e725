import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One endpoint of an API: where it is, how it is called, what it sends and what it returns.
///
/// ```swift
/// struct UserRequest: Request {
///     typealias Response = User
///     let host: Hosts = .production
///     let path = "/users"
///     var query: Query
///
///     struct Query: Encodable {
///         let name: String
///     }
/// }
/// ```
///
/// Only ``host`` and ``path`` are required: the method defaults to GET, the query to ``EmptyQuery``
/// (no `?` at all), the response to ``EmptyResponse``, the setting to ``APISetting/default``.
///
/// ## Members are read as declared
///
/// Every member with a default has a type of its own (an associated type such as
/// ``MethodDeclaration``), so a member declared with another type than the default's is still *the*
/// member, never a lookalike that the default silently wins over. Each accepts the shapes apps
/// commonly write, and ``makeURLRequest()`` refuses any other with
/// ``RequestBuildingError/unsupportedDeclaration(_:)``, naming the member, its type
/// and what to declare instead:
///
/// | Member | Accepted types |
/// |--------|----------------|
/// | ``method`` | ``HTTPMethod``, `String`, any `RawRepresentable` with a `String` raw value |
/// | ``query`` | any `Encodable` value (encoded by ``queryEncoder``), `[URLQueryItem]`, a query `String` |
/// | ``headers`` | `[String: String]` |
/// | ``body`` | ``RequestBody``, `Data`, `String`, any `Encodable` value (sent as JSON) |
/// | ``setting``, ``queryEncoder``, ``bodyEncoder``, ``responseDecoder`` | their type |
///
/// Each may also be declared optional: `nil` means the default. The check runs once per request type.
public protocol Request: Sendable {
    /// The type the response body is decoded into; ``EmptyResponse`` when there is none.
    ///
    /// `String` reads the body as text (in the `Content-Type` charset, UTF-8 by default), `Data` as
    /// it is, ``EmptyResponse`` ignores it; any other type is decoded by the ``responseDecoder`` (the
    /// client's, by default JSON).
    associatedtype Response: Sendable = EmptyResponse
    /// The type of ``query``. Named apart from `Query` so that a nested `struct Query` can also be
    /// declared optional (`var query: Query?`, where `nil` means no query).
    associatedtype QueryParameters = EmptyQuery
    /// The hosts this request can be sent to, usually an enum of environments.
    associatedtype Host: APIHost
    /// The type of ``method`` as declared: ``HTTPMethod`` by default.
    associatedtype MethodDeclaration = HTTPMethod
    /// The type of ``headers`` as declared: `[String: String]` by default.
    associatedtype HeadersDeclaration = [String: String]
    /// The type of ``body`` as declared: `RequestBody?` by default.
    associatedtype BodyDeclaration = RequestBody?
    /// The type of ``setting`` as declared: ``APISetting`` by default.
    associatedtype SettingDeclaration = APISetting
    /// The type of ``queryEncoder`` as declared: `QueryEncoder` by default.
    associatedtype QueryEncoderDeclaration = QueryEncoder
    /// The type of ``bodyEncoder`` as declared: `JSONEncoder?` by default.
    associatedtype BodyEncoderDeclaration = JSONEncoder?
    /// The type of ``responseDecoder`` as declared: `(any ResponseDecoder)?` by default.
    associatedtype ResponseDecoderDeclaration = (any ResponseDecoder)?

    /// The HTTP method. Default: GET.
    var method: MethodDeclaration { get }
    /// The host, whose scheme, authority and base path the URL keeps.
    var host: Host { get }
    /// The path below the host's base path, optionally with a fixed query (`/search?fixed=1`).
    ///
    /// Put dynamic values in with the segment interpolation, `"/users/\(segment: name)"`, so that a
    /// value such as `a/b?c#d` stays one segment.
    var path: String { get }
    /// Headers, authorization, retries, timeout and cache policy. Default: ``APISetting/default``.
    var setting: SettingDeclaration { get }
    /// The query parameters, encoded with ``queryEncoder``.
    var query: QueryParameters { get }
    /// Headers of this request, merged over ``APISetting/headers``; these win on a clash. Default: none.
    var headers: HeadersDeclaration { get }
    /// The encoder for ``query``. Default: a `QueryEncoder` with its default strategies.
    var queryEncoder: QueryEncoderDeclaration { get }
    /// The body. Default: none.
    ///
    /// A ``RequestBody`` (JSON with its own encoder, a form, raw bytes), `Data` (sent as
    /// `application/octet-stream`), `String` (`text/plain; charset=utf-8`), or any `Encodable` value,
    /// sent as JSON encoded by ``bodyEncoder`` (else the client's body encoder):
    ///
    /// ```swift
    /// struct CreateUser: Request {
    ///     let method: HTTPMethod = .post
    ///     let host: Hosts = .production
    ///     let path = "/users"
    ///     var body: NewUser
    /// }
    /// ```
    var body: BodyDeclaration { get }
    /// The JSON encoder of an `Encodable` ``body``. Default: `nil`, the client's body encoder (or a
    /// plain `JSONEncoder` when the request is built without a client).
    var bodyEncoder: BodyEncoderDeclaration { get }

    /// Builds the `URLRequest`, throwing instead of sending anything unsafe or ambiguous.
    func makeURLRequest() throws -> URLRequest

    // MARK: Client customization

    /// The type of the API's own error body, decoded from a non-2xx response and surfaced in
    /// ``APIError/unacceptableStatus(_:)``. Default: ``NoErrorBody``, which
    /// means the client's own `errorBody` type applies. Read by the same rules as ``Response``.
    associatedtype ErrorBody: Sendable = NoErrorBody
    /// The decoder for this request's response and error bodies. Default: `nil`, the client's decoder.
    ///
    /// A `JSONDecoder` or any other ``ResponseDecoder``.
    var responseDecoder: ResponseDecoderDeclaration { get }
}

extension Request where MethodDeclaration == HTTPMethod {
    /// GET.
    public var method: HTTPMethod { .get }
}

extension Request where SettingDeclaration == APISetting {
    /// ``APISetting/default``: no extra headers, no authorization, no retries, a 60-second timeout.
    public var setting: APISetting { .default }
}

extension Request where HeadersDeclaration == [String: String] {
    /// No headers of the request's own.
    public var headers: [String: String] { [:] }
}

extension Request where QueryEncoderDeclaration == QueryEncoder {
    /// A `QueryEncoder` with its default strategies.
    public var queryEncoder: QueryEncoder { defaultQueryEncoder }
}

/// The default query encoder, made once: a `QueryEncoder` keeps its strategies in storage it copies before a
/// change, so sharing one is safe, and it saves an allocation per request.
let defaultQueryEncoder = QueryEncoder()

extension Request where QueryParameters == EmptyQuery {
    /// No query: the URL gets no `?` at all.
    public var query: EmptyQuery { EmptyQuery() }
}

extension Request where BodyDeclaration == RequestBody? {
    /// No body.
    public var body: RequestBody? { nil }
}

extension Request where BodyEncoderDeclaration == JSONEncoder? {
    /// `nil`: an `Encodable` body is encoded by the client's body encoder.
    public var bodyEncoder: JSONEncoder? { nil }
}

extension Request where ResponseDecoderDeclaration == (any ResponseDecoder)? {
    /// `nil`: the client's decoder reads this request's bodies.
    public var responseDecoder: (any ResponseDecoder)? { nil }
}
