import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What ``APIClient`` sends requests through: `URLSession` in an app, a ``StubNetworkSession`` (or any
/// other conforming type) in tests.
///
/// A session answers each request with the response the server gave it, redirects included: the client follows
/// them itself, by its ``RedirectPolicy``. A session that follows a redirect on its own (its response's URL is
/// not the request's) is tolerated under the default policy and refused with
/// ``RedirectError/followedBySession(requested:answered:)`` under any other.
public protocol NetworkSession: Sendable {
    /// Sends `request` and returns the response body and the response.
    ///
    /// Cancelling the calling task should cancel the request; throwing `URLError(.cancelled)` or
    /// `CancellationError` then makes the client report ``APIError/cancelled``.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)

    /// Sends `request` and returns the response body and the response, reading at most `limit` bytes
    /// of body: a larger one throws ``ResponseTooLargeError``, as early as the session can tell.
    ///
    /// The client calls this one. The default implementation reads the whole body with
    /// ``data(for:)`` and then checks its size; a session that can stop reading early (by the
    /// `Content-Length` header, or as the bytes arrive) implements it itself.
    func data(for request: URLRequest, upTo limit: Int) async throws -> (Data, URLResponse)

    /// Sends `request` and returns as soon as the response's head arrives, with the body as a
    /// ``ResponseBody`` read as it comes, at most `limit` bytes of it.
    ///
    /// ``APIClient/stream(_:)`` and the calls built on it use this one. The default implementation reads
    /// the whole body with ``data(for:upTo:)`` and hands it over as one chunk, so that every session
    /// works; `URLSession` streams, and a session that can (AsyncHTTPClient's, say) implements it itself.
    /// The client counts the bytes against the limit again, whatever the session does.
    func stream(for request: URLRequest, upTo limit: Int) async throws -> (ResponseBody, URLResponse)
}

extension NetworkSession {
    /// Reads the whole body with ``data(for:)``, then refuses it if it is larger than `limit`.
    public func data(for request: URLRequest, upTo limit: Int) async throws -> (Data, URLResponse) {
        let (body, response) = try await data(for: request)
        guard body.count <= limit else { throw ResponseTooLargeError(limit: limit, response: response) }
        return (body, response)
    }

    /// Reads the whole body with ``data(for:upTo:)``, then hands it over as one chunk.
    public func stream(for request: URLRequest, upTo limit: Int) async throws -> (ResponseBody, URLResponse) {
        let (body, response) = try await data(for: request, upTo: limit)
        return (ResponseBody(body), response)
    }
}

extension URLSession {
    /// Sends `request` and reads at most `limit` bytes of body, stopping the transfer as soon as the
    /// `Content-Length` header or the bytes received pass the limit.
    ///
    /// The body is read through a session of the library's own, made once from this session's
    /// configuration (same cookies, cache, headers, timeouts and protocols), whose delegate sees the bytes
    /// as they arrive, declines redirects (``APIClient`` follows them by its ``RedirectPolicy``) and answers
    /// authentication challenges at once (a 401 is the answer). On Linux the request's timeout is enforced by
    /// that session, to the millisecond. A session with a delegate of its own (for authentication challenges
    /// or certificate pinning) is never bypassed: its body is read whole by ``data(for:)`` and then checked,
    /// and its delegate decides redirects and challenges (see `Docs/Client.md`, "Redirects").
    public func data(for request: URLRequest, upTo limit: Int) async throws -> (Data, URLResponse) {
        guard delegate == nil else {
            let (body, response) = try await data(for: request)
            guard body.count <= limit else { throw ResponseTooLargeError(limit: limit, response: response) }
            return (body, response)
        }
        return try await BodyReadingSession.forSession(self).data(for: request, upTo: limit)
    }

    /// Sends `request` and returns as soon as the response's head arrives, with the body read as it
    /// comes through the same session of the library's own as ``data(for:upTo:)``; the transfer stops
    /// once the bytes pass `limit`.
    ///
    /// The chunks are queued until read, never more than `limit` bytes of them (a running transfer
    /// cannot be paused on every platform). A session with a delegate of its own is never bypassed: its
    /// body is read whole by ``data(for:upTo:)`` and handed over as one chunk.
    public func stream(for request: URLRequest, upTo limit: Int) async throws -> (ResponseBody, URLResponse) {
        guard delegate == nil else {
            let (body, response) = try await data(for: request, upTo: limit)
            return (ResponseBody(body), response)
        }
        return try await BodyReadingSession.forSession(self).stream(for: request, upTo: limit)
    }

    /// `request` with a timeout every platform honours, for a session with a delegate of its own (the
    /// library's own session enforces the timeout itself): FoundationNetworking ignores a timeout passed to
    /// `URLRequest`'s initialiser (only the property's setter counts; otherwise the session's 60 s apply),
    /// truncates it to whole seconds, so that 0.5 s times out at once, and traps on a non-finite one. The
    /// timeout is set again, rounded up to whole seconds within 1 s…1 year.
    static func withSendableTimeout(_ request: URLRequest) -> URLRequest {
        #if canImport(FoundationNetworking)
            var request = request
            let timeout = request.timeoutInterval
            request.timeoutInterval = timeout.isNaN ? 60 : min(max(timeout.rounded(.up), 1), 31_536_000)
            return request
        #else
            return request
        #endif
    }
}

#if canImport(FoundationNetworking)
    extension URLSession: NetworkSession {
        /// Sends `request`; on Linux, forwards to `data(for:delegate:)`, first making its timeout work.
        ///
        /// FoundationNetworking only declares `data(for:delegate:)` with a defaulted delegate, and a
        /// method with a defaulted parameter cannot witness the protocol requirement. Its timeout handling
        /// needs help too: see `withSendableTimeout(_:)`.
        public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
            try await data(for: Self.withSendableTimeout(request), delegate: nil)
        }
    }
#else
    // Apple's Foundation declares `data(for:)` itself.
    extension URLSession: NetworkSession {}
#endif
