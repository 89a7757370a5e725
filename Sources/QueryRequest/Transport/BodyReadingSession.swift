import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSession` of our own, made from the configuration of an app's delegate-less session, whose
/// delegate sees the body as it arrives: so that a body larger than its limit stops downloading early.
///
/// `URLSession.data(for:)` reads the whole body before returning, on every platform. Measured on Linux
/// (FoundationNetworking, Swift 6.3): cancelling a data task from inside `didReceive data`, or answering
/// `.cancel` to `didReceive response`, is ignored and the whole body is still delivered; cancelling
/// from another queue stops the transfer within about 10 MB at loopback speed. Hence the cancel below is
/// always dispatched.
///
/// `@unchecked Sendable`: `readers` is only read and written while holding `lock`; `session` is set once,
/// in `init`, before the object is shared, and `URLSession` is thread-safe.
final class BodyReadingSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private(set) var session: URLSession!
    private let lock = NSLock()
    private var readers: [Int: any SessionTaskReader] = [:]

    init(configuration: URLSessionConfiguration) {
        super.init()
        // The session keeps its delegate (this object) until invalidated: the cache below owns both.
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// Sends `request` and returns when the response's head arrives, with the body to be read as it
    /// comes, at most `limit` bytes of it.
    func stream(for request: URLRequest, upTo limit: Int) async throws -> (ResponseBodyStream, URLResponse) {
        let handle = SessionTaskHandle()
        let reader = StreamingBodyReader(limit: limit, task: handle, progress: ProgressReporter.current)
        let response = try await run(request, reader, handle)
        return (ResponseBodyStream(source: reader), response)
    }

    /// Sends `request` and reads at most `limit` bytes of body.
    func data(for request: URLRequest, upTo limit: Int) async throws -> (Data, URLResponse) {
        let handle = SessionTaskHandle()
        return try await run(
            request, BodyReader(limit: limit, task: handle, progress: ProgressReporter.current), handle)
    }

    /// Starts a task for `request`, whose delegate calls go to `reader`, and waits for what the reader makes
    /// of them.
    ///
    /// The reader (and the body stream around it) is made by the calling task, and the delegate's threads
    /// only reach it through its lock: made on the delegate's side and handed over by resuming a
    /// continuation, it was reported as a data race by ThreadSanitizer (Swift 6.3.1, Linux), which does not
    /// see that hand-over (`Docs/Testing.md`, "What ThreadSanitizer cannot see").
    private func run<Reader: SessionTaskReader>(
        _ request: URLRequest, _ reader: Reader, _ handle: SessionTaskHandle
    ) async throws -> Reader.Outcome {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                reader.start(continuation)
                // Making, starting and cancelling a task wait for the queue that all of FoundationNetworking's
                // sessions share, which a body stream's `read` holds while its sequence produces (see
                // `AsyncSequenceInputStream`): never on a thread of the cooperative pool that the sequence needs.
                DispatchQueue.global().async { [self] in
                    let task = session.dataTask(with: request)
                    lock.whileLocked { readers[task.taskIdentifier] = reader }
                    task.resume()
                    if handle.attach(task) { task.cancel() }
                }
            }
        } onCancel: {
            handle.cancel()
        }
    }

    private func reader(of task: URLSessionTask) -> (any SessionTaskReader)? {
        lock.whileLocked { readers[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        reader(of: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        reader(of: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        reader(of: task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let reader = lock.whileLocked { readers.removeValue(forKey: task.taskIdentifier) }
        reader?.completed(error: error)
    }

    // MARK: One session per app session

    private static let cache = Cache()

    /// The body-reading session for `owner`, made on first use from its configuration.
    static func forSession(_ owner: URLSession) -> BodyReadingSession {
        cache.session(for: owner)
    }

    /// The sessions made so far, by the app session they copy: a few at most, as apps have few sessions.
    ///
    /// `@unchecked Sendable`: `entries` is only read and written while holding `lock`.
    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [(owner: Weak, reader: BodyReadingSession)] = []

        func session(for owner: URLSession) -> BodyReadingSession {
            lock.whileLocked {
                // Let go of the sessions of app sessions that are gone.
                entries.removeAll { entry in
                    guard entry.owner.session == nil else { return false }
                    entry.reader.session.finishTasksAndInvalidate()
                    return true
                }
                if let entry = entries.first(where: { $0.owner.session === owner }) { return entry.reader }
                let reader = BodyReadingSession(configuration: owner.configuration)
                entries.append((Weak(owner), reader))
                return reader
            }
        }
    }

    /// A weak reference to an app's session.
    private struct Weak {
        weak var session: URLSession?
        init(_ session: URLSession) { self.session = session }
    }
}

/// What a ``BodyReadingSession`` tells the state of one of its tasks.
protocol SessionTaskReader: AnyObject, Sendable {
    /// What the caller receives: the whole body, or the head and a stream of the body.
    associatedtype Outcome: Sendable
    /// Waits for the outcome; `continuation` is resumed exactly once.
    func start(_ continuation: CheckedContinuation<Outcome, any Error>)
    /// The request body's progress (`-1` for an unknown total).
    func sent(_ total: Int64, of expected: Int64)
    /// The response's head.
    func received(_ response: URLResponse)
    /// The next bytes of the response body.
    func received(_ data: Data)
    /// The end of the task: `nil` when the whole body arrived.
    func completed(error: (any Error)?)
}

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

/// The `URLSessionTask` of one call, made on another thread: cancelled once it exists, if the call was
/// cancelled before.
///
/// `@unchecked Sendable`: `task` and `cancelled` are only read and written while holding `lock`.
final class SessionTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    /// Keeps `task`; whether the call was cancelled before it existed.
    func attach(_ task: URLSessionTask) -> Bool {
        lock.whileLocked {
            self.task = task
            return cancelled
        }
    }

    /// Cancels the task, now if it exists, else as soon as it is attached. The cancel is made from another
    /// queue: FoundationNetworking ignores one made inside its own delegate callbacks.
    func cancel() {
        let task = lock.whileLocked {
            cancelled = true
            return self.task
        }
        if let task { DispatchQueue.global().async { task.cancel() } }
    }
}
