import Foundation

/// How far a request's exchange has got: body bytes sent and received, and the totals when known.
///
/// ```swift
/// try await client.send(UploadVideoRequest(video: file), progress: { progress in
///     if let fraction = progress.fractionSent { showUpload(fraction) }
/// })
/// ```
///
/// `URLSession` reports as the bytes go out and come in; another ``NetworkSession`` is reported once per
/// attempt, when it answers. A retry starts again from zero.
public struct TransferProgress: Sendable, Hashable {
    /// Body bytes sent so far.
    public var bytesSent: Int64
    /// The body's size, when known (not for a body streamed without a length).
    public var totalBytesToSend: Int64?
    /// Body bytes received so far.
    public var bytesReceived: Int64
    /// The response body's size, when the server said (`Content-Length`).
    public var totalBytesToReceive: Int64?

    /// Creates a progress value.
    public init(bytesSent: Int64, totalBytesToSend: Int64?, bytesReceived: Int64, totalBytesToReceive: Int64?) {
        self.bytesSent = bytesSent
        self.totalBytesToSend = totalBytesToSend
        self.bytesReceived = bytesReceived
        self.totalBytesToReceive = totalBytesToReceive
    }

    /// `bytesSent / totalBytesToSend`, or `nil` when the total is unknown or zero.
    public var fractionSent: Double? {
        guard let total = totalBytesToSend, total > 0 else { return nil }
        return Double(bytesSent) / Double(total)
    }

    /// `bytesReceived / totalBytesToReceive`, or `nil` when the total is unknown or zero.
    public var fractionReceived: Double? {
        guard let total = totalBytesToReceive, total > 0 else { return nil }
        return Double(bytesReceived) / Double(total)
    }
}

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
    /// The closure's own queue: serial (reports arrive in order) and overcommitting (a closure that blocks
    /// holds one thread of its own, never the pool's).
    private let queue = DispatchQueue(label: "QueryRequest.ProgressReporter")

    init(_ report: @escaping @Sendable (TransferProgress) -> Void) { self.report = report }

    func callAsFunction(_ progress: TransferProgress) {
        let schedules: Bool = lock.whileLocked {
            reported = true
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

/// The progress of one task of a session that reports as bytes move: the counts so far, passed to the
/// call's ``ProgressReporter`` at each change.
///
/// `@unchecked Sendable`: `transfer` is only read and written while holding `lock`.
final class ProgressTracker: @unchecked Sendable {
    private let lock = NSLock()
    private let report: ProgressReporter
    private var transfer = TransferProgress(
        bytesSent: 0, totalBytesToSend: nil, bytesReceived: 0, totalBytesToReceive: nil)

    init(_ report: ProgressReporter) { self.report = report }

    /// The request body's progress, as the session reports it (`-1` for an unknown total).
    func sent(_ total: Int64, of expected: Int64) {
        update {
            $0.bytesSent = total
            // FoundationNetworking reports 0 expected for a body stream, whose size it does not know.
            $0.totalBytesToSend = expected > 0 || (expected == 0 && total == 0) ? expected : nil
        }
    }

    /// The response's `Content-Length` (`-1` when it has none); reported with the first bytes.
    func expect(toReceive expected: Int64) {
        lock.whileLocked { transfer.totalBytesToReceive = expected >= 0 ? expected : nil }
    }

    /// `count` more bytes of the response body.
    func received(_ count: Int) {
        update { $0.bytesReceived += Int64(count) }
    }

    private func update(_ change: (inout TransferProgress) -> Void) {
        let now = lock.whileLocked {
            change(&transfer)
            return transfer
        }
        report(now)
    }
}
