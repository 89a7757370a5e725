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
/// let retrying = APISetting(retryPolicy: RetryPolicy(maximumRetries: 2))
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
    /// Which failed attempts are sent again, how many times and after what wait; `nil` uses the client's
    /// (``RetryPolicy/never`` unless set). It replaces the client's whole.
    public var retryPolicy: RetryPolicy? {
        get { retryPolicyBox?.policy }
        set { retryPolicyBox = newValue.map(RetryPolicyBox.init) }
    }
    /// ``retryPolicy`` behind one reference, so that a setting (copied into every attempt's context) stays small.
    private var retryPolicyBox: RetryPolicyBox?

    /// A policy behind a reference, compared by its value.
    private final class RetryPolicyBox: Sendable, Hashable {
        let policy: RetryPolicy
        init(_ policy: RetryPolicy) { self.policy = policy }
        static func == (lhs: RetryPolicyBox, rhs: RetryPolicyBox) -> Bool { lhs.policy == rhs.policy }
        func hash(into hasher: inout Hasher) { hasher.combine(policy) }
    }
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
        retryPolicy: RetryPolicy? = nil,
        timeout: TimeInterval = 60,
        cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy,
        validation: ResponseValidation? = nil,
        maximumResponseSize: Int? = nil,
        redirectPolicy: RedirectPolicy? = nil
    ) {
        self.headers = headers
        self.requiresAuthorization = requiresAuthorization
        self.refreshesTokenOnUnauthorized = refreshesTokenOnUnauthorized
        self.retryPolicyBox = retryPolicy.map(RetryPolicyBox.init)
        self.timeout = timeout
        self.cachePolicy = cachePolicy
        self.validation = validation
        self.maximumResponseSize = maximumResponseSize
        self.redirectPolicy = redirectPolicy
    }

    /// No extra headers, no authorization, the client's retry and redirect policies, a 60-second timeout, the
    /// protocol's cache policy.
    public static let `default` = APISetting()
}
