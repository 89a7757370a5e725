import Foundation

/// One value behind a lock, for state that threads share: the library's one lock box (a class that needs
/// shared mutable state keeps it in a `Locked` and stays plainly `Sendable`).
///
/// `@unchecked Sendable`: `value` is only read and written inside `withValue` and `current`, while holding
/// `lock`, and `Value` is `Sendable`, so what leaves the lock may cross threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // SAFETY of `@exclusivity(unchecked)`: the lock already makes every access exclusive (no access overlaps
    // another, on any thread), so the run-time check would only repeat it, at a cost on every request (the
    // host and base URL caches are read through here).
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// The value now.
    var current: Value { withValue { $0 } }
}
