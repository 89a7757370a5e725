import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A streamed body as the client hands it over: its bytes counted against the response size limit
/// whatever the session or a middleware does, its errors turned into ``APIError``, and, for the stream the
/// caller reads, the progress of the call reported as chunks are read.
///
/// `@unchecked Sendable`: `iterator`, `received` and `ended` are only used by `next()`, which only the one
/// iterator of the owning ``ResponseBody`` calls, never twice at once (that iterator is not
/// `Sendable`). `cancel()` only touches `body`, which is `Sendable`.
final class CheckedBodySource: ResponseBodySource, @unchecked Sendable {
    private let body: ResponseBody
    private var iterator: ResponseBody.AsyncIterator?
    private let response: HTTPURLResponse
    private let request: URLRequest
    private let limit: Int
    private let progress: ProgressReporter?
    /// For the stream the caller reads: what its errors' URLs are redacted with.
    private let redaction: RedactionContext?
    private var received = 0
    private var ended = false

    /// - Parameters:
    ///   - reportsProgress: Whether the chunks read count as the call's progress (the caller's stream).
    ///   - redaction: For the caller's stream, the client's: its errors name their URLs redacted.
    init(
        _ body: ResponseBody, response: HTTPURLResponse, request: URLRequest, limit: Int, reportsProgress: Bool,
        redaction: RedactionContext? = nil
    ) {
        self.body = body
        self.response = response
        self.request = request
        self.limit = limit
        self.progress = reportsProgress ? ProgressReporter.current : nil
        self.redaction = redaction
    }

    func next() async throws -> Data? {
        do {
            return try await nextChunk()
        } catch {
            throw redaction.map { error.redactingURLs(with: $0.effective) } ?? error
        }
    }

    private func nextChunk() async throws(APIError) -> Data? {
        guard !ended else { return nil }
        if iterator == nil { iterator = body.makeAsyncIterator() }
        let chunk: Data?
        do {
            chunk = try await iterator?.next()
        } catch {
            ended = true
            iterator = nil
            throw APIClient.apiError(error, response: response, sending: request)
        }
        guard let chunk else {
            ended = true
            iterator = nil
            return nil
        }
        received += chunk.count
        guard received <= limit else {
            ended = true
            iterator = nil
            body.cancel()
            throw .responseTooLarge(limit: limit, response: response)
        }
        if let progress {
            let sent = Int64(APIClient.Attempt.bodySize(of: request))
            let expected = response.expectedContentLength
            progress(
                TransferProgress(
                    bytesSent: sent, totalBytesToSend: sent, bytesReceived: Int64(received),
                    totalBytesToReceive: expected >= 0 ? expected : nil))
        }
        return chunk
    }

    func cancel() {
        body.cancel()
    }
}
