import Dispatch
import Foundation

/// Fires once when a task has been silent (no bytes sent or received, no response) for its timeout: the
/// timeout of the tasks of a ``BodyReadingSession`` on Linux, in place of FoundationNetworking's own.
///
/// FoundationNetworking's timeout cannot be used there. When it fires while the task waits for the delegate's
/// answer to a redirect, it marks the task done without completing it (the call would hang) and the
/// delegate's answer, when it comes, traps the process ("Received callback for HTTP redirection, but we're
/// not waiting for it"). It also truncates the interval to whole seconds. This one measures the same thing
/// (time since the last activity) from the delegate's callbacks, to the nanosecond, and its firing goes
/// through the same cancellation as everything else (``SessionTaskHandle``), which is safe at any point.
///
/// The delegate's callbacks arrive through a queue that a busy process runs late, so a deadline that passes
/// is only a suspicion: it is confirmed by a probe sent down the same queue (`confirm`), which runs after
/// every callback already waiting there. Activity that came before the deadline, but whose callback had not
/// run yet, moves the deadline, and the timeout does not fire.
///
/// `@unchecked Sendable`: `deadline`, `timer`, `probing` and `fired` are only read and written while holding
/// `lock`; the rest is constant.
final class InactivityTimeout: @unchecked Sendable {
    private let lock = NSLock()
    /// The timeout, in nanoseconds (read by the tests, which check it is the one asked for, not rounded).
    let interval: UInt64
    private let confirm: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let onTimeout: @Sendable () -> Void
    private var deadline: UInt64
    private var timer: (any DispatchSourceTimer)?
    private var probing = false
    private var fired = false

    /// Where every timer fires: one serial queue, whose work is a comparison and, at most once per task, a
    /// cancellation.
    private static let queue = DispatchQueue(label: "QueryRequest.InactivityTimeout")

    /// A timeout of `seconds` (a non-finite or negative one reads as 60 s, the `URLRequest` default), calling
    /// `onTimeout` once when it passes without ``touch()``. Starts at once.
    ///
    /// - Parameters:
    ///   - confirm: Runs its argument after the activity callbacks already queued (on the delegate queue).
    ///   - onTimeout: Called once, when the timeout is confirmed.
    init(
        seconds: TimeInterval, confirm: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        onTimeout: @escaping @Sendable () -> Void
    ) {
        let seconds = seconds.isFinite && seconds >= 0 ? min(seconds, 31_536_000) : 60
        interval = UInt64(seconds * 1_000_000_000)
        self.confirm = confirm
        self.onTimeout = onTimeout
        deadline = DispatchTime.now().uptimeNanoseconds + interval
        let timer = DispatchSource.makeTimerSource(queue: Self.queue)
        timer.setEventHandler { [weak self] in self?.check() }
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
        self.timer = timer
        timer.resume()
    }

    /// Something happened: the timeout counts from now.
    func touch() {
        let now = DispatchTime.now().uptimeNanoseconds
        lock.whileLocked { deadline = now + interval }
    }

    /// The task ended: the timeout will not fire.
    func cancel() {
        let timer = lock.whileLocked {
            defer { self.timer = nil }
            return self.timer
        }
        timer?.cancel()
    }

    /// On the timer's queue: sends a probe if the deadline has passed, else waits for the new one.
    private func check() {
        let now = DispatchTime.now().uptimeNanoseconds
        let probes: Bool = lock.whileLocked {
            guard let timer, !fired, !probing else { return false }
            guard now >= deadline else {
                timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
                return false
            }
            probing = true
            return true
        }
        if probes { confirm { [weak self] in self?.probeArrived() } }
    }

    /// After the callbacks that were queued when the deadline passed: fires if none of them moved it.
    private func probeArrived() {
        let now = DispatchTime.now().uptimeNanoseconds
        let fires: Bool = lock.whileLocked {
            probing = false
            guard let timer, !fired else { return false }
            guard now >= deadline else {
                timer.schedule(deadline: DispatchTime(uptimeNanoseconds: deadline))
                return false
            }
            fired = true
            timer.cancel()
            self.timer = nil
            return true
        }
        if fires { onTimeout() }
    }

    deinit {
        timer?.cancel()
    }
}
