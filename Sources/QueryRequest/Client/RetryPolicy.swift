import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which failed attempts the client sends again, how many times, and how long it waits before each.
///
/// ```swift
/// // Every request of this client: up to 3 retries, 503 and 429 only, waits from 1 s up to 20 s.
/// let client = APIClient(retryPolicy: RetryPolicy(
///     maximumRetries: 3, retryableStatusCodes: [429, 503], initialDelay: .seconds(1), maximumDelay: .seconds(20)))
/// // One request of another kind: a POST the server deduplicates by its idempotency key.
/// let setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 2, retriesNonIdempotentRequests: true))
/// ```
///
/// A request's own policy (``APISetting/retryPolicy``) replaces the client's whole; without one, the client's
/// applies (``never`` unless set: nothing is retried).
///
/// An attempt is retried when all of these hold:
/// - retries remain (``maximumRetries``, counted over the whole call);
/// - the method is idempotent (GET, HEAD, PUT, DELETE, OPTIONS, TRACE), or ``retriesNonIdempotentRequests``;
/// - it failed in transport with a code in ``retryableErrorCodes`` (by default the ones another attempt may not
///   hit: timeouts, lost or refused connections, DNS), or the server answered a status in
///   ``retryableStatusCodes`` (by default 408, 429, 500, 502, 503, 504: "try again later", not "this request
///   is wrong").
///
/// Retry *n* waits a random fraction of `min(maximumDelay, initialDelay × 2ⁿ⁻¹)` ("full jitter", which spreads
/// out clients that failed together). A `Retry-After` header (seconds or an HTTP date) is obeyed exactly, up
/// to ``maximumRetryAfter``; when the server asks for a longer wait the client does not retry, and the caller
/// gets the response (with its header) at once. The randomness and the clock are the client's
/// (``APIClient/Backoff``), so that tests run without waiting.
///
/// A download whose connection is lost mid-body goes on where it stopped (`Range`, `If-Range`), or starts again
/// where the server cannot resume, up to ``maximumResumes`` times, by the same rules of method and error and
/// after the same delays; those resumes are not retries and leave ``maximumRetries`` to the attempts that fail
/// before a body.
///
/// Counts below 0 count as 0, and delays below zero as zero.
public struct RetryPolicy: Sendable, Hashable {
    /// How many times a call may send a failed attempt again, after its first. Default: 2 (``never``: 0).
    public var maximumRetries: Int
    /// How many times a download may go on after its connection was lost mid-body (resumed from the byte
    /// where it stopped, or started again where it cannot resume: see ``APIClient/download(_:to:ifExists:checkpoint:progress:)``).
    /// Default: 5 (``never``: 0).
    public var maximumResumes: Int
    /// The statuses worth another attempt. Default: ``defaultRetryableStatusCodes``.
    public var retryableStatusCodes: Set<Int>
    /// The transport failures worth another attempt. Default: ``defaultRetryableErrorCodes``.
    public var retryableErrorCodes: Set<URLError.Code>
    /// Whether a request whose method is not idempotent (POST, PATCH) may be sent again too: for a server
    /// that deduplicates it (by an idempotency key, say). Default: `false`.
    public var retriesNonIdempotentRequests: Bool
    /// The ceiling of the first retry's delay. Default: 0.5 s.
    public var initialDelay: Duration
    /// The largest ceiling any retry's delay can have. Default: 30 s.
    public var maximumDelay: Duration
    /// The longest `Retry-After` the client waits for; a longer one ends the retries. Default: 60 s.
    public var maximumRetryAfter: Duration

    /// The statuses retried by default: 408, 429, 500, 502, 503 and 504.
    public static let defaultRetryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// The transport failures retried by default: timed out, connection lost, cannot connect, cannot find the
    /// host, DNS lookup failed, not connected to the internet.
    public static let defaultRetryableErrorCodes: Set<URLError.Code> = [
        .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        .notConnectedToInternet,
    ]

    /// Nothing is retried: the client's policy unless set.
    public static let never = RetryPolicy(maximumRetries: 0, maximumResumes: 0)

    /// Creates a policy; every parameter has a default.
    public init(
        maximumRetries: Int = 2,
        maximumResumes: Int = 5,
        retryableStatusCodes: Set<Int> = RetryPolicy.defaultRetryableStatusCodes,
        retryableErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableErrorCodes,
        retriesNonIdempotentRequests: Bool = false,
        initialDelay: Duration = .milliseconds(500),
        maximumDelay: Duration = .seconds(30),
        maximumRetryAfter: Duration = .seconds(60)
    ) {
        self.maximumRetries = maximumRetries
        self.maximumResumes = maximumResumes
        self.retryableStatusCodes = retryableStatusCodes
        self.retryableErrorCodes = retryableErrorCodes
        self.retriesNonIdempotentRequests = retriesNonIdempotentRequests
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// ``maximumRetries``, or 0 for a negative count.
    var retryBudget: Int { max(maximumRetries, 0) }

    /// ``maximumResumes``, or 0 for a negative count.
    var resumeBudget: Int { max(maximumResumes, 0) }

    /// Whether a request sent with `method` may be sent again at all.
    func mayRetry(_ method: HTTPMethod) -> Bool {
        method.isIdempotent || retriesNonIdempotentRequests
    }

    /// Whether a transport failure is worth another attempt.
    func isWorthRetrying(_ error: URLError) -> Bool {
        retryableErrorCodes.contains(error.code)
    }

    /// The delay before retry number `retry` (1 for the first) when the server gave no `Retry-After`: `fraction`
    /// (in `0...1`, the backoff's jitter) of the capped exponential ceiling.
    func delay(beforeRetry retry: Int, fraction: Double) -> Duration {
        let ceiling = CappedExponentialDelay.delay(base: initialDelay, factor: 2, steps: retry - 1, cap: maximumDelay)
        guard ceiling > .zero, fraction > 0 else { return .zero }  // `fraction > 0` also excludes NaN
        return ceiling * min(fraction, 1)
    }
}
