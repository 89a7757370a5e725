import Foundation

/// One value behind a lock, for state that threads share.
///
/// `@unchecked Sendable`: `value` is only read and written inside `withValue`, while holding `lock`, and
/// `Value` is `Sendable`, so what leaves the lock may cross threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.whileLocked { try body(&value) }
    }

    /// The value now.
    var current: Value { lock.whileLocked { value } }
}
