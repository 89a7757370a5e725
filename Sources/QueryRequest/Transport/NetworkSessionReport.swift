import Foundation

/// What a ``NetworkSession`` of your own tells the client about the exchange it carries, as it goes: the body
/// bytes sent and received, and the moment the response's head arrived — what `URLSession` tells through its
/// delegate. The client makes the call's `progress` reports (``TransferProgress``) and the attempt's
/// ``APIClient/Attempt/Timing`` of it.
///
/// ```swift
/// func data(for request: URLRequest) async throws -> (Data, URLResponse) {
///     let report = NetworkSessionReport.current  // once per exchange, in the task that called the session
///     let (head, chunks) = try await transport.send(request) { sent in report?.sent(sent, of: length) }
///     report?.responseHeadArrived(expectedBodyLength: head.contentLength)
///     var body = Data()
///     for try await chunk in chunks {
///         body.append(chunk)
///         report?.received(chunk.count)
///     }
///     return (body, head.response)
/// }
/// ```
///
/// A session that reports nothing still works: the client reports each attempt's bytes when it ends, and leaves
/// its time to first byte unknown (but in a streamed call, where the session returns at the head). `current` is
/// `nil` when nobody listens (no `progress` closure, no `onAttempt` hook, no recording), so that a session pays
/// nothing then. The methods may be called from any thread.
public struct NetworkSessionReport: Sendable {
    private let progress: ProgressTracker?
    private let timing: AttemptTimingRecorder?

    /// The report of the exchange the calling task is sending, or `nil` when nobody listens. Read it once per
    /// exchange, in the task that called the session's method (a task-local value, which other threads and
    /// detached tasks do not see).
    public static var current: NetworkSessionReport? {
        let reporter = ProgressReporter.current
        let timing = AttemptTimingRecorder.current
        guard reporter != nil || timing != nil else { return nil }
        return NetworkSessionReport(progress: reporter.map(ProgressTracker.init), timing: timing)
    }

    /// `bytes` of the request body have been sent so far, of `total` (`nil` when the length is unknown).
    public func sent(_ bytes: Int64, of total: Int64?) {
        progress?.sent(bytes, of: total ?? -1)
    }

    /// The response's head has arrived; its body will be `expectedBodyLength` bytes (`nil` when unknown).
    public func responseHeadArrived(expectedBodyLength: Int64?) {
        timing?.noteResponseStart()
        progress?.expect(toReceive: expectedBodyLength ?? -1)
    }

    /// `count` more bytes of the response body have arrived.
    public func received(_ count: Int) {
        progress?.received(count)
    }
}
