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
