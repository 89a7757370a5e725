import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLSessionTask` of one call, made on another thread: cancelled once it exists, if the call was
/// cancelled before; and whether the task may still be answered.
///
/// A redirect is answered (declined) only through ``unlessCancelled(_:)``, while holding the lock that a
/// cancellation takes before it calls `cancel()`. So either the answer comes first, and FoundationNetworking
/// queues it on the task's work queue before the cancellation, which waits for that queue; or the
/// cancellation comes first, and the redirect is never answered, which FoundationNetworking tolerates (an
/// answer after the task stopped traps the process).
///
/// `@unchecked Sendable`: `task`, `cancelled` and `declined` are only read and written while holding `lock`.
final class SessionTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false
    private var declined = false

    /// Keeps `task`; whether the call was cancelled before it existed.
    func attach(_ task: URLSessionTask) -> Bool {
        lock.whileLocked {
            self.task = task
            return cancelled
        }
    }

    /// Cancels the task, now if it exists, else as soon as it is attached. The cancel is made from another
    /// queue: FoundationNetworking ignores one made inside its own delegate callbacks.
    func cancel() {
        let task = lock.whileLocked {
            cancelled = true
            return self.task
        }
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// Runs `answer` (a delegate's answer to FoundationNetworking) unless the task was cancelled, holding the
    /// lock a cancellation takes.
    func unlessCancelled(_ answer: () -> Void) {
        lock.whileLocked { if !cancelled { answer() } }
    }

    /// Notes that an authentication challenge was declined, which FoundationNetworking does by cancelling.
    func noteDeclinedChallenge() {
        lock.whileLocked { declined = true }
    }

    /// Whether an authentication challenge was declined: the task's cancellation is then its end, not a failure.
    var declinedChallenge: Bool { lock.whileLocked { declined } }
}
