import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as middleware see it: the `HTTPURLResponse` and its ``ResponseBody``.
///
/// For ``APIClient/send(_:progress:)`` and ``APIClient/response(for:progress:)`` the body is held whole
/// (``ResponseBody/data`` has its bytes, and every middleware can read it). For the calls that stream
/// (``APIClient/stream(_:)``, downloads, server-sent events) an accepted response's body streams: it is still
/// arriving, and is read once, so a middleware wraps it (counts or transforms the chunks) or replaces it
/// rather than reading it. A response whose status the request does not accept is held whole in every call, so
/// retries, token refreshes and logs see its body.
///
/// A middleware that answers on its own may give either kind: the client reads a streamed body whole where it
/// needs the whole body, and hands a whole one over as one chunk where the caller streams.
public struct ClientResponse: Sendable {
    /// The status line and headers.
    public var response: HTTPURLResponse
    /// The body: held whole (``ResponseBody/data``), or streamed.
    public var body: ResponseBody

    /// Creates a response, for a middleware that answers without sending or wraps a body.
    public init(response: HTTPURLResponse, body: ResponseBody) {
        self.response = response
        self.body = body
    }

    /// Creates a response whose body is held whole.
    public init(response: HTTPURLResponse, body: Data) {
        self.init(response: response, body: ResponseBody(body))
    }

    /// The response's status code.
    public var statusCode: Int { response.statusCode }
}
