import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends ``Request``s and decodes their responses.
///
/// ```swift
/// let client = APIClient()
/// let ranking = try await client.send(TestRankingRequest(query: .init(totalLimit: 48, offset: 0)))
/// let (user, response) = try await client.response(for: UserRequest(id: 42))
/// let etag = response.value(forHTTPHeaderField: "ETag")
/// ```
///
/// A 2xx response is decoded as the request's ``Request/Response``; anything else throws an
/// ``APIError``, the only error type the client throws. The request's ``Request/setting`` decides
/// authorization (bearer tokens from the ``TokenProvider``, refreshed once on 401), retries (with
/// backoff, see ``Backoff``) and the timeout. The client is a value: copies share the session, the
/// token provider and the coordination of token refreshes.
public struct APIClient: Sendable {
    let session: any NetworkSession
    let decoder: JSONDecoder
    let tokenProvider: (any TokenProvider)?
    let errorBody: (any (Decodable & Sendable).Type)?
    let backoff: Backoff
    let onAttempt: (@Sendable (Attempt) -> Void)?
    let refresher = TokenRefresher()

    /// Creates a client; every parameter has a default, so `APIClient()` sends through
    /// `URLSession.shared` with a plain `JSONDecoder`.
    ///
    /// - Parameters:
    ///   - session: What requests are sent through; a ``StubNetworkSession`` in tests.
    ///   - decoder: Decodes response bodies and error bodies, unless a request has its own
    ///     ``Request/responseDecoder``.
    ///   - tokenProvider: Supplies bearer tokens for requests whose setting has
    ///     ``APISetting/requiresAuthorization``.
    ///   - errorBody: The API's own error type, decoded from non-2xx bodies of requests that do not
    ///     declare their own ``Request/ErrorBody``, and surfaced by ``APIError/apiError(as:)``.
    ///   - backoff: The delays between retries.
    ///   - onAttempt: Called after every attempt, for logging and metrics.
    public init(
        session: any NetworkSession = URLSession.shared,
        decoder: JSONDecoder = JSONDecoder(),
        tokenProvider: (any TokenProvider)? = nil,
        errorBody: (any (Decodable & Sendable).Type)? = nil,
        backoff: Backoff = Backoff(),
        onAttempt: (@Sendable (Attempt) -> Void)? = nil
    ) {
        self.session = session
        self.decoder = decoder
        self.tokenProvider = tokenProvider
        self.errorBody = errorBody
        self.backoff = backoff
        self.onAttempt = onAttempt
    }

    /// Sends `request` and returns its decoded response.
    ///
    /// The result is discardable, so that a request whose response is ``EmptyResponse`` reads
    /// `try await client.send(DeleteUser(id: 42))`.
    ///
    /// - Throws: ``APIError``, and nothing else.
    @discardableResult
    public func send<R: Request>(_ request: R) async throws -> R.Response {
        try await response(for: request).0
    }

    /// Sends `request` and returns its decoded response together with the `HTTPURLResponse`, to read
    /// response headers or the exact status.
    ///
    /// - Throws: ``APIError``, and nothing else.
    public func response<R: Request>(for request: R) async throws -> (R.Response, HTTPURLResponse) {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.makeURLRequest()
        } catch {
            throw APIError.invalidRequest(error)
        }
        let (response, body) = try await exchange(urlRequest, method: request.method, setting: request.setting)
        let decoder = request.responseDecoder ?? self.decoder
        guard (200..<300).contains(response.statusCode) else {
            let apiError = decodeErrorBody(declared: R.ErrorBody.self, from: body, with: decoder)
            throw APIError.unacceptableStatus(response.statusCode, response: response, body: body, apiError: apiError)
        }
        let decoded = try Self.decode(
            R.Response.self, from: body, of: response, isHead: request.method == .head, with: decoder)
        return (decoded, response)
    }
}
