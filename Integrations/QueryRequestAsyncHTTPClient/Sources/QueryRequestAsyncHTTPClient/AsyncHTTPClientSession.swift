import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``NetworkSession`` that sends requests through AsyncHTTPClient: connection pooling, HTTP/2 and no
/// FoundationNetworking on servers.
///
/// ```swift
/// let client = APIClient(session: AsyncHTTPClientSession())
/// let user = try await client.send(UserRequest(id: 42))
/// ```
///
/// It sends the `URLRequest`'s method, URL, headers and body, and answers with an `HTTPURLResponse`, so
/// that everything `APIClient` does — retries, `Retry-After`, token refresh, error bodies — works as with
/// `URLSession`. Its failures are `URLError`s with the codes `URLSession` uses, the AsyncHTTPClient error
/// kept as `NSUnderlyingErrorKey`: `.timedOut`, `.cannotConnectToHost`, `.cannotFindHost`,
/// `.networkConnectionLost`, `.secureConnectionFailed`, `.cancelled`, ….
///
/// Redirects are never followed by the session: ``APIClient`` follows them itself, by its `RedirectPolicy` (each
/// hop an attempt of its own, credentials kept from other origins). ``sharedClient`` is made with
/// `redirectConfiguration: .disallow`; make an `HTTPClient` of your own the same way, or a request whose policy
/// is not the default `.follow` fails with `RedirectError.followedBySession` when the client followed one.
///
/// Cookies are kept only with a ``cookieStorage``: `Set-Cookie` of every response (each redirect too) is
/// stored under the storage's accept policy, and each request sends the cookies stored for its URL, after the
/// `Cookie` header it has (unless its `httpShouldHandleCookies` is `false`), as `URLSession` does with its
/// configuration's storage.
///
/// Differences from `URLSession`, each on purpose:
/// - The request's `timeoutInterval` bounds the whole exchange, from sending to the last byte of the
///   body, where `URLSession` bounds the time between two packets.
/// - A response body read whole is collected in memory up to the client's response size limit
///   (`APIClient(maximumResponseSize:)`, which `data(for:upTo:)` receives: a larger body stops the
///   transfer and fails as `APIError.responseTooLarge`) and never beyond ``maximumResponseBodySize``
///   (default ``defaultMaximumResponseBodySize``, 64 MiB), which fails with
///   `URLError(.dataLengthExceedsMaximum)` naming that limit rather than exhausting memory. A streamed body
///   (``stream(for:upTo:)``: `APIClient.stream(_:)`, downloads, server-sent events) is never held whole, so
///   only the limit the client passes binds it: none for a download, unless the request declares one.
/// - A body given as `httpBodyStream` (a multipart form with files on disk, `RequestBody.file`,
///   `RequestBody.stream`) is sent as it is read, 64 KiB at a time, with its `Content-Length` when the
///   request states one. The blocking reads run on threads of their own, never on the cooperative pool, so a
///   sequence that needs the pool to produce its bytes still gets it.
/// - A streamed response (``stream(for:upTo:)``, which `APIClient.stream(_:)` uses) is handed over as
///   AsyncHTTPClient delivers it. There, the request's `timeoutInterval` bounds the wait for the head; the
///   time between chunks is bounded by the `HTTPClient`'s own read timeout (its configuration's
///   `timeout.read`), not by the request.
/// - No `Content-Type` is added to a body that has none, and a `GET` with a body is sent as it is.
///
/// Like `URLSession`, it reports to the client as the exchange goes (`NetworkSessionReport`): the body bytes sent
/// as a streamed body is read, those received as they arrive, with their totals, and when the response's head
/// arrived (`APIClient.Attempt.timing`). It sends a body of known length with `Content-Length`, never chunked.
public struct AsyncHTTPClientSession: NetworkSession {
    /// The default bound on a response body: 64 MiB, generous for API responses, small enough that a
    /// hostile or broken server cannot exhaust a server's memory through one response.
    public static let defaultMaximumResponseBodySize = 64 << 20

    /// The client of sessions created without one: AsyncHTTPClient's `singletonConfiguration` on its default
    /// event loop group, except that a failed connection is not retried. AsyncHTTPClient's own shared
    /// client retries a refused connection until the request's deadline, so that a server that is down
    /// would look like a timeout after the whole timeout; like `URLSession`, this one fails at once with
    /// `URLError(.cannotConnectToHost)`, and `APIClient`'s retry policy decides what happens next. It lives
    /// as long as the process and is never shut down.
    /// Nor does it follow redirects: `APIClient` does, by its redirect policy.
    public static let sharedClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// The client that sends the requests. The session does not shut it down.
    public let client: HTTPClient
    /// The most bytes a response body read whole (``data(for:)``, ``data(for:upTo:)``) may have; a streamed one
    /// is bound by the client's limit alone.
    public var maximumResponseBodySize: Int
    /// Where cookies are kept between requests; `nil` (the default) keeps none.
    public var cookieStorage: HTTPCookieStorage?

    /// Creates a session that sends through `client`, by default ``sharedClient``.
    ///
    /// - Parameters:
    ///   - client: The `HTTPClient`; one of your own should be made with `redirectConfiguration: .disallow`.
    ///   - maximumResponseBodySize: The most bytes a response body may have.
    ///   - cookieStorage: Where cookies are kept between requests, such as
    ///     `URLSessionConfiguration.ephemeral.httpCookieStorage`; `nil`, the default, keeps none.
    public init(
        client: HTTPClient = AsyncHTTPClientSession.sharedClient,
        maximumResponseBodySize: Int = AsyncHTTPClientSession.defaultMaximumResponseBodySize,
        cookieStorage: HTTPCookieStorage? = nil
    ) {
        self.client = client
        self.maximumResponseBodySize = maximumResponseBodySize
        self.cookieStorage = cookieStorage
    }

    /// Sends `request` and returns the whole response body and the response.
    ///
    /// Cancelling the calling task cancels the request, which then throws `URLError(.cancelled)`.
    ///
    /// - Throws: `URLError`.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await send(request, limit: nil)
    }

    /// Sends `request` and returns the response body, at most `limit` bytes of it, and the response: a
    /// larger body stops the transfer and throws `ResponseTooLargeError`.
    ///
    /// - Throws: `ResponseTooLargeError`, `URLError`.
    public func data(for request: URLRequest, upTo limit: Int) async throws -> (Data, URLResponse) {
        try await send(request, limit: limit)
    }

    /// Sends `request` and returns as soon as the response's head arrives, with the body handed over as
    /// AsyncHTTPClient delivers it: at most `limit` bytes, a larger body stopping the transfer with
    /// `ResponseTooLargeError`. ``maximumResponseBodySize`` does not apply: nothing is held whole.
    ///
    /// Cancelling the calling task, or letting go of the body before its end, cancels the request.
    ///
    /// - Throws: `ResponseTooLargeError`, `URLError`; the body's iteration throws the same.
    public func stream(for request: URLRequest, upTo limit: Int) async throws -> (ResponseBody, URLResponse) {
        let report = NetworkSessionReport.current
        let outgoing = try Self.makeRequest(request, cookies: cookieStorage, report: report)
        let response: HTTPClientResponse
        do {
            response = try await client.execute(outgoing, deadline: .now() + Self.timeout(of: request))
        } catch {
            throw Self.urlError(for: error, url: request.url)
        }
        let httpResponse = try Self.httpResponse(response, url: request.url)
        Self.reportHead(of: httpResponse, sending: request, to: report)
        storeCookies(of: response, for: request)
        let limit = max(limit, 0)
        if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > limit {
            throw ResponseTooLargeError(limit: limit, response: httpResponse)
        }
        let chunks = ResponseChunks(
            body: response.body, limit: limit, response: httpResponse, url: request.url, report: report)
        return (ResponseBody(chunks), httpResponse)
    }

    private func send(_ request: URLRequest, limit: Int?) async throws -> (Data, URLResponse) {
        let report = NetworkSessionReport.current
        let outgoing = try Self.makeRequest(request, cookies: cookieStorage, report: report)
        let deadline = NIODeadline.now() + Self.timeout(of: request)
        // AsyncHTTPClient's deadline bounds the wait for the head only; the body is read in a task of its own, which
        // an event loop cancels at the deadline, so that the timeout bounds the whole exchange. That is how
        // AsyncHTTPClient bounds the head, and cheaper than a task group with a child sleeping until the deadline
        // (Docs/Performance.md, "Where the rest of the cost lies").
        let transfer = Task {
            try await self.exchange(outgoing, deadline: deadline, request: request, limit: limit, report: report)
        }
        let timer = client.eventLoopGroup.any().scheduleTask(deadline: deadline) { transfer.cancel() }
        defer { timer.cancel() }
        do {
            return try await withTaskCancellationHandler {
                try await transfer.value
            } onCancel: {
                transfer.cancel()
            }
        } catch let tooLarge as ResponseTooLargeError {
            throw tooLarge
        } catch {
            // Cancelled by the timer, not by the caller: the deadline passed.
            if !Task.isCancelled, NIODeadline.now() >= deadline, Self.code(for: error) == .cancelled {
                throw Self.urlError(for: URLError(.timedOut), url: request.url)
            }
            throw Self.urlError(for: error, url: request.url)
        }
    }

    /// Sends the request and collects its body, at most `limit` bytes (the client's) and never more than
    /// ``maximumResponseBodySize``.
    private func exchange(
        _ outgoing: HTTPClientRequest, deadline: NIODeadline, request: URLRequest, limit: Int?,
        report: NetworkSessionReport?
    ) async throws -> (Data, URLResponse) {
        let response = try await client.execute(outgoing, deadline: deadline)
        let httpResponse = try Self.httpResponse(response, url: request.url)
        Self.reportHead(of: httpResponse, sending: request, to: report)
        storeCookies(of: response, for: request)
        let clientLimit = limit.map { max($0, 0) }
        let bound = min(clientLimit ?? .max, maximumResponseBodySize)
        do {
            guard let report else {
                let body = try await response.body.collect(upTo: bound)
                return (Data(body.readableBytesView), httpResponse)
            }
            // Read chunk by chunk, so that each is reported as it arrives.
            var body = Data()
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= bound else { throw NIOTooManyBytesError(maxBytes: bound) }
                body.append(contentsOf: chunk.readableBytesView)
                report.received(chunk.readableBytes)
            }
            return (body, httpResponse)
        } catch let error as NIOTooManyBytesError {
            // The client's own limit is the tighter one: report it as such; the session's stays a URLError that
            // names it.
            if let clientLimit, clientLimit <= maximumResponseBodySize {
                throw ResponseTooLargeError(limit: clientLimit, response: httpResponse)
            }
            var info: [String: Any] = [NSUnderlyingErrorKey: error]
            info[NSLocalizedDescriptionKey] =
                "the response body is larger than AsyncHTTPClientSession's maximumResponseBodySize "
                + "(\(maximumResponseBodySize) bytes); raise it, or stream the body (APIClient.stream, download)"
            info[NSURLErrorFailingURLErrorKey] = request.url
            throw URLError(.dataLengthExceedsMaximum, userInfo: info)
        }
    }

    /// Reports the head of `response` to `report`: a body in memory has been sent whole by then (a streamed one
    /// reported itself as it was read).
    private static func reportHead(
        of response: HTTPURLResponse, sending request: URLRequest, to report: NetworkSessionReport?
    ) {
        guard let report else { return }
        if let body = request.httpBody, !body.isEmpty { report.sent(Int64(body.count), of: Int64(body.count)) }
        let length = response.expectedContentLength
        report.responseHeadArrived(expectedBodyLength: length >= 0 ? length : nil)
    }

    /// Stores the cookies `response` sets in ``cookieStorage``, under its accept policy: those of every response
    /// the client went through, when it followed redirects itself.
    private func storeCookies(of response: HTTPClientResponse, for request: URLRequest) {
        guard let cookieStorage, request.httpShouldHandleCookies else { return }
        let responses =
            response.history.isEmpty
            ? [(response.url ?? request.url, response.headers)]
            : response.history.map { (URL(string: $0.request.url), $0.responseHead.headers) }
        for (url, headers) in responses {
            guard let url else { continue }
            let cookies = headers["Set-Cookie"].flatMap { value in
                HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": value], for: url)
            }
            if !cookies.isEmpty { cookieStorage.setCookies(cookies, for: url, mainDocumentURL: nil) }
        }
    }

    /// AsyncHTTPClient's response head as an `HTTPURLResponse`.
    private static func httpResponse(_ response: HTTPClientResponse, url: URL?) throws -> HTTPURLResponse {
        guard let responseURL = response.url ?? url,
            let httpResponse = HTTPURLResponse(
                url: responseURL, statusCode: Int(response.status.code),
                httpVersion: "HTTP/\(response.version.major).\(response.version.minor)",
                headerFields: headerFields(response.headers))
        else { throw URLError(.badServerResponse) }
        return httpResponse
    }
}

/// A streamed response body as `Data` chunks: counted against the limit, AsyncHTTPClient's errors as
/// `URLError`s. Letting go of the iterator lets go of AsyncHTTPClient's, which cancels the request.
struct ResponseChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let body: HTTPClientResponse.Body
    let limit: Int
    let response: HTTPURLResponse
    let url: URL?
    /// Where the chunks are reported as they arrive, when someone listens.
    let report: NetworkSessionReport?

    func makeAsyncIterator() -> Iterator { Iterator(chunks: body.makeAsyncIterator(), owner: self) }

    struct Iterator: AsyncIteratorProtocol {
        var chunks: HTTPClientResponse.Body.AsyncIterator
        let owner: ResponseChunks
        var received = 0

        mutating func next() async throws -> Data? {
            let chunk: ByteBuffer?
            do {
                chunk = try await chunks.next()
            } catch {
                throw AsyncHTTPClientSession.urlError(for: error, url: owner.url)
            }
            guard let chunk else { return nil }
            received += chunk.readableBytes
            guard received <= owner.limit else {
                throw ResponseTooLargeError(limit: owner.limit, response: owner.response)
            }
            owner.report?.received(chunk.readableBytes)
            return Data(chunk.readableBytesView)
        }
    }
}
