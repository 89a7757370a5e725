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
    /// Nothing was sent. Also a ``RequestBodyStreamError``: a streamed body failed as it was sent, and the
    /// server received no complete request.
    case invalidRequest(any Error)
    /// No credentials could be put on the request: the token provider or a signing function threw the
    /// associated error, or the credential could not be used (``AuthorizationProblem``). Nothing was
    /// sent for the failing attempt.
    case authorization(any Error)
    /// The request did not get a response: no connection, a timeout, a TLS failure…
    /// An error of a custom ``NetworkSession`` that is not a `URLError` arrives wrapped as the
    /// `NSUnderlyingErrorKey` of a `URLError(.unknown)`.
    case transport(URLError)
    /// The server answered with a status the request does not accept (by default, any outside 200–299;
    /// see ``ResponseValidation``): the status code, the response, its body,
    /// and the body decoded as the API's own error type when one is declared
    /// (``Request/ErrorBody`` or the client's `errorBody`) and the body matches it.
    case unacceptableStatus(Int, response: HTTPURLResponse, body: Data, apiError: (any Sendable)?)
    /// The server answered with an acceptable status but a media type the request does not accept
    /// (``ResponseValidation/acceptableContentTypes``): the response's media type (`nil` when it sent
    /// none), the response and its body.
    case unacceptableContentType(String?, response: HTTPURLResponse, body: Data)
    /// The response body is larger than the request's limit (``APISetting/maximumResponseSize``, else
    /// the client's): the limit in bytes and the response. The session stopped reading as soon as it
    /// could (see `Docs/Client.md`), so the body is not kept.
    case responseTooLarge(limit: Int, response: HTTPURLResponse)
    /// The response succeeded but its body could not be decoded as the request's ``Request/Response``
    /// (including an empty body where one was expected).
    case decoding(DecodingError, response: HTTPURLResponse, body: Data)
    /// A ``ClientMiddleware`` threw an error that is not an ``APIError``: the error, and the
    /// middleware's type name.
    case middleware(any Error, middleware: String)
    /// A redirect was not followed: too many of them, one from `https` to `http`, a `Location` that is not a
    /// URL, a redirect policy that threw, or a session that followed one itself (``RedirectError``). A
    /// redirect the policy simply does not follow is not an error: it is the answer, validated like any.
    case redirect(RedirectError)
    /// The task was cancelled, or the session reported `URLError(.cancelled)`. Never retried.
    case cancelled
    /// A file could not be written, moved or replaced (``APIClient/download(_:to:ifExists:progress:)``):
    /// the path, and the system's error — a `POSIXError` with its `errno`, or
    /// `CocoaError(.fileWriteFileExists)` for a destination that exists and may not be replaced.
    case fileSystem(path: String, error: any Error)

    /// The response's status code, when there was a response.
    public var statusCode: Int? { response?.statusCode }

    /// The response, for every case where the server answered.
    public var response: HTTPURLResponse? {
        switch self {
        case .unacceptableStatus(_, let response, _, _), .unacceptableContentType(_, let response, _),
            .responseTooLarge(_, let response), .decoding(_, let response, _):
            response
        case .redirect(let error): error.response
        case .invalidRequest, .authorization, .transport, .middleware, .cancelled, .fileSystem: nil
        }
    }

    /// The response body, for every case where the server answered and the body was read whole.
    public var responseBody: Data? {
        switch self {
        case .unacceptableStatus(_, _, let body, _), .unacceptableContentType(_, _, let body),
            .decoding(_, _, let body):
            body
        case .invalidRequest, .authorization, .transport, .responseTooLarge, .middleware, .redirect, .cancelled,
            .fileSystem:
            nil
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
}
