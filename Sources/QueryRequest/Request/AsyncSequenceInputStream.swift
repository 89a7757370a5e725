import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An `InputStream` over the chunks of a ``RequestBody/stream(contentType:length:_:)`` body, for
/// `URLRequest.httpBodyStream`: what a session that reads body streams sees (Apple's `URLSession`, a
/// ``StubNetworkSession``, any other ``NetworkSession``).
///
/// Opening it starts a task that makes the sequence and fills a buffer of at most ``bufferLimit`` bytes plus
/// one chunk; `read(_:maxLength:)` takes from it, **blocking** its thread while the buffer is empty and the
/// sequence has not ended. It returns 0 only once the sequence has ended with the declared length (if any),
/// and -1 when it threw or yielded the wrong length (``streamError`` then is the
/// ``RequestBodyStreamError``), so a reader never takes a failed body for a whole one. Closing the stream,
/// or releasing it, cancels the task.
///
/// Measured on Linux (Swift 6.3.1): FoundationNetworking calls `read` on the queue that every `URLSession` of
/// the process targets (`org.swift.URLSession.SharedQueue`), so while `read` waits, every other request waits
/// too — even creating a task on another session. A pipe read by `uploadTask(with:fromFile:)` would not
/// block, but FoundationNetworking then sent the pipe's size as `Content-Length`, never unpaused a transfer
/// whose end of file came alone (a hang, in about half the runs of two concurrent 1 MiB uploads), and
/// trapped when cancelled with bytes in flight (`curl_easy_pause` on a finished handle): so the body is read
/// here, ahead of the session by at most ``bufferLimit``, and the client cancels the sequence with the task.
///
/// So that the read always ends, the sequence runs on a thread of its own (`BodyProducerExecutor`), and the
/// client makes, starts and cancels its tasks off the cooperative pool. What remains: FoundationNetworking's own
/// async API (`URLSession.data(for:delegate:)`, called by other code) blocks threads of the cooperative pool
/// while the read holds the shared queue, so a sequence that waits for work on the pool may wait until the
/// read ends — measured as a deadlock of the test suite, when a sequence waited for the test to cancel it.
final class AsyncSequenceInputStream: InputStream, RecordsBodyFailure {
    /// The chunks of this attempt.
    let source: BodyChunkSource
    private let buffer: ChunkBuffer

    /// How many bytes the producer may get ahead of the reader, at most (plus one chunk).
    static let bufferLimit = 256 * 1024

    init(source: BodyChunkSource) {
        self.source = source
        self.buffer = ChunkBuffer()
        super.init(data: Data())
    }

    deinit {
        buffer.close()
    }

    override func open() {
        buffer.open(source)
    }

    override func close() {
        buffer.close()
    }

    override var streamStatus: Stream.Status { buffer.status }

    override var streamError: (any Error)? { buffer.error }

    /// The sequence's failure or its wrong length (a ``RequestBodyStreamError``), once recorded.
    var bodyFailure: (any Error)? { source.failure }

    /// True until the end of a complete body: also while waiting for the producer, and after a failure, so
    /// that a reader calls `read` and sees -1 rather than taking the body for complete.
    override var hasBytesAvailable: Bool {
        switch buffer.status {
        case .open, .reading, .error: true
        default: false
        }
    }

    override func read(_ destination: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        buffer.read(into: destination, maxLength: length)
    }

    /// Runs `send`, which sends `request`, cancelling the sequence of its streamed body (if it has one) when
    /// the task is cancelled: a `read` waiting for the sequence then returns -1 rather than waiting on, and
    /// frees the queue that the session needs to stop the transfer.
    static func whileSending<T>(_ request: URLRequest, _ send: () async throws -> T) async throws -> T {
        guard let stream = request.httpBodyStream as? AsyncSequenceInputStream else { return try await send() }
        let buffer = stream.buffer
        return try await withTaskCancellationHandler(operation: send, onCancel: { buffer.cancel() })
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}

/// The chunks between the producing task and the stream's blocking reader.
///
/// `@unchecked Sendable`: every stored property is only read and written while holding `condition`.
private final class ChunkBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: Stream.Status = .notOpen
    private var failure: (any Error)?
    private var chunks: [Data] = []
    /// How much of `chunks[0]` has been read.
    private var offset = 0
    private var bufferedBytes = 0
    private var ended = false
    private var producer: Task<Void, Never>?
    /// The producer, waiting for room; resumed with `false` when the stream is closed.
    private var spaceWaiter: CheckedContinuation<Bool, Never>?

    private func locked<T>(_ body: () -> T) -> T {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    var status: Stream.Status { locked { state } }
    var error: (any Error)? { locked { failure } }

    func open(_ source: BodyChunkSource) {
        locked {
            guard state == .notOpen else { return }
            state = .open
            let produce: @Sendable () async -> Void = { [self] in
                do {
                    try await source.send { chunk in try await self.append(chunk) }
                    finish(failure: nil)
                } catch {
                    finish(failure: error)
                }
            }
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                producer = Task(executorPreference: BodyProducerExecutor.shared, operation: produce)
            } else {
                producer = Task(operation: produce)
            }
        }
    }

    /// Stops the sequence because the request was cancelled: a waiting `read` returns -1, never the end.
    func cancel() {
        let (task, waiter): (Task<Void, Never>?, CheckedContinuation<Bool, Never>?) = locked {
            defer {
                spaceWaiter = nil
                producer = nil
                condition.broadcast()
            }
            if failure == nil && !ended { failure = CancellationError() }
            chunks = []
            bufferedBytes = 0
            return (producer, spaceWaiter)
        }
        task?.cancel()
        waiter?.resume(returning: false)
    }

    func close() {
        let (task, waiter): (Task<Void, Never>?, CheckedContinuation<Bool, Never>?) = locked {
            defer {
                spaceWaiter = nil
                producer = nil
                chunks = []
                bufferedBytes = 0
                condition.broadcast()
            }
            state = .closed
            return (producer, spaceWaiter)
        }
        task?.cancel()
        waiter?.resume(returning: false)
    }

    /// Adds `chunk`, waiting while the buffer holds ``AsyncSequenceInputStream/bufferLimit`` bytes or more.
    private func append(_ chunk: Data) async throws {
        while true {
            let added: Bool? = locked {
                guard state != .closed, failure == nil else { return nil }
                guard bufferedBytes < AsyncSequenceInputStream.bufferLimit else { return false }
                chunks.append(chunk)
                bufferedBytes += chunk.count
                condition.broadcast()
                return true
            }
            switch added {
            case true?: return
            case nil: throw CancellationError()
            case false?:
                let proceed = await withCheckedContinuation { continuation in
                    let now: Bool? = locked {
                        if state == .closed || failure != nil { return false }
                        if bufferedBytes < AsyncSequenceInputStream.bufferLimit { return true }
                        spaceWaiter = continuation
                        return nil
                    }
                    if let now { continuation.resume(returning: now) }
                }
                if !proceed { throw CancellationError() }
            }
        }
    }

    private func finish(failure: (any Error)?) {
        locked {
            guard state != .closed else { return }
            if let failure {
                // Never the end of the body: a reader must not take what came so far for all of it.
                if self.failure == nil { self.failure = failure }
            } else if self.failure == nil {
                ended = true
            }
            condition.broadcast()
        }
    }

    func read(into destination: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        let (count, waiter): (Int, CheckedContinuation<Bool, Never>?) = locked {
            guard length > 0 else { return (0, nil) }
            while chunks.isEmpty && !ended && failure == nil && (state == .open || state == .reading) {
                condition.wait()
            }
            switch state {
            case .open, .reading: break
            case .atEnd: return (0, nil)
            default: return (-1, nil)
            }
            if chunks.isEmpty {
                if failure != nil {
                    state = .error
                    return (-1, nil)
                }
                state = .atEnd
                return (0, nil)
            }
            var copied = 0
            while copied < length, !chunks.isEmpty {
                let chunk = chunks[0]
                let count = min(length - copied, chunk.count - offset)
                chunk.copyBytes(
                    to: destination + copied, from: chunk.startIndex + offset..<chunk.startIndex + offset + count)
                copied += count
                offset += count
                if offset == chunk.count {
                    chunks.removeFirst()
                    offset = 0
                }
            }
            bufferedBytes -= copied
            state = .open
            guard bufferedBytes < AsyncSequenceInputStream.bufferLimit, let waiter = spaceWaiter else {
                return (copied, nil)
            }
            spaceWaiter = nil
            return (copied, waiter)
        }
        waiter?.resume(returning: true)
        return count
    }
}
