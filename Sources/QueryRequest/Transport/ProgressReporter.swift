import Foundation

/// Where the progress of the current call goes: set by ``APIClient/send(_:progress:)`` for the call's task,
/// read by the sessions that can report as bytes move, which then say so.
///
/// The user's closure never runs where the report is made (a session's delegate queue, shared by every
/// request of the session, or the task reading a body): each report replaces the one not yet delivered, and
/// a serial queue of this call's own delivers the latest. A slow closure therefore sees fewer, newer reports,
/// in order, and delays nothing but its own; ``flush()`` waits for the last one, so that a call returns
/// after its final report.
///
/// `@unchecked Sendable`: `pending`, `scheduled` and `reported` are only read and written while holding
/// `lock`; the rest is constant.
final class ProgressReporter: @unchecked Sendable {
    @TaskLocal static var current: ProgressReporter?

    private let report: @Sendable (TransferProgress) -> Void
    private let lock = NSLock()
    /// The report not delivered yet.
    private var pending: TransferProgress?
    /// Whether a delivery is queued.
    private var scheduled = false
    /// Whether the session reported since the last attempt ended.
    private var reported = false
    /// The body bytes a resumed download held before its current attempt, added to what the attempt reports,
    /// and the whole body's length, when known: progress goes on across resumes instead of starting again.
    private var heldBefore: (bytes: Int64, total: Int64?) = (0, nil)
    /// The closure's own queue: serial (reports arrive in order) and overcommitting (a closure that blocks
    /// holds one thread of its own, never the pool's).
    private let queue = DispatchQueue(label: "QueryRequest.ProgressReporter")

    init(_ report: @escaping @Sendable (TransferProgress) -> Void) { self.report = report }

    func callAsFunction(_ progress: TransferProgress) {
        let schedules: Bool = lock.whileLocked {
            reported = true
            var progress = progress
            if heldBefore.bytes > 0 {
                progress.totalBytesToReceive =
                    heldBefore.total ?? progress.totalBytesToReceive.map { $0 + heldBefore.bytes }
                progress.bytesReceived += heldBefore.bytes
            }
            pending = progress
            defer { scheduled = true }
            return !scheduled
        }
        if schedules { queue.async { self.deliver() } }
    }

    /// On the queue: hands the latest report to the closure.
    private func deliver() {
        let progress: TransferProgress? = lock.whileLocked {
            defer {
                pending = nil
                scheduled = false
            }
            return pending
        }
        if let progress { report(progress) }
    }

    /// Counts `bytes` received before the attempt that follows, of a body of `total` bytes when known (a
    /// download that resumes); 0 for an attempt that starts from the first byte.
    func holding(_ bytes: Int64, of total: Int64?) {
        lock.whileLocked { heldBefore = (bytes, total) }
    }

    /// Waits until every report made so far has been handed to the closure (and the closure has returned).
    func flush() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // The queue is serial: this runs after every delivery queued before it.
            queue.async { continuation.resume() }
        }
    }

    /// Reports the end of an attempt whose session did not report on its own.
    func finish(sent: Int64, received: Int64, expectedToReceive: Int64?) {
        let sessionReported: Bool = lock.whileLocked {
            defer { reported = false }
            return reported
        }
        guard !sessionReported else { return }
        self(
            TransferProgress(
                bytesSent: sent, totalBytesToSend: sent, bytesReceived: received,
                totalBytesToReceive: expectedToReceive ?? received))
        lock.whileLocked { reported = false }
    }

    /// Runs `body` with `report` (when given) receiving the progress of the calls it makes, and returns once
    /// the last report was delivered, whether `body` returned or threw.
    static func reporting<Result>(
        to report: (@Sendable (TransferProgress) -> Void)?, _ body: () async throws -> Result
    ) async throws -> Result {
        guard let report else { return try await body() }
        let reporter = ProgressReporter(report)
        do {
            let result = try await $current.withValue(reporter) { try await body() }
            await reporter.flush()
            return result
        } catch {
            await reporter.flush()
            throw error
        }
    }
}
