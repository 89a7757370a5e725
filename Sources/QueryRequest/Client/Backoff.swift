extension APIClient {
    /// How the client waits before a retry: the random fraction of the ``RetryPolicy``'s delay it waits, and
    /// the sleep itself.
    ///
    /// How long the waits are, and which attempts are retried, is the ``RetryPolicy``'s. Tests replace
    /// ``jitter`` and ``sleep`` to run without waiting and to check the delays:
    ///
    /// ```swift
    /// let backoff = APIClient.Backoff(jitter: { 1 }, sleep: { delay in await delays.append(delay) })
    /// ```
    public struct Backoff: Sendable {
        /// A random fraction in `0...1` of the delay ceiling to wait. Default: uniformly random.
        public var jitter: @Sendable () -> Double
        /// Waits for the delay. Default: `Task.sleep(for:)`. Throwing (as a cancelled sleep does)
        /// ends the request with ``APIError/cancelled``. The waits before reconnecting to server-sent
        /// events (``ReconnectionPolicy``) go through it too.
        public var sleep: @Sendable (Duration) async throws -> Void

        /// Creates a backoff; every parameter has a default.
        public init(
            jitter: @escaping @Sendable () -> Double = { Double.random(in: 0...1) },
            sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
        ) {
            self.jitter = jitter
            self.sleep = sleep
        }

        /// The delay before retry number `retry` (1 for the first retry) under `policy`, when the server gave no
        /// `Retry-After`.
        func delay(beforeRetry retry: Int, under policy: RetryPolicy) -> Duration {
            policy.delay(beforeRetry: retry, fraction: jitter())
        }
    }
}
