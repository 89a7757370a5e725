import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response whose body is read as it arrives: what ``APIClient/stream(_:)`` returns once the
/// response's head has arrived and been accepted.
///
/// ```swift
/// let streamed = try await client.stream(LogTailRequest(service: "api"))
/// for try await line in streamed.lines {
///     print(line)
/// }
/// ```
public struct StreamedResponse: Sendable {
    /// The status line and headers.
    public let response: HTTPURLResponse
    /// The body, in chunks as they arrive; read once.
    public let body: ResponseBodyStream

    /// Creates a streamed response.
    public init(response: HTTPURLResponse, body: ResponseBodyStream) {
        self.response = response
        self.body = body
    }

    /// The response's status code.
    public var statusCode: Int { response.statusCode }

    /// The body's lines, as they arrive (see ``ResponseLines``); reading them reads ``body``.
    public var lines: ResponseLines { ResponseLines(body) }
}
