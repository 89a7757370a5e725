import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``NetworkSession`` for tests: it answers with canned replies and records every request it saw.
///
/// ```swift
/// let session = StubNetworkSession()
/// session.stub(.get, "/users/42", with: .json(#"{"id": 42, "name": "Ada"}"#))
/// session.stub(.get, "/ranking", with: .init(status: 503, headers: ["Retry-After": "1"]), .json("[]"))
/// let client = APIClient(session: session)
/// // … exercise your code …
/// #expect(session.requests.map(\.url?.path) == ["/users/42"])
/// ```
///
/// A request is answered by the first stub of its method and path; otherwise by the next reply of the
/// queue (``init(_:)``, ``enqueue(_:)``); otherwise by the handler (``init(handler:)``). A request
/// nothing answers fails with a `URLError(.resourceUnavailable)` that names it.
public final class StubNetworkSession: NetworkSession, Sendable {

    /// A canned answer: a response (status, headers, body) or an error to throw.
    public struct Reply: Sendable {
        enum Outcome {
            case response(status: Int, headers: [String: String], body: Data)
            case chunks(status: Int, headers: [String: String], chunks: [Data], failure: (any Error)?)
            case failure(any Error)
        }
        let outcome: Outcome

        /// A response with `status`, `headers` and `body`; by default an empty 200.
        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
            outcome = .response(status: status, headers: headers, body: body)
        }

        private init(failure error: any Error) { outcome = .failure(error) }

        /// A response whose body is `json` as UTF-8, with `Content-Type: application/json` unless
        /// `headers` has a Content-Type of its own.
        public static func json(_ json: String, status: Int = 200, headers: [String: String] = [:]) -> Reply {
            var headers = headers
            if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
                headers["Content-Type"] = "application/json"
            }
            return Reply(status: status, headers: headers, body: Data(json.utf8))
        }

        /// Throws `error` instead of answering, such as `URLError(.timedOut)`.
        public static func failure(_ error: any Error) -> Reply { Reply(failure: error) }

        /// A response whose body arrives in `chunks`, one at a time, for a call that streams it
        /// (``APIClient/stream(_:)``): to test code that reads lines or events cut anywhere. With
        /// `failure`, the connection then breaks: the stream throws it after the last chunk (and a call
        /// that reads the body whole throws it at once).
        public static func chunks(
            _ chunks: [Data], status: Int = 200, headers: [String: String] = [:], failure: (any Error)? = nil
        ) -> Reply {
            Reply(outcome: .chunks(status: status, headers: headers, chunks: chunks, failure: failure))
        }

        private init(outcome: Outcome) { self.outcome = outcome }
    }

    private struct Route {
        let method: HTTPMethod
        let path: String
        var replies: [Reply]
    }

    /// The replies still to give and the requests seen so far.
    private struct Script: Sendable {
        var routes: [Route] = []
        var queue: [Reply]
        var seen: [URLRequest] = []
    }
    private let script: Locked<Script>
    private let handler: (@Sendable (URLRequest) async throws -> Reply)?

    /// A session that answers requests with `replies`, in order, one reply per request.
    public init(_ replies: Reply...) {
        script = Locked(Script(queue: replies))
        handler = nil
    }

    /// A session that answers each request with what `handler` returns, or throws what it throws.
    ///
    /// The handler runs in the calling task, so it sees that task's cancellation: a handler that
    /// suspends (`try await Task.sleep(for: .seconds(3600))`) simulates a request in flight.
    public init(handler: @escaping @Sendable (URLRequest) async throws -> Reply) {
        script = Locked(Script(queue: []))
        self.handler = handler
    }

    /// Every request the session was asked to send, in order.
    public var requests: [URLRequest] { script.current.seen }

    /// Answers the requests with `method` and `path` (the URL's path as sent, percent-encoded, without
    /// the query) with `replies` in order; the last one answers every later matching request.
    public func stub(_ method: HTTPMethod, _ path: String, with replies: Reply...) {
        script.withValue { $0.routes.append(Route(method: method, path: path, replies: replies)) }
    }

    /// Adds replies to the queue, which answers requests that no ``stub(_:_:with:)`` matches.
    public func enqueue(_ replies: Reply...) {
        script.withValue { $0.queue.append(contentsOf: replies) }
    }

    /// Records `request` and answers it with its reply.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let (reply, url) = try await reply(to: request)
        switch reply.outcome {
        case .failure(let error):
            throw error
        case .response(let status, let headers, let body):
            return (body, try Self.response(url, status, headers))
        case .chunks(let status, let headers, let chunks, let failure):
            if let failure { throw failure }
            return (chunks.reduce(into: Data()) { $0 += $1 }, try Self.response(url, status, headers))
        }
    }

    /// Records `request` and answers it with its reply, a ``Reply/chunks(_:status:headers:failure:)``
    /// reply chunk by chunk.
    public func stream(for request: URLRequest, upTo limit: Int) async throws -> (ResponseBody, URLResponse) {
        let (reply, url) = try await reply(to: request)
        switch reply.outcome {
        case .failure(let error):
            throw error
        case .response(let status, let headers, let body):
            guard body.count <= limit else {
                throw ResponseTooLargeError(limit: limit, response: try Self.response(url, status, headers))
            }
            return (ResponseBody(body), try Self.response(url, status, headers))
        case .chunks(let status, let headers, let chunks, let failure):
            return (
                ResponseBody(CannedChunks(chunks: chunks, failure: failure)),
                try Self.response(url, status, headers)
            )
        }
    }

    /// Records `request` and finds its reply.
    private func reply(to request: URLRequest) async throws -> (Reply, URL) {
        guard let url = request.url else { throw URLError(.badURL) }
        let method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        let path = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        let canned: Reply? = script.withValue { script in
            script.seen.append(request)
            if let index = script.routes.firstIndex(where: {
                $0.method == method && $0.path == path && !$0.replies.isEmpty
            }) {
                let replies = script.routes[index].replies
                return replies.count > 1 ? script.routes[index].replies.removeFirst() : replies[0]
            }
            return script.queue.isEmpty ? nil : script.queue.removeFirst()
        }
        if let canned { return (canned, url) }
        if let handler { return (try await handler(request), url) }
        throw URLError(
            .resourceUnavailable,
            userInfo: [
                NSLocalizedDescriptionKey:
                    "StubNetworkSession has no reply for \(method.rawValue) \(url.absoluteString)",
                NSURLErrorFailingURLErrorKey: url,
            ])
    }

    private static func response(_ url: URL, _ status: Int, _ headers: [String: String]) throws -> HTTPURLResponse {
        guard
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else { throw URLError(.badServerResponse) }
        return response
    }

    /// The chunks of a reply, then its failure, if any.
    private struct CannedChunks: AsyncSequence, Sendable {
        typealias Element = Data
        let chunks: [Data]
        let failure: (any Error)?

        func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks, failure: failure) }

        struct Iterator: AsyncIteratorProtocol {
            var chunks: [Data]
            var failure: (any Error)?
            var index = 0

            mutating func next() async throws -> Data? {
                if index < chunks.count {
                    defer { index += 1 }
                    return chunks[index]
                }
                if let failure {
                    self.failure = nil
                    throw failure
                }
                return nil
            }
        }
    }
}
