import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(os)
    import os
#endif

/// Writes one line per attempt and, at the debug level, the headers and bodies, with secrets redacted.
///
/// ```swift
/// let client = APIClient(middleware: [
///     APIKeyMiddleware(key, in: .queryParameter("api_key")),
///     LoggingMiddleware(redaction: .default.redactingQueryParameters("api_key")),
/// ])
/// // GET https://api.example.com/users?api_key=REDACTED → 200 (84 ms, 0 B sent, 1204 B received; UserRequest, attempt 1)
/// ```
///
/// The line is written when the attempt ends, with the status or the error, the duration, the body bytes
/// each way, the request type, the attempt number and, for a retry, why it was made. At ``Level/debug``
/// the request's and the response's headers and bodies follow (bodies cut at ``maximumBodyLength``
/// bytes, shown as text when they are UTF-8).
///
/// Header values and query values named by the ``Redaction`` (by default `Authorization`,
/// `Proxy-Authorization`, `Cookie`, `Set-Cookie`, and URL passwords), and every header and query parameter
/// the client's ``AuthorizationMiddleware`` placed on the request (an API key, a signature), are replaced by
/// `REDACTED` in every line, error messages included; ``Redaction/none`` turns all of it off. Bodies are not
/// redacted: keep the level at ``Level/info`` where bodies carry secrets. Place it after the middleware whose
/// changes you want to see (an authorization middleware, say).
public struct LoggingMiddleware: ClientMiddleware {
    /// How much is written.
    public enum Level: Sendable, Hashable, Comparable {
        /// One line per attempt.
        case info
        /// The line, then the headers and bodies of the request and the response.
        case debug

        /// `info` < `debug`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs == .info && rhs == .debug }
    }

    /// One thing logged: the level and the text (one line, or several at ``Level/debug``).
    public struct Message: Sendable, Hashable {
        /// ``Level/info`` for the line of an attempt, ``Level/debug`` for its headers and bodies.
        public let level: Level
        /// The text, already redacted.
        public let text: String
    }

    /// Where messages go.
    public struct Destination: Sendable {
        let write: @Sendable (Message) -> Void

        /// Prints each message to standard output.
        public static let standardOutput = Destination { print($0.text) }

        /// Hands each message to `write`: a logging library, a file, a test.
        public static func custom(_ write: @escaping @Sendable (Message) -> Void) -> Destination {
            Destination(write: write)
        }

        #if canImport(os)
            /// Writes to the unified logging system: ``Level/info`` as `info`, ``Level/debug`` as `debug`.
            /// Messages are public: they are redacted before they are written.
            @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
            public static func logger(_ logger: Logger) -> Destination {
                Destination { message in
                    switch message.level {
                    case .info: logger.info("\(message.text, privacy: .public)")
                    case .debug: logger.debug("\(message.text, privacy: .public)")
                    }
                }
            }
        #endif
    }

    /// How much is written.
    public let level: Level
    /// What is hidden.
    public let redaction: Redaction
    /// How many bytes of each body are written at ``Level/debug``.
    public let maximumBodyLength: Int
    private let destination: Destination

    /// Creates a logging middleware.
    ///
    /// - Parameters:
    ///   - level: ``Level/info`` (one line per attempt, the default) or ``Level/debug``.
    ///   - redaction: What is hidden; ``Redaction/default`` unless you name more, or pass
    ///     ``Redaction/none`` to opt out.
    ///   - maximumBodyLength: How many bytes of each body are written at ``Level/debug``; 4,096 by default.
    ///   - destination: Where messages go; standard output by default.
    public init(
        level: Level = .info, redaction: Redaction = .default, maximumBodyLength: Int = 4096,
        destination: Destination = .standardOutput
    ) {
        self.level = level
        self.redaction = redaction
        self.maximumBodyLength = max(maximumBodyLength, 0)
        self.destination = destination
    }

    /// Sends the request and writes what happened.
    public func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request)
            write(messages(for: request, context: context, outcome: .success(response), duration: clock.now - start))
            return response
        } catch {
            write(messages(for: request, context: context, outcome: .failure(error), duration: clock.now - start))
            throw error
        }
    }

    private func write(_ messages: [Message]) {
        for message in messages { destination.write(message) }
    }

    /// The messages written for one attempt: the line, then at ``Level/debug`` the headers and bodies,
    /// all redacted. ``intercept(_:context:next:)`` writes them when the attempt ends.
    ///
    /// - Parameters:
    ///   - request: The request as sent.
    ///   - context: The attempt.
    ///   - outcome: The response, or the error `next` threw.
    ///   - duration: How long the attempt took.
    public func messages(
        for request: URLRequest, context: MiddlewareContext, outcome: Result<ClientResponse, any Error>,
        duration: Duration
    ) -> [Message] {
        // What the client hides (its redaction, what its authorization middleware placed) is hidden here too.
        let redaction = redaction.merging(context.sendState?.redaction.effective)
        let redactedRequest = redaction.redactedRequest(request)
        let method = request.httpMethod ?? "GET"
        let url = redactedRequest.url?.absoluteString ?? "(no URL)"
        let sent = request.httpBody?.count ?? 0
        var details = "\(duration.wholeMilliseconds) ms, \(sent) B sent"
        let result: String
        switch outcome {
        case .success(let response):
            details += response.body.data.map { ", \($0.count) B received" } ?? ", body streamed"
            result = "\(response.statusCode)"
        case .failure(let error):
            result = "failed: " + redaction.redactedDescription(of: error, alsoNaming: request.url)
        }
        details += "; \(context.requestName), attempt \(context.attempt)"
        if context.reason != .first { details += ", \(context.reason)" }
        let line = Message(level: .info, text: "\(method) \(url) → \(result) (\(details))")
        guard level >= .debug else { return [line] }
        var lines = ["Request headers:"]
        lines += Self.headerLines(redaction.redactedHeaders(request.headerFieldsAsSent))
        lines += bodyLines("Request body", request.httpBody, streamed: request.httpBodyStream != nil)
        if case .success(let response) = outcome {
            lines.append("Response headers:")
            lines += Self.headerLines(redaction.redactedHeaderFields(of: response.response))
            lines += bodyLines("Response body", response.body.data, streamed: response.body.data == nil)
        }
        return [line, Message(level: .debug, text: lines.joined(separator: "\n"))]
    }

    private static func headerLines(_ headers: [String: String]) -> [String] {
        headers.sorted { $0.key.lowercased() < $1.key.lowercased() }.map { "  \($0.key): \($0.value)" }
    }

    private func bodyLines(_ title: String, _ body: Data?, streamed: Bool) -> [String] {
        if streamed { return ["\(title): (streamed)"] }
        guard let body, !body.isEmpty else { return ["\(title): (empty)"] }
        let shown = body.prefix(maximumBodyLength)
        let cut = body.count > shown.count ? " … (\(body.count) B)" : ""
        if let text = String(data: shown, encoding: .utf8) {
            return ["\(title):", text + cut]
        }
        return ["\(title): \(body.count) B, not UTF-8"]
    }
}
