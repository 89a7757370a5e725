import Foundation

/// The chunks of one attempt's body: sends them once, checking the length, and remembers why they failed.
final class BodyChunkSource: Sendable {
    let chunks: BodyChunks
    /// The ``Request`` type whose body this is, for errors.
    let requestName: RequestName
    /// The first failure recorded.
    private let recordedFailure = Locked<RequestBodyStreamError?>(nil)

    init(chunks: BodyChunks, requestName: RequestName) {
        self.chunks = chunks
        self.requestName = requestName
    }

    var length: Int64? { chunks.length }

    /// Why the body could not be sent whole, once it has failed.
    var failure: RequestBodyStreamError? { recordedFailure.current }

    func record(_ failure: RequestBodyStreamError) {
        recordedFailure.withValue { if $0 == nil { $0 = failure } }
    }

    /// What stopped ``send(to:)`` other than the sequence: the sink's own error, passed on unchanged.
    private struct SinkFailure: Error {
        let error: any Error
    }

    /// Makes the sequence and passes its bytes to `sink`, holding back the last byte of a declared length
    /// until the sequence has ended with exactly that many.
    ///
    /// - Throws: ``RequestBodyStreamError`` (also recorded) when the sequence throws or yields another number
    ///   of bytes than declared; `CancellationError` when the task was cancelled, also when the sequence
    ///   then simply ended (an `AsyncStream` does), since its end would not be the body's; what `sink` threw.
    func send(to sink: (Data) async throws -> Void) async throws {
        let length = chunks.length
        var produced: Int64 = 0
        var heldBack = Data()
        do {
            try await chunks.produce { chunk in
                guard !chunk.isEmpty else { return }
                produced += Int64(chunk.count)
                var ready = chunk
                if let length {
                    if produced > length {
                        throw RequestBodyStreamError.lengthMismatch(
                            .init(request: requestName.text, declared: length, produced: produced))
                    }
                    if produced == length {
                        // The last byte waits for the end of the sequence: if more came, the server would
                        // already hold a body of the declared length.
                        heldBack = Data(chunk.suffix(1))
                        ready = Data(chunk.dropLast())
                    }
                }
                guard !ready.isEmpty else { return }
                do {
                    try await sink(ready)
                } catch {
                    throw SinkFailure(error: error)
                }
            }
        } catch let failure as SinkFailure {
            throw failure.error
        } catch let failure as RequestBodyStreamError {
            record(failure)
            throw failure
        } catch {
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            let failure = RequestBodyStreamError.sequenceFailed(
                .init(request: requestName.text, bytesYielded: produced, underlying: error))
            record(failure)
            throw failure
        }
        if Task.isCancelled { throw CancellationError() }
        if let length, produced != length {
            let failure = RequestBodyStreamError.lengthMismatch(
                .init(request: requestName.text, declared: length, produced: produced))
            record(failure)
            throw failure
        }
        if !heldBack.isEmpty { try await sink(heldBack) }
    }
}
