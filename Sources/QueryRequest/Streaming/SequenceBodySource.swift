import Foundation

/// The chunks of any asynchronous sequence of `Data`.
///
/// Cancelling lets go of the sequence's iterator (at once, or as soon as a `next()` in progress returns),
/// which is how a sequence such as AsyncHTTPClient's body learns that nobody reads it any more.
///
/// `@unchecked Sendable`: `iterator`, `started`, `busy` and `ended` are only read and written while holding
/// `lock`. During a `next()` the iterator is moved out into that call, so `cancel()` from another thread
/// never touches an iterator in use; `next()` is only called by the one iterator of the one
/// ``ResponseBody`` that owns this source, which is not `Sendable`, so its calls never overlap.
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
