import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLSession` of our own, made from the configuration of an app's delegate-less session, whose
/// delegate sees the body as it arrives (so that a body larger than its limit stops downloading early),
/// declines redirects (the client follows them itself, by its ``RedirectPolicy``) and answers every
/// authentication challenge at once.
///
/// `URLSession.data(for:)` reads the whole body before returning, on every platform. Measured on Linux
/// (FoundationNetworking, Swift 6.3): cancelling a data task from inside `didReceive data`, or answering
/// `.cancel` to `didReceive response`, is ignored and the whole body is still delivered; cancelling
/// from another queue stops the transfer within about 10 MB at loopback speed. Hence the cancel below is
/// always dispatched.
///
/// What FoundationNetworking would otherwise do wrong, and what this class does instead (`Docs/Internals.md`,
/// "The URLSession transport"):
/// - A 401 with a `Basic` or `Digest` challenge, answered by default handling without a credential, leaves the
///   task hanging (swift-corelibs-foundation #5456). HTTP authentication challenges are declined, and the
///   401 that already arrived is the task's answer. Server trust gets the system's default handling.
/// - A redirect is declined the moment it is offered (the delegate queue only ever runs this class's short
///   callbacks; progress reports go elsewhere, see ``ProgressReporter``), and never after the task was
///   cancelled (``SessionTaskHandle``): a late answer to a redirect traps the process.
/// - On Linux, the task's timeout is this class's ``InactivityTimeout``, not FoundationNetworking's, whose
///   firing during a redirect hangs the task and traps on the late answer.
///
/// `@unchecked Sendable`: `tasks` is only read and written while holding `lock`; `session` is set once, in
/// `init`, before the object is shared, and `URLSession` is thread-safe.
final class BodyReadingSession: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private(set) var session: URLSession!
    private let lock = NSLock()
    private var tasks: [Int: TaskState] = [:]
    /// The storage whose cookies this class adds to requests itself, where FoundationNetworking would replace
    /// a request's own `Cookie` header with them; `nil` where the session adds them (or adds none).
    private let cookiesAddedHere: HTTPCookieStorage?

    /// What the delegate's callbacks reach for one task.
    private struct TaskState {
        let reader: any SessionTaskReader
        let handle: SessionTaskHandle
        /// The task's timeout on Linux; `nil` where the platform's own works.
        let timeout: InactivityTimeout?
    }

    init(configuration: URLSessionConfiguration) {
        #if canImport(FoundationNetworking)
            // FoundationNetworking sends the stored cookies of a URL *instead of* the Cookie header a request
            // sets (measured, Swift 6.3.1): this class adds them after that header itself, and the session only
            // stores the cookies responses set, which it does whatever `httpShouldSetCookies` says.
            cookiesAddedHere = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
            let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
            configuration.httpShouldSetCookies = false
        #else
            cookiesAddedHere = nil
        #endif
        super.init()
        // The session keeps its delegate (this object) until invalidated: the cache below owns both.
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }

    /// `request` with the cookies stored for its URL after its own `Cookie` header, as the session would add
    /// them, when this class adds them (see ``cookiesAddedHere``) and the request lets cookies be handled.
    private func withStoredCookies(_ request: URLRequest) -> URLRequest {
        guard let storage = cookiesAddedHere, request.httpShouldHandleCookies, let url = request.url,
            let cookies = storage.cookies(for: url), !cookies.isEmpty,
            let stored = HTTPCookie.requestHeaderFields(with: cookies)["Cookie"], !stored.isEmpty
        else { return request }
        var request = request
        let own = request.value(forHTTPHeaderField: "Cookie")
        request.setValue(own.map { "\($0); \(stored)" } ?? stored, forHTTPHeaderField: "Cookie")
        return request
    }

    /// Sends `request` and returns when the response's head arrives, with the body to be read as it
    /// comes, at most `limit` bytes of it.
    func stream(for request: URLRequest, upTo limit: Int) async throws -> (ResponseBody, URLResponse) {
        let handle = SessionTaskHandle()
        let reader = StreamingBodyReader(limit: limit, task: handle, progress: ProgressReporter.current)
        let response = try await run(request, reader, handle)
        return (ResponseBody(source: reader), response)
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
        let (request, timeoutInterval) = Self.withoutPlatformTimeout(withStoredCookies(request))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                reader.start(continuation)
                // Making, starting and cancelling a task wait for the queue that all of FoundationNetworking's
                // sessions share, which a body stream's `read` holds while its sequence produces (see
                // `AsyncSequenceInputStream`): never on a thread of the cooperative pool that the sequence needs.
                DispatchQueue.global().async { [self] in
                    let task = session.dataTask(with: request)
                    let timeout = timeoutInterval.map { interval in
                        InactivityTimeout(seconds: interval, confirm: confirmOnDelegateQueue) { [url = request.url] in
                            var info: [String: Any] = [NSLocalizedDescriptionKey: "The request timed out."]
                            info[NSURLErrorFailingURLErrorKey] = url
                            reader.completed(error: URLError(.timedOut, userInfo: info))
                            handle.cancel()
                        }
                    }
                    lock.whileLocked {
                        tasks[task.taskIdentifier] = TaskState(reader: reader, handle: handle, timeout: timeout)
                    }
                    task.resume()
                    if handle.attach(task) { handle.cancel() }
                }
            }
        } onCancel: {
            handle.cancel()
        }
    }

    /// Runs `probe` on the delegate queue, after the callbacks already waiting there.
    private var confirmOnDelegateQueue: @Sendable (@escaping @Sendable () -> Void) -> Void {
        { [session] probe in session?.delegateQueue.addOperation(probe) }
    }

    /// `request` as the task is made with, and the timeout this class enforces itself: on Linux, the request's
    /// timeout is kept here and FoundationNetworking's set out of reach (a year), since its own can fire while a
    /// redirect waits for the delegate (see ``InactivityTimeout``); elsewhere the platform's is used as it is.
    static func withoutPlatformTimeout(_ request: URLRequest) -> (URLRequest, TimeInterval?) {
        #if canImport(FoundationNetworking)
            var request = request
            let timeout = request.timeoutInterval
            request.timeoutInterval = 31_536_000
            return (request, timeout)
        #else
            return (request, nil)
        #endif
    }

    /// The state of `task`, after noting that it is active (its timeout counts from now).
    private func state(of task: URLSessionTask) -> TaskState? {
        let state = lock.whileLocked { tasks[task.taskIdentifier] }
        state?.timeout?.touch()
        return state
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state(of: dataTask)?.reader.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state(of: dataTask)?.reader.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        state(of: task)?.reader.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    /// Declines every redirect: the 3xx becomes the task's response, and the client follows it (or not) as its
    /// ``RedirectPolicy`` says, as a new request. Never answered once the task was cancelled.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let state = state(of: task) else {
            completionHandler(nil)
            return
        }
        state.handle.unlessCancelled { completionHandler(nil) }
    }

    /// Answers every challenge at once: HTTP authentication (Basic, Digest, NTLM, Negotiate) is declined, so
    /// that the 401 reaches the client; anything else (server trust, client certificates) gets the system's
    /// default handling.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        switch challenge.protectionSpace.authenticationMethod {
        case NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodNTLM,
            NSURLAuthenticationMethodNegotiate, NSURLAuthenticationMethodDefault, NSURLAuthenticationMethodHTMLForm:
            #if canImport(FoundationNetworking)
                // FoundationNetworking rejects a protection space by cancelling the task; the response and its
                // body have arrived already, so that cancellation ends the task with them.
                state(of: task)?.handle.noteDeclinedChallenge()
                completionHandler(.cancelAuthenticationChallenge, nil)
            #else
                completionHandler(.rejectProtectionSpace, nil)
            #endif
        default:
            completionHandler(.performDefaultHandling, nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let state = lock.whileLocked { tasks.removeValue(forKey: task.taskIdentifier) }
        guard let state else { return }
        state.timeout?.cancel()
        // A declined challenge ends the task with a cancellation, after the response it challenged.
        if let urlError = error as? URLError, urlError.code == .cancelled, state.handle.declinedChallenge {
            state.reader.completed(error: nil)
        } else {
            state.reader.completed(error: error)
        }
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
/// cancelled before; and whether the task may still be answered.
///
/// A redirect is answered (declined) only through ``unlessCancelled(_:)``, while holding the lock that a
/// cancellation takes before it calls `cancel()`. So either the answer comes first, and FoundationNetworking
/// queues it on the task's work queue before the cancellation, which waits for that queue; or the
/// cancellation comes first, and the redirect is never answered, which FoundationNetworking tolerates (an
/// answer after the task stopped traps the process).
///
/// `@unchecked Sendable`: `task`, `cancelled` and `declined` are only read and written while holding `lock`.
final class SessionTaskHandle: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false
    private var declined = false

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

    /// Runs `answer` (a delegate's answer to FoundationNetworking) unless the task was cancelled, holding the
    /// lock a cancellation takes.
    func unlessCancelled(_ answer: () -> Void) {
        lock.whileLocked { if !cancelled { answer() } }
    }

    /// Notes that an authentication challenge was declined, which FoundationNetworking does by cancelling.
    func noteDeclinedChallenge() {
        lock.whileLocked { declined = true }
    }

    /// Whether an authentication challenge was declined: the task's cancellation is then its end, not a failure.
    var declinedChallenge: Bool { lock.whileLocked { declined } }
}
