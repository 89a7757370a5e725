import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The state of one task of a ``BodyReadingSession``: the body so far, and the continuation to resume once.
///
/// `@unchecked Sendable`: every stored property but the constants is only read and written while holding
/// `lock`.
final class BodyReader: SessionTaskReader, @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private let task: SessionTaskHandle
    private let progress: ProgressTracker?
    private var body = Data()
    private var response: URLResponse?
    private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?

    init(limit: Int, task: SessionTaskHandle, progress: ProgressReporter?) {
        self.limit = limit
        self.task = task
        self.progress = progress.map(ProgressTracker.init)
    }

    func sent(_ total: Int64, of expected: Int64) {
        progress?.sent(total, of: expected)
    }

    func start(_ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        lock.whileLocked { self.continuation = continuation }
    }

    func received(_ response: URLResponse) {
        lock.whileLocked { self.response = response }
        progress?.expect(toReceive: response.expectedContentLength)
        // A `Content-Length` over the limit: stop before the body.
        if response.expectedContentLength > limit { refuse(response) }
    }

    func received(_ data: Data) {
        let (tooLarge, appended): (URLResponse?, Bool) = lock.whileLocked {
            guard continuation != nil else { return (nil, false) }
            if body.count + data.count > limit { return (response, false) }
            if body.isEmpty, let expected = response?.expectedContentLength, expected > 0, expected <= limit {
                body.reserveCapacity(Int(expected))
            }
            body.append(data)
            return (nil, true)
        }
        if let tooLarge { refuse(tooLarge) }
        if appended { progress?.received(data.count) }
    }

    func completed(error: (any Error)?) {
        let (continuation, body, response) = lock.whileLocked {
            defer { self.continuation = nil }
            return (self.continuation, self.body, self.response)
        }
        guard let continuation else { return }
        if let error {
            continuation.resume(throwing: error)
        } else if let response {
            continuation.resume(returning: (body, response))
        } else {
            continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    /// Ends the read with ``ResponseTooLargeError`` and stops the transfer.
    private func refuse(_ response: URLResponse) {
        let continuation = lock.whileLocked {
            defer {
                self.continuation = nil
                body = Data()
            }
            return self.continuation
        }
        continuation?.resume(throwing: ResponseTooLargeError(limit: limit, response: response))
        task.cancel()
    }
}
