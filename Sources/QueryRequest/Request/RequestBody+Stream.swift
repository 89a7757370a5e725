import Foundation

extension RequestBody {
    /// A body produced while it is sent, from an `AsyncSequence` of byte chunks (`Data`, `[UInt8]`,
    /// `ArraySlice<UInt8>`…): generated content, a transformation of another stream, bytes from another
    /// source, in bounded memory whatever the size.
    ///
    /// ```swift
    /// struct UploadLogRequest: Request {
    ///     let method: HTTPMethod = .put
    ///     let host: Hosts = .production
    ///     let path = "/logs/today"
    ///     let lines: [String]
    ///
    ///     var body: RequestBody? {
    ///         .stream(contentType: "text/plain; charset=utf-8") { [lines] in
    ///             AsyncStream { continuation in
    ///                 for line in lines { continuation.yield(Data((line + "\n").utf8)) }
    ///                 continuation.finish()
    ///             }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// `makeChunks` is called once for each attempt, when the body starts to be sent, so a retry sends the
    /// whole body again: make the sequence inside the closure (open the file, start the generator), never
    /// hand out one made earlier, which could be read only once.
    ///
    /// The body is never sent incomplete as if it were whole:
    /// - With a `length`, it is sent as `Content-Length` (on every platform); a sequence that yields more or fewer bytes fails the
    ///   attempt with ``RequestBodyStreamError/lengthMismatch(_:)``, and the last
    ///   byte is held back until the sequence has ended, so the server never sees a body of the declared
    ///   length that was not all there was. Without it, the body is sent chunked.
    /// - A sequence that throws fails the attempt with
    ///   ``RequestBodyStreamError/sequenceFailed(_:)`` and the connection is
    ///   dropped before the end of the body.
    /// - The client reports either as ``APIError/invalidRequest(_:)``, and does not retry it.
    /// - Cancelling the task that sends the request cancels the sequence's iteration.
    ///
    /// At most 256 KiB plus one chunk are buffered ahead of the connection. The URL loading system reads a
    /// body stream synchronously: on Linux, FoundationNetworking does so on a queue that **every**
    /// `URLSession` of the process shares, so while the sequence has nothing ready, other requests wait too
    /// (a sequence that computes or reads local data keeps ahead; one that waits on the network or a user
    /// holds them up for as long). The sequence runs on a thread of its own, so that it
    /// runs even while FoundationNetworking's async API holds the cooperative pool; a sequence that itself
    /// waits for work on that pool may stall then (see `Docs/Requests.md`). Another ``NetworkSession`` sees the body as
    /// `httpBodyStream`; see `Docs/Requests.md` for what a ``StubNetworkSession`` sees.
    ///
    /// - Parameters:
    ///   - contentType: The body's media type; `application/octet-stream` by default.
    ///   - length: The body's exact size in bytes, when known; not negative.
    ///   - makeChunks: Makes the sequence of chunks, once for each attempt.
    public static func stream<Chunks: AsyncSequence & Sendable>(
        contentType: String = "application/octet-stream", length: Int64? = nil,
        _ makeChunks: @escaping @Sendable () -> Chunks
    ) -> RequestBody where Chunks.Element: DataProtocol {
        RequestBody(
            contentType: contentType,
            chunks: BodyChunks(length: length) { emit in
                for try await chunk in makeChunks() {
                    try await emit(chunk as? Data ?? Data(chunk))
                }
            })
    }
}
