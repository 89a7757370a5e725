import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// One exchange with the session, as reported to the client's `onAttempt` hook for logging and
    /// metrics: what was sent, why, how long it took, how many bytes went each way and what came back.
    /// A request that is retried, or retried after a token refresh, makes several attempts; an attempt
    /// that a middleware answers without calling `next` reaches no session and is not reported.
    ///
    /// ```swift
    /// let client = APIClient(onAttempt: { attempt in logger.debug("\(attempt)") })
    /// // GET https://api.example.com/users?page=2 → 503 (failed; 12 ms, attempt 1)
    /// ```
    ///
    /// An attempt either got a response (``response``, with any status) or did not (``error``).
    /// ``succeeded`` is true only for a 2xx response: a 4xx or 5xx is an answer, not a success.
    ///
    /// For a call that streams its response (``APIClient/stream(_:)``), an accepted response's attempt is
    /// reported when its head arrives: ``duration`` is the time to the head, and ``responseBody`` is empty
    /// (``bytesReceived`` 0), as the body has not been read yet. A refused response is read whole first, as
    /// for every call.
    public struct Attempt: Sendable {
        /// The request as sent, after every middleware, including the `Authorization` header: ``description``
        /// and ``cURLCommand`` redact it; redact it yourself before writing it out another way
        /// (``LoggingMiddleware`` does).
        public let request: URLRequest
        /// The ``Request`` type being sent, such as `UserRequest`.
        public var requestName: String { name.text }
        private let name: RequestName
        /// 1 for the first attempt of a call to ``APIClient/send(_:progress:)``, 2 for the next, and so on.
        public let number: Int
        /// Why this attempt was made: the first, or a retry and its cause.
        public let reason: AttemptReason
        /// How long the session took to answer.
        public let duration: Duration
        /// When the answer began, and what the platform measured of the connection.
        public let timing: Timing
        /// The size of the request body sent, in bytes (0 for none, or for a streamed body whose size
        /// the request does not state).
        public let bytesSent: Int
        /// The size of the response body received, in bytes (0 when the server did not answer).
        public let bytesReceived: Int
        /// The server's response, whatever its status; `nil` when the server did not answer.
        public let response: HTTPURLResponse?
        /// The response body; `nil` when the server did not answer.
        public let responseBody: Data?
        /// Why the server did not answer: ``APIError/transport(_:)`` or ``APIError/cancelled``; `nil`
        /// when it answered, whatever the status.
        public let error: APIError?
        /// What the client hides in text: its redaction, and the names its authorization middleware placed.
        private let redaction: RedactionContext?

        /// The status the server answered with; `nil` when it did not answer.
        public var statusCode: Int? { response?.statusCode }

        /// Whether the server answered with a 2xx status. A 4xx or 5xx answer, or no answer, is not
        /// a success.
        public var succeeded: Bool { statusCode.map { (200..<300).contains($0) } ?? false }

        /// The phases of an attempt, each `nil` where it is not known.
        ///
        /// ``timeToFirstByte`` runs from handing the request to the session to the response's head: the
        /// server's time to answer plus the network's, the request body included. `URLSession` and
        /// `AsyncHTTPClientSession` note the head; any session does for a call that streams its response
        /// (``APIClient/stream(_:)``, downloads, server-sent events), whose session returns at the head; a session
        /// of your own does through ``NetworkSessionReport``, and one that does not (a stub) cannot say.
        ///
        /// The connection's phases are the platform's own measure (`URLSessionTaskMetrics`), on Apple
        /// platforms; FoundationNetworking (Linux) reports none, so they are `nil` there, as they are for a
        /// connection that was reused.
        public struct Timing: Sendable, Hashable {
            /// From handing the request to the session to the response's head.
            public let timeToFirstByte: Duration?
            /// Resolving the host's name.
            public let domainLookup: Duration?
            /// Opening the connection, TLS included (as `URLSessionTaskMetrics` and HAR count it).
            public let connect: Duration?
            /// The TLS handshake.
            public let secureConnection: Duration?

            /// Creates a timing, for a test that reports attempts itself.
            public init(
                timeToFirstByte: Duration? = nil, domainLookup: Duration? = nil, connect: Duration? = nil,
                secureConnection: Duration? = nil
            ) {
                self.timeToFirstByte = timeToFirstByte
                self.domainLookup = domainLookup
                self.connect = connect
                self.secureConnection = secureConnection
            }

            /// The timing `recorder` noted for an attempt that began at `start`.
            init(_ recorder: AttemptTimingRecorder?, since start: ContinuousClock.Instant) {
                let phases = recorder?.phases
                self.init(
                    timeToFirstByte: recorder?.responseStart.map { start.duration(to: $0) },
                    domainLookup: phases?.domainLookup, connect: phases?.connect,
                    secureConnection: phases?.secureConnection)
            }
        }

        /// The size of `request`'s body: its `httpBody`, or the `Content-Length` it states, or 0.
        static func bodySize(of request: URLRequest) -> Int {
            request.httpBody?.count ?? request.value(forHTTPHeaderField: "Content-Length").flatMap { Int($0) } ?? 0
        }

        init(
            request: URLRequest, context: MiddlewareContext, duration: Duration, timing: Timing,
            outcome: Result<(response: HTTPURLResponse, body: Data), APIError>, redaction: RedactionContext
        ) {
            self.request = request
            self.redaction = redaction
            self.name = context.name
            self.number = context.attempt
            self.reason = context.reason
            self.duration = duration
            self.timing = timing
            self.bytesSent = Self.bodySize(of: request)
            self.bytesReceived = (try? outcome.get().body.count) ?? 0
            switch outcome {
            case .success(let exchange):
                (response, responseBody, error) = (exchange.response, exchange.body, nil)
            case .failure(let failure):
                (response, responseBody, error) = (nil, nil, failure)
            }
        }
    }
}

extension APIClient.Attempt: CustomStringConvertible {
    /// One line: method, URL, status and whether it succeeded, or the error; duration and attempt number. The
    /// URL and the error are redacted with the client's redaction and what its authorization middleware
    /// placed (an API key in the query): ``unredactedDescription`` keeps them.
    public var description: String { line(redactedWith: redaction?.effective ?? .default) }

    /// ``description`` with nothing redacted: the API keys and passwords in the URL as they were sent. For a
    /// local debugging session; never write it where others can read it.
    public var unredactedDescription: String { line(redactedWith: .none) }

    /// A `curl` command that repeats the request as sent, redacted like ``description``.
    public var cURLCommand: String { request.cURLCommand(redacting: redaction?.effective ?? .default) }

    private func line(redactedWith redaction: Redaction) -> String {
        let method = request.httpMethod ?? "GET"
        let url = request.url.map { redaction.redactedURL($0).absoluteString } ?? "(no URL)"
        let outcome: String
        if let statusCode {
            outcome = "\(statusCode) (\(succeeded ? "succeeded" : "failed"); "
        } else {
            let reason = error.map { redaction.redactedDescription(of: $0.redactingURLs(with: redaction)) }
            outcome = "no response: \(reason ?? "unknown") ("
        }
        return "\(method) \(url) → \(outcome)\(duration.wholeMilliseconds) ms, attempt \(number))"
    }
}
