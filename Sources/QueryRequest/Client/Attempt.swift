import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// One exchange with the server, as reported to the client's `onAttempt` hook for logging and
    /// metrics. A request that is retried, or retried after a token refresh, makes several attempts.
    ///
    /// ```swift
    /// let client = APIClient(onAttempt: { attempt in logger.debug("\(attempt)") })
    /// // GET https://api.example.com/users?page=2 → 503 (12 ms, attempt 1)
    /// ```
    public struct Attempt: Sendable {
        /// The request as sent, including the `Authorization` header: redact it before logging.
        public let request: URLRequest
        /// 1 for the first attempt of a call to ``APIClient/send(_:)``, 2 for the next, and so on.
        public let number: Int
        /// The response and its body (whatever the status), or ``APIError/transport(_:)`` or
        /// ``APIError/cancelled`` when there was none.
        public let result: Result<(response: HTTPURLResponse, body: Data), APIError>
        /// How long the session took to answer.
        public let duration: Duration
    }
}

extension APIClient.Attempt: CustomStringConvertible {
    /// One line: method, URL, status or error, duration and attempt number.
    public var description: String {
        let method = request.httpMethod ?? "GET"
        let url = request.url?.absoluteString ?? "(no URL)"
        let outcome: String
        switch result {
        case .success(let exchange): outcome = "\(exchange.response.statusCode)"
        case .failure(let error): outcome = error.description
        }
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return "\(method) \(url) → \(outcome) (\(milliseconds) ms, attempt \(number))"
    }
}
