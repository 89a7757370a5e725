import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
