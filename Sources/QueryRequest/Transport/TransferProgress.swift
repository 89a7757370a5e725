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
final class ProgressReporter: Sendable {
    @TaskLocal static var current: ProgressReporter?

    private let report: @Sendable (TransferProgress) -> Void
    private let reported = ReportedFlag()

    init(_ report: @escaping @Sendable (TransferProgress) -> Void) { self.report = report }

    func callAsFunction(_ progress: TransferProgress) {
        reported.set()
        report(progress)
    }

    /// Reports the end of an attempt whose session did not report on its own.
    func finish(sent: Int64, received: Int64, expectedToReceive: Int64?) {
        guard !reported.takeValue() else { return }
        report(
            TransferProgress(
                bytesSent: sent, totalBytesToSend: sent, bytesReceived: received,
                totalBytesToReceive: expectedToReceive ?? received))
    }

    /// Whether the session reported since the last attempt ended.
    ///
    /// `@unchecked Sendable`: `value` is only read and written while holding `lock`.
    private final class ReportedFlag: @unchecked Sendable {
        private let lock = NSLock()
        private var value = false
        func set() { lock.whileLocked { value = true } }
        func takeValue() -> Bool {
            lock.whileLocked {
                defer { value = false }
                return value
            }
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
