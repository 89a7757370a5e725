import Foundation

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
