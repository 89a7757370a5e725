import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response body was larger than the limit the client asked a ``NetworkSession`` to read.
public struct ResponseTooLargeError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The limit, in bytes.
    public let limit: Int
    /// The response whose body was too large.
    public let response: URLResponse

    /// Creates the error, for a session that enforces the limit itself.
    public init(limit: Int, response: URLResponse) {
        self.limit = limit
        self.response = response
    }

    /// A sentence naming the limit and the status; not the URL, which may hold a secret (the client turns this
    /// error into ``APIError/responseTooLarge(limit:response:)``, whose description names it redacted).
    public var description: String {
        let status = (response as? HTTPURLResponse).map { " (status \($0.statusCode))" } ?? ""
        return "the response body\(status) passed the limit of \(limit) bytes the client asked the session to read"
    }

    /// The ``description``.
    public var errorDescription: String? { description }
}
