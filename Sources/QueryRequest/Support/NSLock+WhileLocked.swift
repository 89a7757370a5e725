import Foundation

extension NSLock {
    /// Runs `body` while holding the lock. (`NSLocking.withLock` needs macOS 14 / iOS 17, and the package
    /// supports older systems.)
    func whileLocked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
