import Foundation

/// The body of a response, as an asynchronous sequence of byte chunks read as they arrive.
///
/// ```swift
/// let streamed = try await client.stream(ExportRequest())
/// for try await chunk in streamed.body {
///     try file.write(contentsOf: chunk)
/// }
/// ```
///
/// A body is read once: its bytes are not kept, so a second iteration throws
/// ``ResponseBodyStream/IterationError``. Ending the iteration early (a `break`, a thrown error, the
/// stream let go of) stops the transfer, and cancelling the reading task stops it too.
///
/// From ``APIClient/stream(_:)``, iteration throws only ``APIError``: ``APIError/transport(_:)`` for a
/// connection lost or a timeout between chunks, ``APIError/responseTooLarge(limit:response:)`` once the
/// bytes pass the response size limit, ``APIError/cancelled``. A ``NetworkSession`` that makes one may
/// throw its own errors, which the client then maps.
public struct ResponseBodyStream: AsyncSequence, Sendable {
    /// A chunk of the body, of whatever size the transport delivered.
    public typealias Element = Data

    private let storage: Storage

    /// A body made of the chunks of `chunks`, for a ``NetworkSession`` or a ``ClientMiddleware`` that
    /// produces one. The sequence is read once, by the first iteration.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        self.init(source: SequenceBodySource(chunks))
    }

    /// A body of one chunk: `data`, or no chunk at all when `data` is empty.
    public init(_ data: Data) {
        self.init(source: SequenceBodySource(OneChunk(data: data)))
    }

    init(source: any ResponseBodySource) {
        storage = Storage(source: source)
    }

    /// Starts reading the body. Only the first iterator reads it; another throws ``IterationError``.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(storage: storage, source: storage.take())
    }

    /// The body's lines, as they arrive (see ``ResponseLines``); reading them reads the body.
    public var lines: ResponseLines { ResponseLines(self) }

    /// Stops the transfer and lets go of what is buffered; an iteration in progress ends with
    /// ``APIError/cancelled``. Calling it after the body ended does nothing.
    public func cancel() {
        storage.cancel()
    }

    /// Reads the chunks of a ``ResponseBodyStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Kept so that the transfer stops when the last iterator and stream are gone.
        private let storage: Storage
        private let source: (any ResponseBodySource)?

        init(storage: Storage, source: (any ResponseBodySource)?) {
            self.storage = storage
            self.source = source
        }

        /// The next chunk, or `nil` once the body has ended.
        public mutating func next() async throws -> Data? {
            guard let source else { throw IterationError() }
            return try await source.next()
        }
    }

    /// The body was iterated a second time: a streamed body is read once, as it arrives, and not kept.
    public struct IterationError: Error, Sendable, CustomStringConvertible, LocalizedError {
        /// The ``description``.
        public var errorDescription: String? { description }

        /// Says what happened and what to do instead.
        public var description: String {
            "a streamed response body can be read once; keep the chunks while reading them the first time"
        }
    }

    /// The one source of a body, given to the first iterator; the transfer stops when the last
    /// reference to the body goes away.
    final class Storage: Sendable {
        private let source: any ResponseBodySource
        private let taken = Locked(false)

        init(source: any ResponseBodySource) { self.source = source }

        func take() -> (any ResponseBodySource)? {
            taken.withValue { taken in
                defer { taken = true }
                return taken ? nil : source
            }
        }

        func cancel() { source.cancel() }

        deinit { source.cancel() }
    }
}

/// Produces the chunks of one response body, read by one iterator at a time.
protocol ResponseBodySource: AnyObject, Sendable {
    /// The next chunk, `nil` at the end; after an error or the end, `nil` again.
    func next() async throws -> Data?
    /// Stops the transfer, if it is still running; a `next()` in progress throws.
    func cancel()
}

/// The chunks of any asynchronous sequence of `Data`.
///
/// Cancelling lets go of the sequence's iterator (at once, or as soon as a `next()` in progress returns),
/// which is how a sequence such as AsyncHTTPClient's body learns that nobody reads it any more.
///
/// `@unchecked Sendable`: `iterator`, `started`, `busy` and `ended` are only read and written while holding
/// `lock`. During a `next()` the iterator is moved out into that call, so `cancel()` from another thread
/// never touches an iterator in use; `next()` is only called by the one iterator of the one
/// ``ResponseBodyStream`` that owns this source, which is not `Sendable`, so its calls never overlap.
final class SequenceBodySource<Chunks: AsyncSequence & Sendable>: ResponseBodySource, @unchecked Sendable
where Chunks.Element == Data {
    private let lock = NSLock()
    private let chunks: Chunks
    private var iterator: Chunks.AsyncIterator?
    private var started = false
    private var busy = false
    private var ended = false

    init(_ chunks: Chunks) { self.chunks = chunks }

    func next() async throws -> Data? {
        let taken: Chunks.AsyncIterator?? = lock.whileLocked {
            guard !ended else { return .none }
            busy = true
            if !started {
                started = true
                return .some(chunks.makeAsyncIterator())
            }
            defer { iterator = nil }
            return .some(iterator)
        }
        guard case .some(var current?) = taken else { return nil }
        let outcome: Result<Data?, any Error>
        do {
            outcome = .success(try await current.next())
        } catch {
            outcome = .failure(error)
        }
        lock.whileLocked {
            busy = false
            if case .success(.some) = outcome, !ended {
                iterator = current
            } else {
                ended = true
            }
        }
        return try outcome.get()
    }

    func cancel() {
        lock.whileLocked {
            ended = true
            if !busy { iterator = nil }
        }
    }
}

/// A body of one chunk, or of none when the data is empty.
struct OneChunk: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data

    func makeAsyncIterator() -> Iterator { Iterator(data: data.isEmpty ? nil : data) }

    struct Iterator: AsyncIteratorProtocol {
        var data: Data?
        mutating func next() async -> Data? {
            defer { data = nil }
            return data
        }
    }
}
