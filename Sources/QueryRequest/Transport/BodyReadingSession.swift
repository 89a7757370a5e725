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
        /// The `Content-Length` of a streamed body: the total to report where the platform reports none
        /// (FoundationNetworking hands every stream to libcurl as of unknown length).
        let streamedBodyLength: Int64?
        /// Where the exchange's moments go, when someone reads them.
        let timing: AttemptTimingRecorder?
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
        let timing = AttemptTimingRecorder.current
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
                        tasks[task.taskIdentifier] = TaskState(
                            reader: reader, handle: handle, timeout: timeout,
                            streamedBodyLength: Self.streamedBodyLength(of: request), timing: timing)
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
        let state = state(of: dataTask)
        state?.timing?.noteResponseStart()
        state?.reader.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state(of: dataTask)?.reader.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        guard let state = state(of: task) else { return }
        let total = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : state.streamedBodyLength
        state.reader.sent(totalBytesSent, of: total ?? totalBytesExpectedToSend)
    }

    /// The length a streamed body declares (`Content-Length`), or `nil` for a body in memory or of unknown length.
    static func streamedBodyLength(of request: URLRequest) -> Int64? {
        guard request.httpBodyStream != nil else { return nil }
        return request.value(forHTTPHeaderField: "Content-Length").flatMap { Int64($0) }
    }

    /// Keeps what the platform measured of the connection (Apple platforms date every phase).
    func urlSession(_ session: URLSession, task: URLSessionTask, didFinishCollecting metrics: URLSessionTaskMetrics) {
        lock.whileLocked { tasks[task.taskIdentifier] }?.timing?.note(metrics)
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
