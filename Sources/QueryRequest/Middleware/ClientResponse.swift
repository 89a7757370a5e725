import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as middleware see it: the `HTTPURLResponse` and its body, read whole or, for a call that
/// streams its response, as a stream.
///
/// For ``APIClient/send(_:progress:)`` and ``APIClient/response(for:progress:)`` the body is read whole into ``body``. For
/// the calls that stream (``APIClient/stream(_:)``, downloads, server-sent events) an accepted response's
/// body is in ``bodyStream``, still arriving, and ``body`` is empty: a middleware can wrap the stream
/// (count or transform the chunks) or replace it. A response whose status the request does not accept
/// is read whole in every call, so retries, token refreshes and logs see its body.
///
/// A middleware that answers on its own may give either form: the client reads a stream whole where it
/// needs the whole body, and hands ``body`` over as one chunk where the caller streams.
public struct ClientResponse: Sendable {
    /// The status line and headers.
    public var response: HTTPURLResponse
    /// The body, read whole; empty when ``bodyStream`` holds it.
    public var body: Data
    /// The body as it arrives, for a call that streams its response; `nil` when ``body`` holds it.
    public var bodyStream: ResponseBodyStream?

    /// Creates a response with a body read whole, for a middleware that answers without sending.
    public init(response: HTTPURLResponse, body: Data) {
        self.response = response
        self.body = body
        self.bodyStream = nil
    }

    /// Creates a response whose body is still arriving, for a middleware that answers with, or wraps,
    /// a stream.
    public init(response: HTTPURLResponse, bodyStream: ResponseBodyStream) {
        self.response = response
        self.body = Data()
        self.bodyStream = bodyStream
    }

    /// The response's status code.
    public var statusCode: Int { response.statusCode }

    /// Whether the body is in ``bodyStream``, still arriving, rather than in ``body``.
    public var isStreamed: Bool { bodyStream != nil }
}
