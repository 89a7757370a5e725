extension APIClient {
    /// How long the client waits before a retry, and how it waits.
    ///
    /// Without a `Retry-After` header, retry *n* waits a random fraction of
    /// `min(maximumDelay, initialDelay × 2ⁿ⁻¹)` ("full jitter"), which spreads out clients that
    /// failed together. A `Retry-After` header (seconds or an HTTP date) is obeyed exactly, up to
    /// `maximumRetryAfter`; when the server asks for a longer wait the client does not retry, and the
    /// caller gets the response (with its header) at once.
    ///
    /// Tests replace ``jitter`` and ``sleep`` to run without waiting and to check the delays:
    ///
    /// ```swift
    /// let backoff = APIClient.Backoff(jitter: { 1 }, sleep: { delay in await delays.append(delay) })
    /// ```
    public struct Backoff: Sendable {
        /// The ceiling of the first retry's delay. Default: 0.5 s.
        public var initialDelay: Duration
        /// The largest ceiling any retry's delay can have. Default: 30 s.
        public var maximumDelay: Duration
        /// The longest `Retry-After` the client waits for; a longer one ends the retries. Default: 60 s.
        public var maximumRetryAfter: Duration
        /// A random fraction in `0...1` of the delay ceiling to wait. Default: uniformly random.
        public var jitter: @Sendable () -> Double
        /// Waits for the delay. Default: `Task.sleep(for:)`. Throwing (as a cancelled sleep does)
        /// ends the request with ``APIError/cancelled``. The waits before reconnecting to server-sent
        /// events (``ReconnectionPolicy``) go through it too.
        public var sleep: @Sendable (Duration) async throws -> Void

        /// Creates a backoff; every parameter has a default.
        public init(
            initialDelay: Duration = .milliseconds(500),
            maximumDelay: Duration = .seconds(30),
            maximumRetryAfter: Duration = .seconds(60),
            jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
            sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
        ) {
            self.initialDelay = initialDelay
            self.maximumDelay = maximumDelay
            self.maximumRetryAfter = maximumRetryAfter
            self.jitter = jitter
            self.sleep = sleep
        }

        /// The delay before retry number `retry` (1 for the first retry) when the server gave no
        /// `Retry-After`.
        func delay(beforeRetry retry: Int) -> Duration {
            let ceiling = CappedExponentialDelay.delay(
                base: initialDelay, factor: 2, steps: retry - 1, cap: maximumDelay)
            let fraction = jitter()
            guard ceiling > .zero, fraction > 0 else { return .zero }  // `fraction > 0` also excludes NaN
            return ceiling * min(fraction, 1)
        }
    }
}
