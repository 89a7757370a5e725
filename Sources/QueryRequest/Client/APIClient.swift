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
/// Each attempt passes through the client's ``ClientMiddleware`` in order, then the session. An
/// acceptable response (by default any 2xx, see ``ResponseValidation``) is decoded as the request's
/// ``Request/Response``; anything else throws an ``APIError``, the only error type the client throws.
/// The request's ``Request/setting`` decides authorization, retries (see ``RetryPolicy``),
/// validation, the response size limit and the timeout. The client is a value: copies share the
/// session, the middleware and the coordination of token refreshes.
public struct APIClient: Sendable {
    let session: any NetworkSession
    let decoder: any ResponseDecoder
    let bodyEncoder: JSONEncoder?
    let hostOverride: (any APIHost)?
    /// The middleware, in order, each with what the chain needs to know of it.
    let chain: [MiddlewareChain.Link]
    let validation: ResponseValidation
    let maximumResponseSize: Int
    let errorBody: (any Sendable.Type)?
    let retryPolicy: RetryPolicy
    let backoff: Backoff
    /// What the client hides in the text it writes: its redaction, and the names its authorization middleware
    /// place.
    let redactionContext: RedactionContext
    let redirectPolicy: RedirectPolicy
    /// Whether ``redirectPolicy`` is ``RedirectPolicy/follow``, worked out once.
    let redirectPolicyIsDefault: Bool
    let onAttempt: (@Sendable (Attempt) -> Void)?
    /// Whether some middleware puts credentials on requests that require them.
    let authorizes: Bool

    /// The response size limit of a client that names none: 32 MiB.
    ///
    /// Large enough for any page of a JSON API and for full-size photos, small enough that a broken or
    /// hostile server cannot make an app hold an unbounded body in memory (a decoded JSON value takes
    /// several times its size again). Files belong in downloads, which are not limited by it.
    public static let defaultMaximumResponseSize = 32 * 1024 * 1024

    /// Creates a client; every parameter has a default, so `APIClient()` sends through
    /// `URLSession.shared` with a plain `JSONDecoder` and a `JSONEncoder` that sorts keys.
    ///
    /// - Parameters:
    ///   - session: What requests are sent through; a ``StubNetworkSession`` in tests.
    ///   - decoder: Decodes response bodies and error bodies, unless a request has its own
    ///     ``Request/responseDecoder``: a `JSONDecoder`, or any ``ResponseDecoder`` for another format.
    ///   - bodyEncoder: Encodes the body of a request that declares it as a plain `Encodable` value
    ///     (`var body: NewUser`) and names no ``Request/bodyEncoder`` of its own: one setting, such as
    ///     snake_case keys, for a whole API. `nil` (the default) for a `JSONEncoder` with sorted keys, so that
    ///     a body is the same bytes whenever it is encoded (on Linux a `Dictionary`'s keys come out in another
    ///     order on every encode); add `.sortedKeys` to your own for the same.
    ///   - hostOverride: Sends every request to this host instead of its own ``Request/host``, with the
    ///     same URL rules: a staging server, a mock server, a loopback port known only at run time.
    ///   - tokenProvider: Supplies bearer tokens for requests whose setting has
    ///     ``APISetting/requiresAuthorization``: a ``BearerTokenMiddleware`` placed first in the chain,
    ///     so that the other middleware see the request as sent.
    ///   - middleware: What every attempt passes through, in order: the first sees the request first and
    ///     the response last.
    ///   - validation: Which responses are accepted, for requests whose setting has no
    ///     ``APISetting/validation``.
    ///   - maximumResponseSize: The largest response body accepted, in bytes, for requests whose setting
    ///     has no ``APISetting/maximumResponseSize``; see ``defaultMaximumResponseSize``.
    ///   - errorBody: The API's own error type, decoded from non-2xx bodies of requests that do not
    ///     declare their own ``Request/ErrorBody``, and surfaced by ``APIError/apiError(as:)``.
    ///   - retryPolicy: Which failed attempts are sent again, how many times and after what wait, for
    ///     requests whose setting has no ``APISetting/retryPolicy``: ``RetryPolicy/never`` unless set.
    ///   - backoff: How the client waits before a retry: the random fraction of the delay, and the sleep.
    ///   - redaction: What is hidden in every text the client writes (error descriptions, ``Attempt``,
    ///     ``LoggingMiddleware`` lines, ``HARRecordingSession`` archives), besides every header and query
    ///     parameter its authorization middleware place: ``Redaction/default`` unless set; ``Redaction/none``
    ///     shows everything.
    ///   - redirectPolicy: Which redirects are followed, for requests whose setting has no
    ///     ``APISetting/redirectPolicy``: by default ``RedirectPolicy/follow``, up to 20 of them, never
    ///     carrying credentials to another origin.
    ///   - onAttempt: Called after every exchange with the session (each redirect too), for logging and
    ///     metrics.
    public init(
        session: any NetworkSession = URLSession.shared,
        decoder: any ResponseDecoder = JSONDecoder(),
        bodyEncoder: JSONEncoder? = nil,
        hostOverride: (any APIHost)? = nil,
        tokenProvider: (any TokenProvider)? = nil,
        middleware: [any ClientMiddleware] = [],
        validation: ResponseValidation = .default,
        maximumResponseSize: Int = APIClient.defaultMaximumResponseSize,
        errorBody: (any Sendable.Type)? = nil,
        retryPolicy: RetryPolicy = .never,
        backoff: Backoff = Backoff(),
        redaction: Redaction = .default,
        redirectPolicy: RedirectPolicy = .follow,
        onAttempt: (@Sendable (Attempt) -> Void)? = nil
    ) {
        self.session = session
        self.decoder = decoder
        self.bodyEncoder = bodyEncoder
        self.hostOverride = hostOverride
        let bearer = tokenProvider.map { [BearerTokenMiddleware(tokenProvider: $0)] as [any ClientMiddleware] } ?? []
        self.chain = (bearer + middleware).map(MiddlewareChain.Link.init)
        self.validation = validation
        self.maximumResponseSize = maximumResponseSize
        self.authorizes = chain.contains { $0.authorizes }
        self.errorBody = errorBody
        self.retryPolicy = retryPolicy
        self.backoff = backoff
        self.redactionContext = RedactionContext(redaction)
        self.redirectPolicy = redirectPolicy
        self.redirectPolicyIsDefault = redirectPolicy == .follow
        self.onAttempt = onAttempt
    }

    /// Sends `request` and returns its decoded response.
    ///
    /// The result is discardable, so that a request whose response is ``EmptyResponse`` reads
    /// `try await client.send(DeleteUser(id: 42))`.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Called with the exchange's progress: body bytes sent and received, with their totals when
    ///     known (``TransferProgress``). `URLSession` reports as the bytes move; another ``NetworkSession`` is
    ///     reported when each attempt ends. A retry, and the request after a redirect, start again from zero.
    ///     It is called on a serial queue of the call's own, never the session's: in order, a report not yet
    ///     delivered replaced by a newer one (a slow closure delays nothing but its own reports), the last one
    ///     before the call returns. ``download(_:to:ifExists:checkpoint:progress:)`` takes it under the same name.
    /// - Throws: ``APIError``, and nothing else.
    @discardableResult
    public func send<R: Request>(
        _ request: R, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> R.Response {
        try await response(for: request, progress: progress).value
    }

    /// Sends `request` and returns its decoded response as the ``Response/value`` of a ``Response``, with the
    /// `HTTPURLResponse`, to read response headers, the exact status or the URL that answered.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - progress: Called with the exchange's progress, as ``send(_:progress:)`` says.
    /// - Throws: ``APIError``, and nothing else.
    public func response<R: Request>(
        for request: R, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Response<R.Response> {
        try await ProgressReporter.reporting(to: progress) { try await response(sending: request) }
    }

    /// ``response(for:progress:)`` without progress of its own to report.
    private func response<R: Request>(sending request: R) async throws -> Response<R.Response> {
        try await presentingErrors { () async throws(APIError) -> Response<R.Response> in
            let prepared = try prepare(request)
            let state = makeSendState()
            let answer = try await exchange(
                prepared.urlRequest, rebuild: prepared.rebuild, method: prepared.method, setting: prepared.setting,
                requestName: RequestName(of: R.self), state: state)
            let response = answer.response
            // Held whole, unless a middleware answered with a stream: this call then reads it whole.
            let body = try await Self.collect(
                answer.body, of: response, sending: prepared.urlRequest, upTo: prepared.limit(self))
            try check(response, body: body, declaredErrorBody: R.ErrorBody.self, prepared, state: state)
            let decoded = try Self.decode(
                R.Response.self, from: body, of: response, isHead: prepared.method.canonical == .head,
                with: prepared.decoder(self))
            return Response(value: decoded, httpResponse: response, requested: prepared.urlRequest.url)
        }
    }

    /// What one call keeps between its attempts, when the client has middleware to keep it for.
    func makeSendState() -> SendState? {
        chain.isEmpty ? nil : SendState(redaction: redactionContext)
    }

    /// Runs a public call's work and throws its error as the caller sees it: with the URLs it names redacted
    /// (``APIError/redactingURLs(with:)``) by the client's redaction and the names its middleware placed.
    func presentingErrors<Result>(_ body: () async throws(APIError) -> Result) async throws(APIError) -> Result {
        do {
            return try await body()
        } catch {
            throw error.redactingURLs(with: redactionContext.effective)
        }
    }

    /// A request made ready to send: built once (a build error is thrown before anything is sent), with
    /// what its declarations say.
    struct PreparedRequest {
        let urlRequest: URLRequest
        /// Builds the request again for the attempts after the first, when its body is a stream read once.
        let rebuild: (() throws(APIError) -> URLRequest)?
        let method: HTTPMethod
        let setting: APISetting
        let requestDecoder: (any ResponseDecoder)?

        /// The response decoder: the request's own, else the client's.
        func decoder(_ client: APIClient) -> any ResponseDecoder { requestDecoder ?? client.decoder }
        /// Which responses are accepted: the request's setting's, else the client's.
        func validation(_ client: APIClient) -> ResponseValidation { setting.validation ?? client.validation }
        /// The response size limit: the request's setting's, else the client's.
        func limit(_ client: APIClient) -> Int { max(setting.maximumResponseSize ?? client.maximumResponseSize, 0) }
    }

    /// Builds `request` and reads its declarations.
    func prepare<R: Request>(_ request: R) throws(APIError) -> PreparedRequest {
        let urlRequest: URLRequest
        let method: HTTPMethod
        let setting: APISetting
        let requestDecoder: (any ResponseDecoder)?
        let options = RequestBuildOptions(host: hostOverride, bodyEncoder: bodyEncoder)
        do {
            (method, setting, requestDecoder) = try (
                request.declaredMethod(), request.declaredSetting(), request.declaredResponseDecoder()
            )
            urlRequest = try RequestBuildOptions.$current.withValue(options) { try request.makeURLRequest() }
            try checkHostOverride(of: urlRequest)
        } catch {
            throw APIError.invalidRequest(error)
        }
        // A body streamed from disk can be read once: every attempt after the first sends a request built
        // again, with a fresh stream.
        let rebuild: (() throws(APIError) -> URLRequest)? =
            urlRequest.httpBodyStream == nil
            ? nil
            : { () throws(APIError) -> URLRequest in
                do {
                    let rebuilt = try RequestBuildOptions.$current.withValue(options) { try request.makeURLRequest() }
                    try checkHostOverride(of: rebuilt)
                    return rebuilt
                } catch {
                    throw APIError.invalidRequest(error)
                }
            }
        return PreparedRequest(
            urlRequest: urlRequest, rebuild: rebuild, method: method, setting: setting,
            requestDecoder: requestDecoder)
    }

    /// Throws for a response the request does not accept: its status (with the API's error decoded from
    /// `body`), or its media type.
    func check<ErrorBody: Sendable>(
        _ response: HTTPURLResponse, body: Data, declaredErrorBody: ErrorBody.Type, _ prepared: PreparedRequest,
        state: SendState?
    ) throws(APIError) {
        let validation = prepared.validation(self)
        guard validation.accepts(statusCode: response.statusCode) else {
            let apiError = decodeErrorBody(
                declared: ErrorBody.self, from: body, of: response, with: prepared.decoder(self))
            throw Self.unacceptableStatus(response, body: body, apiError: apiError, state: state)
        }
        try checkContentType(of: response, body: body, validation)
        try validation.applyRule(to: response, body: body, requested: prepared.urlRequest.url)
    }

    /// ``APIError/unacceptableStatus(_:)`` for `response`: for a 401 or 403, with the authorization middleware
    /// that put no credential on the request, the likely cause.
    static func unacceptableStatus(
        _ response: HTTPURLResponse, body: Data, apiError: (any Sendable)?, state: SendState?
    ) -> APIError {
        let status = response.statusCode
        let silent = status == 401 || status == 403 ? state?.silentAuthorizers ?? [] : []
        return .unacceptableStatus(
            APIError.UnacceptableStatus(
                statusCode: status, response: response, body: body, apiError: apiError, credentialsNotSentBy: silent))
    }

    /// Throws ``APIError/unacceptableContentType(_:)`` for a media type `validation` refuses.
    func checkContentType(
        of response: HTTPURLResponse, body: Data, _ validation: ResponseValidation
    ) throws(APIError) {
        guard validation.acceptableContentTypes != nil else { return }
        let contentType = response.value(forHTTPHeaderField: "Content-Type")
        guard validation.accepts(contentType: contentType, bodyIsEmpty: body.isEmpty) else {
            let mediaType = contentType.map(ResponseValidation.mediaType(of:))
            throw .unacceptableContentType(
                APIError.UnacceptableContentType(mediaType: mediaType, response: response, body: body))
        }
    }

    /// `url` without its query and fragment, which may hold secrets, for a message.
    static func withoutQuery(_ url: URL) -> String {
        String(url.absoluteString.prefix { $0 != "?" && $0 != "#" })
    }

    /// Refuses a request built for another host than ``hostOverride``: one that implements
    /// ``Request/makeURLRequest()`` without the default builder would otherwise escape the override.
    private func checkHostOverride(of urlRequest: URLRequest) throws {
        guard let hostOverride else { return }
        guard let url = urlRequest.url, try RequestURL(host: hostOverride).keepsAuthority(url) else {
            throw RequestBuildingError.invalidHost(
                host: String(reflecting: hostOverride),
                reason: "the request built its own URL (\(urlRequest.url.map(Self.withoutQuery) ?? "none")) "
                    + "and did not use the client's hostOverride; build it with makeURLRequest(host:)")
        }
    }
}
