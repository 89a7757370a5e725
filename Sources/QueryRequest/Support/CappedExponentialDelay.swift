/// A delay that grows by a factor per step and stops at a cap: the wait before a retry (``APIClient/Backoff``,
/// doubling) and before a reconnection (``ReconnectionPolicy``, its `backoffFactor`).
enum CappedExponentialDelay {
    /// `base` multiplied by `factor` once per step, `steps` times, never above `cap`.
    ///
    /// Grown one step at a time and stopped at the cap, so that no count or factor can overflow. A whole
    /// factor multiplies exactly (100 ms doubled is 200 ms, not the nearest `Double`); another goes through
    /// seconds as a `Double`. `base` and `cap` below zero count as zero; a factor below 1 (or NaN) as 1.
    static func delay(base: Duration, factor: Double, steps: Int, cap: Duration) -> Duration {
        let cap = max(cap, .zero)
        var delay = min(max(base, .zero), cap)
        let wholeFactor = Int(exactly: factor)
        var steps = steps
        while steps > 0, factor > 1, delay > .zero, delay < cap {
            let seconds = delay.inSeconds * factor
            // Checked in `Double` first: a grown delay under the cap is less than a `Duration` can hold, so
            // the exact product below cannot overflow.
            if !seconds.isFinite || seconds >= cap.inSeconds {
                delay = cap
            } else if let wholeFactor {
                delay = min(delay * wholeFactor, cap)
            } else {
                delay = .seconds(seconds)
            }
            steps -= 1
        }
        return delay
    }
}
