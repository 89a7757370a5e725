import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one streamed task of a ``BodyReadingSession``: the response's head, handed over as soon as
/// it arrives, then the body's chunks, queued until the reader asks for them.
///
/// Chunks are queued without bound below the response size limit: the transfer is not paused for a slow
/// reader (FoundationNetworking cannot pause a running task), so the limit bounds the memory held. Only
/// the request body's progress is reported here; the client reports the response's as it hands the
/// chunks over (``CheckedBodySource``), whatever the session.
///
/// `@unchecked Sendable`: every stored property but the constants is only read and written while holding
/// `lock`. Continuations are resumed after the lock is released.
final class StreamingBodyReader: SessionTaskReader, ResponseBodySource, @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private let task: SessionTaskHandle
    private let progress: ProgressTracker?
    private var head: CheckedContinuation<URLResponse, any Error>?
    private var response: URLResponse?
    private var chunks: [Data] = []
    private var firstChunk = 0
    private var bytesReceived = 0
    private var waiting: CheckedContinuation<Data?, any Error>?
    private var state = State.running
    /// The most queued bytes handed over as one chunk.
    static let batchSize = 256 * 1024

    private enum State {
        case running
        /// The body ended; `nil` from now on.
        case finished
        /// The transfer failed; the error is thrown once, then `nil`.
        case failed(any Error)
    }

    init(limit: Int, task: SessionTaskHandle, progress: ProgressReporter?) {
        self.limit = limit
        self.task = task
        self.progress = progress.map(ProgressTracker.init)
    }

    /// Waits for the response's head; `continuation` receives the response, and the body is read from
    /// this object.
    func start(_ continuation: CheckedContinuation<URLResponse, any Error>) {
        lock.whileLocked { head = continuation }
    }

    // MARK: From the session's delegate

    func sent(_ total: Int64, of expected: Int64) {
        progress?.sent(total, of: expected)
    }

    func received(_ response: URLResponse) {
        let expected = response.expectedContentLength
        // A `Content-Length` over the limit: refuse before the body.
        if expected > limit {
            let head = lock.whileLocked {
                defer {
                    self.head = nil
                    state = .finished
                }
                return self.head
            }
            head?.resume(throwing: ResponseTooLargeError(limit: limit, response: response))
            stopTransfer()
            return
        }
        let head = lock.whileLocked {
            self.response = response
            defer { self.head = nil }
            return self.head
        }
        head?.resume(returning: response)
    }

    func received(_ data: Data) {
        let (reader, outcome): (CheckedContinuation<Data?, any Error>?, Result<Data?, any Error>?) = lock.whileLocked {
            guard case .running = state else { return (nil, nil) }
            bytesReceived += data.count
            if bytesReceived > limit, let response {
                let error = ResponseTooLargeError(limit: limit, response: response)
                // The chunks already queued are within the limit: the reader gets them first, then the
                // error. A waiting reader (whose queue is empty) gets the error now.
                state = waiting == nil ? .failed(error) : .finished
                defer { waiting = nil }
                return (waiting, .failure(error))
            }
            guard let waiting else {
                chunks.append(data)
                return (nil, .success(nil))
            }
            self.waiting = nil
            return (waiting, .success(data))
        }
        guard let outcome else { return }
        reader?.resume(with: outcome)
        if case .failure = outcome { stopTransfer() }
    }

    func completed(error: (any Error)?) {
        let (head, reader, outcome):
            (
                CheckedContinuation<URLResponse, any Error>?,
                CheckedContinuation<Data?, any Error>?, Result<Data?, any Error>
            ) = lock.whileLocked {
                let head = self.head
                self.head = nil
                guard case .running = state else { return (head, nil, .success(nil)) }
                if let error {
                    state = .failed(error)
                } else {
                    state = .finished
                }
                guard let waiting else { return (head, nil, .success(nil)) }
                self.waiting = nil
                // Only an empty queue has a waiting reader: it gets the end now.
                state = .finished
                return (head, waiting, error.map { .failure($0) } ?? .success(nil))
            }
        if let head { head.resume(throwing: error ?? URLError(.badServerResponse)) }
        reader?.resume(with: outcome)
    }

    // MARK: For the body's reader

    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                let outcome: Result<Data?, any Error>? = lock.whileLocked {
                    if firstChunk < chunks.count {
                        var chunk = chunks[firstChunk]
                        // Let go of the chunk now: a queue that never drains (the network always ahead of
                        // the reader) would otherwise keep every chunk read so far.
                        chunks[firstChunk] = Data()
                        firstChunk += 1
                        // A reader that fell behind takes what is queued in one chunk of up to 256 KiB: the
                        // session delivers 16 KiB at a time, and one hop per chunk cannot catch up.
                        while firstChunk < chunks.count, chunk.count + chunks[firstChunk].count <= Self.batchSize {
                            chunk.append(chunks[firstChunk])
                            chunks[firstChunk] = Data()
                            firstChunk += 1
                        }
                        if firstChunk == chunks.count {
                            chunks.removeAll(keepingCapacity: true)
                            firstChunk = 0
                        } else if firstChunk >= 1024, firstChunk * 2 >= chunks.count {
                            chunks.removeFirst(firstChunk)
                            firstChunk = 0
                        }
                        return .success(chunk)
                    }
                    switch state {
                    case .running:
                        waiting = continuation
                        return nil
                    case .finished:
                        return .success(nil)
                    case .failed(let error):
                        state = .finished
                        return .failure(error)
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            cancel()
        }
    }

    func cancel() {
        let (wasRunning, reader): (Bool, CheckedContinuation<Data?, any Error>?) = lock.whileLocked {
            let wasRunning: Bool
            switch state {
            case .running: wasRunning = true
            // Ended, but with chunks still queued: they are dropped, and the reader sees the cancellation.
            case .finished, .failed: wasRunning = false
            }
            guard wasRunning || firstChunk < chunks.count else { return (false, nil) }
            chunks.removeAll()
            firstChunk = 0
            // A waiting reader gets the cancellation now; otherwise its next call does.
            state = waiting == nil ? .failed(CancellationError()) : .finished
            defer { waiting = nil }
            return (wasRunning, waiting)
        }
        reader?.resume(throwing: CancellationError())
        if wasRunning { stopTransfer() }
    }

    /// Cancels the task from another queue: FoundationNetworking ignores a cancel made inside a delegate
    /// callback (see ``BodyReadingSession``).
    private func stopTransfer() {
        task.cancel()
    }
}
