import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-request settings: extra headers, authorization, retries, redirects, timeout and cache policy.
///
/// Every parameter has a default, so a request names only what it changes:
///
/// ```swift
/// let setting = APISetting(headers: ["X-Api-Key": "k"])
/// let retrying = APISetting(retryCount: 2)
/// ```
public struct APISetting: Sendable, Hashable {
    /// Headers sent with the request. A request's own ``Request/headers`` win over these on a clash.
    public var headers: [String: String]
    /// Whether the request needs credentials: the client's authorization middleware (a bearer token
    /// from its token provider, an API key, Basic credentials, a signature) put them on it, and a client
    /// without any fails with ``AuthorizationError/noAuthorizationMiddleware``.
    public var requiresAuthorization: Bool
    /// Whether a 401 response makes the bearer middleware refresh the token once and the client retry
    /// the request once.
    public var refreshesTokenOnUnauthorized: Bool
    /// How many times the client retries a failed attempt (transport errors worth retrying, 408, 429,
    /// 500, 502, 503, 504), for idempotent methods unless ``retriesNonIdempotentRequests`` is set.
    public var retryCount: Int
    /// Whether a request whose method is not idempotent (such as POST) may be retried too.
    public var retriesNonIdempotentRequests: Bool
    /// The timeout interval of the `URLRequest`, in seconds.
    public var timeout: TimeInterval
    /// The cache policy of the `URLRequest`.
    public var cachePolicy: URLRequest.CachePolicy
    /// Which responses the request accepts; `nil` uses the client's (by default any 2xx status and any
    /// media type).
    public var validation: ResponseValidation?
    /// The largest response body the request accepts, in bytes; `nil` uses the client's
    /// (``APIClient/defaultMaximumResponseSize`` unless set).
    public var maximumResponseSize: Int?
    /// Which redirects the request follows; `nil` uses the client's (``RedirectPolicy/follow`` unless set).
    public var redirectPolicy: RedirectPolicy?

    /// Creates settings; every parameter has a default.
    public init(
        headers: [String: String] = [:],
        requiresAuthorization: Bool = false,
        refreshesTokenOnUnauthorized: Bool = false,
        retryCount: Int = 0,
        retriesNonIdempotentRequests: Bool = false,
        timeout: TimeInterval = 60,
        cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy,
        validation: ResponseValidation? = nil,
        maximumResponseSize: Int? = nil,
        redirectPolicy: RedirectPolicy? = nil
    ) {
        self.headers = headers
        self.requiresAuthorization = requiresAuthorization
        self.refreshesTokenOnUnauthorized = refreshesTokenOnUnauthorized
        self.retryCount = retryCount
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
        self.timeout = timeout
        self.cachePolicy = cachePolicy
        self.validation = validation
        self.maximumResponseSize = maximumResponseSize
        self.redirectPolicy = redirectPolicy
    }

    /// No extra headers, no authorization, no retries, the client's redirect policy, a 60-second timeout, the
    /// protocol's cache policy.
    public static let `default` = APISetting()
}
