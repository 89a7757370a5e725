import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a call answered: its value, and the HTTP response it came with.
///
/// One shape for every call that returns more than the value: ``APIClient/response(for:progress:)`` gives the decoded
/// body, ``APIClient/stream(_:)`` a `Response<ResponseBody>` whose ``body`` is still arriving,
/// ``APIClient/download(_:to:ifExists:checkpoint:progress:)`` a `Response<URL>` whose value is the file, and each
/// ``Page`` of ``Pages`` holds one. ``APIClient/send(_:progress:)`` returns the value alone.
///
/// ```swift
/// let response = try await client.response(for: UserRequest(id: 42))
/// let user = response.value
/// let remaining = response.value(forHTTPHeaderField: "X-RateLimit-Remaining")
/// ```
public struct Response<Value: Sendable>: Sendable {
    /// The decoded body; for a download, the file that holds the body.
    public let value: Value
    /// The status line and headers, as the session gave them.
    public let httpResponse: HTTPURLResponse
    /// The URL that answered: the one requested (after the client's host override), or, when the request was
    /// redirected, the last one. Relative URLs in the response (a `Link`, a `Location`) resolve against it.
    public let url: URL

    /// Creates a response, for a test or a session that makes its own.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - httpResponse: The HTTP response.
    ///   - url: The URL that answered; by default the HTTP response's own (`file:///` for one without a URL).
    public init(value: Value, httpResponse: HTTPURLResponse, url: URL? = nil) {
        self.value = value
        self.httpResponse = httpResponse
        self.url = url ?? httpResponse.url ?? URL(fileURLWithPath: "/")
    }

    /// A response whose URL is the one that answered when it is an `http` or `https` URL, else `requested`.
    init(value: Value, httpResponse: HTTPURLResponse, requested: URL?) {
        let answered = httpResponse.url.flatMap { Origin($0) != nil ? $0 : nil }
        self.init(value: value, httpResponse: httpResponse, url: answered ?? requested)
    }

    /// The status code.
    public var statusCode: Int { httpResponse.statusCode }

    /// The value of the header field `name`, compared without regard to case (several fields of one name
    /// joined with `, `), or `nil` when the response has none.
    public func value(forHTTPHeaderField name: String) -> String? {
        httpResponse.value(forHTTPHeaderField: name)
    }

    /// The same response with `transform` applied to its value.
    public func map<NewValue: Sendable>(_ transform: (Value) throws -> NewValue) rethrows -> Response<NewValue> {
        Response<NewValue>(value: try transform(value), httpResponse: httpResponse, url: url)
    }
}

extension Response where Value == ResponseBody {
    /// The body of a streamed response (``APIClient/stream(_:)``), read as it arrives: the ``value``, named for
    /// what it is.
    public var body: ResponseBody { value }
}
