import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Per-request settings: extra headers, authorization, retries, timeout and cache policy.
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
    /// Whether the client asks its token provider for a token and sends `Authorization: Bearer …`.
    public var requiresAuthorization: Bool
    /// Whether a 401 response makes the client refresh the token once and retry the request once.
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

    /// Creates settings; every parameter has a default.
    public init(
        headers: [String: String] = [:],
        requiresAuthorization: Bool = false,
        refreshesTokenOnUnauthorized: Bool = false,
        retryCount: Int = 0,
        retriesNonIdempotentRequests: Bool = false,
        timeout: TimeInterval = 60,
        cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy
    ) {
        self.headers = headers
        self.requiresAuthorization = requiresAuthorization
        self.refreshesTokenOnUnauthorized = refreshesTokenOnUnauthorized
        self.retryCount = retryCount
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
        self.timeout = timeout
        self.cachePolicy = cachePolicy
    }

    /// No extra headers, no authorization, no retries, a 60-second timeout, the protocol's cache policy.
    public static let `default` = APISetting()
}
