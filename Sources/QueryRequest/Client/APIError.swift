import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way ``APIClient/send(_:)`` can fail, as one type to switch over.
///
/// ```swift
/// do {
///     let user = try await client.send(UserRequest(id: 42))
/// } catch let error as APIError {
///     switch error {
///     case .unacceptableStatus(404, _, _, _): showNotFound()
///     case .transport(let urlError) where urlError.code == .notConnectedToInternet: showOffline()
///     case .cancelled: break
///     default: show(error.apiError(as: ErrorResponse.self)?.message ?? error.description)
///     }
/// }
/// ```
public enum APIError: Error, Sendable {
    /// The request could not be built: ``Request/makeURLRequest()`` threw the associated error.
    /// Nothing was sent.
    case invalidRequest(any Error)
    /// No token could be sent: the token provider threw the associated error, or the client could
    /// not use it (``TokenProblem``). Nothing was sent for the failing attempt.
    case authorization(any Error)
    /// The request did not get a response: no connection, a timeout, a TLS failure…
    /// An error of a custom ``NetworkSession`` that is not a `URLError` arrives wrapped as the
    /// `NSUnderlyingErrorKey` of a `URLError(.unknown)`.
    case transport(URLError)
    /// The server answered with a status outside 200–299: the status code, the response, its body,
    /// and the body decoded as the API's own error type when one is declared
    /// (``Request/ErrorBody`` or the client's `errorBody`) and the body matches it.
    case unacceptableStatus(Int, response: HTTPURLResponse, body: Data, apiError: (any Sendable)?)
    /// The response succeeded but its body could not be decoded as the request's ``Request/Response``
    /// (including an empty body where one was expected).
    case decoding(DecodingError, response: HTTPURLResponse, body: Data)
    /// The task was cancelled, or the session reported `URLError(.cancelled)`. Never retried.
    case cancelled

    /// The response's status code, when there was a response.
    public var statusCode: Int? { response?.statusCode }

    /// The response, for ``unacceptableStatus(_:response:body:apiError:)`` and
    /// ``decoding(_:response:body:)``.
    public var response: HTTPURLResponse? {
        switch self {
        case .unacceptableStatus(_, let response, _, _), .decoding(_, let response, _): response
        case .invalidRequest, .authorization, .transport, .cancelled: nil
        }
    }

    /// The response body, for ``unacceptableStatus(_:response:body:apiError:)`` and
    /// ``decoding(_:response:body:)``.
    public var responseBody: Data? {
        switch self {
        case .unacceptableStatus(_, _, let body, _), .decoding(_, _, let body): body
        case .invalidRequest, .authorization, .transport, .cancelled: nil
        }
    }

    /// The API's own error, decoded from an unacceptable response's body, when it is of type `type`.
    ///
    /// `nil` for every other case, when no error type was declared, or when the body did not decode
    /// as the declared type (an HTML error page from a proxy, say; ``responseBody`` still has it).
    public func apiError<E>(as type: E.Type = E.self) -> E? {
        guard case .unacceptableStatus(_, _, _, let apiError) = self else { return nil }
        return apiError as? E
    }

    /// Why the client could not put a token on a request.
    public enum TokenProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The request requires authorization but the client has no token provider.
        case noTokenProvider
        /// The token is empty or contains control characters (CR, LF, NUL…), which cannot be sent
        /// in a header: `URLRequest` would silently drop the whole header.
        case unsendableToken

        /// What went wrong, as a sentence fragment for ``APIError/description``.
        public var description: String {
            switch self {
            case .noTokenProvider:
                "the request requires authorization, but the APIClient has no token provider"
            case .unsendableToken:
                "the token provider returned an empty token or one with control characters (CR, LF, NUL…), "
                    + "which cannot be sent in the Authorization header"
            }
        }
    }
}
