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
public protocol Request: Sendable {
    /// The type the response body is decoded into; ``EmptyResponse`` when there is none.
    associatedtype Response: Decodable & Sendable = EmptyResponse
    /// The type of ``query``. Named apart from `Query` so that a nested `struct Query` can also be
    /// declared optional (`var query: Query?`, where `nil` means no query).
    associatedtype QueryParameters: Encodable & Sendable = EmptyQuery
    /// The hosts this request can be sent to, usually an enum of environments.
    associatedtype Host: APIHost

    /// The HTTP method. Default: GET.
    var method: HTTPMethod { get }
    /// The host, whose scheme, authority and base path the URL keeps.
    var host: Host { get }
    /// The path below the host's base path, optionally with a fixed query (`/search?fixed=1`).
    ///
    /// Put dynamic values in with the segment interpolation, `"/users/\(segment: name)"`, so that a
    /// value such as `a/b?c#d` stays one segment.
    var path: String { get }
    /// Headers, authorization, retries, timeout and cache policy. Default: ``APISetting/default``.
    var setting: APISetting { get }
    /// The query parameters, encoded with ``queryEncoder``.
    var query: QueryParameters { get }
    /// Headers of this request, merged over ``APISetting/headers``; these win on a clash. Default: none.
    var headers: [String: String] { get }
    /// The encoder for ``query``. Default: a `QueryEncoder` with its default strategies.
    var queryEncoder: QueryEncoder { get }
    /// The body: JSON, a form or raw bytes, see ``RequestBody``. Default: none.
    var body: RequestBody? { get }

    /// Builds the `URLRequest`, throwing instead of sending anything unsafe or ambiguous.
    func makeURLRequest() throws -> URLRequest

    // MARK: Client customization

    /// The type of the API's own error body, decoded from a non-2xx response and surfaced in
    /// ``APIError/unacceptableStatus(_:response:body:apiError:)``. Default: ``NoErrorBody``, which
    /// means the client's own `errorBody` type applies.
    associatedtype ErrorBody: Decodable & Sendable = NoErrorBody
    /// The decoder for this request's response and error bodies. Default: `nil`, the client's decoder.
    var responseDecoder: JSONDecoder? { get }
}

extension Request {
    /// GET.
    public var method: HTTPMethod { .get }
    /// ``APISetting/default``: no extra headers, no authorization, no retries, a 60-second timeout.
    public var setting: APISetting { .default }
    /// No headers of the request's own.
    public var headers: [String: String] { [:] }
    /// A `QueryEncoder` with its default strategies.
    public var queryEncoder: QueryEncoder { QueryEncoder() }
}

extension Request where QueryParameters == EmptyQuery {
    /// No query: the URL gets no `?` at all.
    public var query: EmptyQuery { EmptyQuery() }
}

/// The query of a request that has none: it writes no parameters and no `?`.
public struct EmptyQuery: Encodable, Sendable, Hashable {
    /// Creates the empty query.
    public init() {}
    /// Writes nothing.
    public func encode(to encoder: any Encoder) throws {}
}

/// The response of a request whose body is not read.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates the empty response.
    public init() {}
    /// Reads nothing.
    public init(from decoder: any Decoder) throws {}
}
