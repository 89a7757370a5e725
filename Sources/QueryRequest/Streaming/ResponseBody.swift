import Foundation

/// The body of a response: an asynchronous sequence of byte chunks, either held whole or read as they arrive.
///
/// ```swift
/// let streamed = try await client.stream(ExportRequest())
/// for try await chunk in streamed.body {
///     try file.write(contentsOf: chunk)
/// }
/// ```
///
/// Two kinds of body, one type:
///
/// | Made with | ``data`` | Iterations |
/// |-----------|----------|------------|
/// | `ResponseBody(data)` (a middleware's answer, a response the client read whole) | the bytes | any number, each yields the bytes as one chunk |
/// | `ResponseBody(chunks)` (a ``NetworkSession``'s stream, ``APIClient/stream(_:)``) | `nil` | one: the bytes are not kept, so a second iteration throws ``ResponseBody/IterationError`` |
///
/// Ending the iteration of a streamed body early (a `break`, a thrown error, the body let go of) stops the
/// transfer, and cancelling the reading task stops it too. ``collect(upTo:)`` reads either kind whole, within a
/// limit.
///
/// From ``APIClient/stream(_:)``, iteration throws only ``APIError``: ``APIError/transport(_:)`` for a
/// connection lost or a timeout between chunks, ``APIError/responseTooLarge(limit:response:)`` once the
/// bytes pass the response size limit, ``APIError/cancelled``. A ``NetworkSession`` that makes one may
/// throw its own errors, which the client then maps.
public struct ResponseBody: AsyncSequence, Sendable {
    /// A chunk of the body, of whatever size the transport delivered.
    public typealias Element = Data

    private enum Kind: Sendable {
        case whole(Data)
        case streamed(Storage)
    }
    private let kind: Kind

    /// A body made of the chunks of `chunks`, for a ``NetworkSession`` or a ``ClientMiddleware`` that
    /// produces one. The sequence is read once, by the first iteration.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        self.init(source: SequenceBodySource(chunks))
    }

    /// A body held whole: `data`, read as one chunk (or none when `data` is empty) by every iteration.
    public init(_ data: Data) {
        kind = .whole(data)
    }

    init(source: any ResponseBodySource) {
        kind = .streamed(Storage(source: source))
    }

    /// The bytes, when the body is held whole; `nil` for a body that streams, whose bytes are read once as
    /// they arrive.
    public var data: Data? {
        if case .whole(let data) = kind { data } else { nil }
    }

    /// Starts reading the body. A streamed body is read by its first iterator only; another throws
    /// ``IterationError``.
    public func makeAsyncIterator() -> AsyncIterator {
        switch kind {
        case .whole(let data): AsyncIterator(whole: data)
        case .streamed(let storage): AsyncIterator(storage: storage, source: storage.take())
        }
    }

    /// The body's lines, as they arrive (see ``ResponseLines``); reading them reads the body.
    public var lines: ResponseLines { ResponseLines(self) }

    /// The whole body, read until it ends, if it has at most `maximumBytes` bytes.
    ///
    /// - Throws: ``TooLargeError`` as soon as the bytes pass `maximumBytes` (a streamed body's transfer is then
    ///   stopped); the errors of the iteration (see above).
    public func collect(upTo maximumBytes: Int) async throws -> Data {
        if let data {
            guard data.count <= maximumBytes else { throw TooLargeError(limit: maximumBytes) }
            return data
        }
        var collected = Data()
        for try await chunk in self {
            guard chunk.count <= maximumBytes - collected.count else {
                cancel()
                throw TooLargeError(limit: maximumBytes)
            }
            collected.append(chunk)
        }
        return collected
    }

    /// Stops the transfer of a streamed body and lets go of what is buffered; an iteration in progress ends
    /// with ``APIError/cancelled``. Calling it after the body ended, or on a body held whole, does nothing.
    public func cancel() {
        if case .streamed(let storage) = kind { storage.cancel() }
    }

    /// Reads the chunks of a ``ResponseBody``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Kept so that the transfer stops when the last iterator and body are gone.
        private let storage: Storage?
        private let source: (any ResponseBodySource)?
        /// What is left of a body held whole.
        private var whole: Data?

        init(storage: Storage, source: (any ResponseBodySource)?) {
            self.storage = storage
            self.source = source
        }

        init(whole data: Data) {
            storage = nil
            source = nil
            whole = data.isEmpty ? nil : data
        }

        /// The next chunk, or `nil` once the body has ended.
        public mutating func next() async throws -> Data? {
            guard storage != nil else {
                defer { whole = nil }
                return whole
            }
            guard let source else { throw IterationError() }
            return try await source.next()
        }
    }

    /// ``collect(upTo:)`` found more bytes than its limit.
    public struct TooLargeError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
        /// The limit, in bytes.
        public let limit: Int

        /// The error for a body over `limit` bytes.
        public init(limit: Int) {
            self.limit = limit
        }

        /// The ``description``.
        public var errorDescription: String? { description }

        /// Names the limit.
        public var description: String { "the response body has more than \(limit) bytes" }
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
