import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A step that every attempt of an ``APIClient`` passes through on its way to the session and back.
///
/// ```swift
/// struct TraceHeader: ClientMiddleware {
///     func intercept(
///         _ request: URLRequest, context: MiddlewareContext,
///         next: (URLRequest) async throws -> ClientResponse
///     ) async throws -> ClientResponse {
///         var request = request
///         request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Trace-Id")
///         return try await next(request)
///     }
/// }
/// let client = APIClient(middleware: [TraceHeader(), LoggingMiddleware()])
/// ```
///
/// The client's middleware run in the order of the list: the first sees the request first and the
/// response last. They run on **every attempt**: the first try, each retry, and the retry after a
/// token refresh, each time with a fresh ``MiddlewareContext`` that says which attempt it is and why.
/// A middleware may:
/// - change the request before calling `next`, or call `next` with another request;
/// - answer without calling `next` (a cache, a stub): nothing is sent, and the client treats the
///   answer as the server's;
/// - inspect or replace the response `next` returned;
/// - throw: an ``APIError`` is thrown by the client unchanged (a retryable `.transport` error is
///   retried like the session's own), and any other error as ``APIError/middleware(_:middleware:)``.
///   Cancellation (`CancellationError`) becomes ``APIError/cancelled``.
///
/// `next` sends the request through the rest of the chain and the session and throws only
/// ``APIError``: a middleware can catch `.transport` to answer from a cache, say. Calling it more than
/// once sends the request more than once, and the middleware after this one see each call; a body sent as a
/// stream (a multipart form with files on disk) is read by the first call only, so call `next` once for it.
public protocol ClientMiddleware: Sendable {
    /// Handles one attempt: usually changes `request`, calls `next`, and returns its response.
    ///
    /// - Parameters:
    ///   - request: The request as built by the ``Request`` and changed by the middleware before this one.
    ///   - context: Which request and which attempt this is.
    ///   - next: Sends a request through the rest of the chain.
    /// - Returns: The response for this attempt.
    func intercept(
        _ request: URLRequest,
        context: MiddlewareContext,
        next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse
}

/// A response as middleware see it: the `HTTPURLResponse` and its body, read whole or, for a call that
/// streams its response, as a stream.
///
/// For ``APIClient/send(_:progress:)`` and ``APIClient/response(for:progress:)`` the body is read whole into ``body``. For
/// the calls that stream (``APIClient/stream(_:)``, downloads, server-sent events) an accepted response's
/// body is in ``bodyStream``, still arriving, and ``body`` is empty: a middleware can wrap the stream
/// (count or transform the chunks) or replace it. A response whose status the request does not accept
/// is read whole in every call, so retries, token refreshes and logs see its body.
///
/// A middleware that answers on its own may give either form: the client reads a stream whole where it
/// needs the whole body, and hands ``body`` over as one chunk where the caller streams.
public struct ClientResponse: Sendable {
    /// The status line and headers.
    public var response: HTTPURLResponse
    /// The body, read whole; empty when ``bodyStream`` holds it.
    public var body: Data
    /// The body as it arrives, for a call that streams its response; `nil` when ``body`` holds it.
    public var bodyStream: ResponseBodyStream?

    /// Creates a response with a body read whole, for a middleware that answers without sending.
    public init(response: HTTPURLResponse, body: Data) {
        self.response = response
        self.body = body
        self.bodyStream = nil
    }

    /// Creates a response whose body is still arriving, for a middleware that answers with, or wraps,
    /// a stream.
    public init(response: HTTPURLResponse, bodyStream: ResponseBodyStream) {
        self.response = response
        self.body = Data()
        self.bodyStream = bodyStream
    }

    /// The response's status code.
    public var statusCode: Int { response.statusCode }

    /// Whether the body is in ``bodyStream``, still arriving, rather than in ``body``.
    public var isStreamed: Bool { bodyStream != nil }
}

/// What a ``ClientMiddleware`` knows about the attempt it is handling.
public struct MiddlewareContext: Sendable {
    /// The ``Request`` type being sent, such as `UserRequest`, for logs and metrics.
    public var requestName: String { name.text }
    /// The request's name, spelled out only when asked: most attempts never need it.
    let name: RequestName
    /// The request's method, as declared.
    public let method: HTTPMethod
    /// The request's settings (authorization, retries, timeout, limits).
    public let setting: APISetting
    /// 1 for the first attempt of a call to ``APIClient/send(_:progress:)``, 2 for the next, and so on. Each
    /// connection of server-sent events counts from 1 again (its reason says when it is a reconnection).
    public let attempt: Int
    /// Why this attempt is made.
    public let reason: AttemptReason
    /// Whether this attempt's request may carry credentials: `false` after a redirect to an origin (scheme,
    /// host, port) other than the request's own that the ``RedirectPolicy`` does not trust. The client then
    /// removes every credential from the request and runs no ``AuthorizationMiddleware``; a middleware of yours
    /// that adds a secret should check this too.
    public let sendsCredentials: Bool
    /// What the call to ``APIClient/send(_:progress:)`` keeps between attempts for the built-in middleware;
    /// `nil` in a context made by hand.
    let sendState: SendState?

    /// Creates a context, for testing a middleware on its own.
    public init(
        requestName: String, method: HTTPMethod, setting: APISetting = .default, attempt: Int = 1,
        reason: AttemptReason = .first, sendsCredentials: Bool = true
    ) {
        self.name = .text(requestName)
        self.method = method
        self.setting = setting
        self.attempt = attempt
        self.reason = reason
        self.sendsCredentials = sendsCredentials
        self.sendState = nil
    }

    init(
        name: RequestName, method: HTTPMethod, setting: APISetting, attempt: Int, reason: AttemptReason,
        sendsCredentials: Bool, sendState: SendState?
    ) {
        self.name = name
        self.method = method
        self.setting = setting
        self.attempt = attempt
        self.reason = reason
        self.sendsCredentials = sendsCredentials
        self.sendState = sendState
    }
}

/// Why the client makes an attempt: the first, or a retry and what caused it.
public enum AttemptReason: Sendable, Hashable, CustomStringConvertible {
    /// The first attempt of a call to ``APIClient/send(_:progress:)``.
    case first
    /// A retry after the previous attempt's retryable status (408, 429, 500, 502, 503, 504).
    case retryAfterStatus(Int)
    /// A retry after the previous attempt failed in transport (a timeout, a lost connection…).
    case retryAfterTransportError(URLError.Code)
    /// The retry after a 401 made the client refresh its bearer token.
    case retryAfterTokenRefresh
    /// The first attempt of a reconnection of server-sent events (``APIClient/events(for:reconnection:)``)
    /// after the previous connection ended, with the last event ID it sends (empty when none).
    case reconnection(lastEventID: String)
    /// The request that follows a redirect with this status (301, 302, 303, 307 or 308), as the client's
    /// ``RedirectPolicy`` allowed: its URL is the redirect's `Location`.
    case redirect(status: Int)

    /// `first`, `retry after status 503`, `retry after transport error -1001`, `retry after token refresh`,
    /// `reconnection after event "42"`, `redirect after status 302`.
    public var description: String {
        switch self {
        case .first: "first"
        case .redirect(let status): "redirect after status \(status)"
        case .retryAfterStatus(let status): "retry after status \(status)"
        case .retryAfterTransportError(let code): "retry after transport error \(code.rawValue)"
        case .retryAfterTokenRefresh: "retry after token refresh"
        case .reconnection(let lastEventID):
            lastEventID.isEmpty ? "reconnection" : "reconnection after event \(lastEventID.debugDescription)"
        }
    }
}

/// The name of the request type being sent: its type, turned into text only when a log or a metric asks.
enum RequestName: Sendable {
    case type(any Any.Type)
    case text(String)

    /// The name of `R`, or of the request it wraps.
    init<R>(of type: R.Type) {
        self = .type((R.self as? any RequestWrapper.Type)?.wrappedRequestType ?? R.self)
    }

    var text: String {
        switch self {
        case .type(let type): String(describing: type)
        case .text(let text): text
        }
    }
}

/// A request type that sends another one under its own type (a page of a paginated request): middleware
/// and metrics name the request it wraps.
protocol RequestWrapper {
    static var wrappedRequestType: any Any.Type { get }
}
