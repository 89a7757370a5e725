import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way ``APIClient/send(_:progress:)`` can fail, as one type to switch over.
///
/// ```swift
/// do {
///     let user = try await client.send(UserRequest(id: 42))
/// } catch let error as APIError {
///     switch error {
///     case .unacceptableStatus where error.statusCode == 404: showNotFound()
///     case .transport(let urlError) where urlError.code == .notConnectedToInternet: showOffline()
///     case .cancelled: break
///     default: show(error.apiError(as: ErrorResponse.self)?.message ?? error.description)
///     }
/// }
/// ```
///
/// Its ``description`` names the URL with the client's ``Redaction`` applied: an error the client throws
/// has the secrets of its URLs (the API key an ``APIKeyMiddleware`` put in the query, a URL password) replaced
/// by `REDACTED`, in ``response``'s URL and a transport error's failing URL too, so that neither a log line nor
/// a crash report carries them. `APIClient(redaction: .none)` keeps them.
public enum APIError: Error, Sendable {
    /// The request could not be built: ``Request/makeURLRequest()`` threw the associated error.
    /// Nothing was sent. Also a ``RequestBodyStreamError`` or a ``MultipartFormError`` found while a streamed
    /// body was sent: the server received no complete request.
    case invalidRequest(any Error)
    /// No credentials could be put on the request: the token provider or a signing function threw the
    /// associated error, or the credential could not be used (``AuthorizationError``). Nothing was
    /// sent for the failing attempt.
    case authorization(any Error)
    /// The request did not get a response: no connection, a timeout, a TLS failure…
    /// An error of a custom ``NetworkSession`` that is not a `URLError` arrives wrapped as the
    /// `NSUnderlyingErrorKey` of a `URLError(.unknown)`.
    case transport(URLError)
    /// The server answered with a status the request does not accept (by default, any outside 200–299;
    /// see ``ResponseValidation``): the status, the response, its body, and the API's own error.
    case unacceptableStatus(UnacceptableStatus)
    /// The server answered with an acceptable status but a media type the request does not accept
    /// (``ResponseValidation/acceptableContentTypes``).
    case unacceptableContentType(UnacceptableContentType)
    /// A response with an acceptable status and media type that the request's own rule
    /// (``ResponseValidation/validate``) rejected with an error of the app's: read it in the payload's
    /// ``RejectedResponse/error``.
    case rejectedResponse(RejectedResponse)
    /// The response body is larger than the request's limit (``APISetting/maximumResponseSize``, else
    /// the client's): the limit in bytes and the response. The session stopped reading as soon as it
    /// could (see `Docs/Client.md`), so the body is not kept.
    case responseTooLarge(limit: Int, response: HTTPURLResponse)
    /// The response succeeded but its body could not be decoded as the request's ``Request/Response``
    /// (including an empty body where one was expected).
    case decoding(DecodingFailure)
    /// A ``ClientMiddleware`` threw an error that is not an ``APIError``: the error, and the
    /// middleware's type name.
    case middleware(any Error, middleware: String)
    /// A redirect was not followed: too many of them, one from `https` to `http`, a `Location` that is not a
    /// URL, a redirect policy that threw, or a session that followed one itself (``RedirectError``). A
    /// redirect the policy simply does not follow is not an error: it is the answer, validated like any.
    case redirect(RedirectError)
    /// The task was cancelled, or the session reported `URLError(.cancelled)`. Never retried.
    case cancelled
    /// A file could not be written, moved or replaced (``APIClient/download(_:to:ifExists:checkpoint:progress:)``):
    /// the path, and the system's error — a `POSIXError` with its `errno`, or
    /// `CocoaError(.fileWriteFileExists)` for a destination that exists and may not be replaced.
    case fileSystem(path: String, error: any Error)

    /// A response whose status the request does not accept: ``APIError/unacceptableStatus(_:)``.
    public struct UnacceptableStatus: Sendable {
        /// The status code.
        public let statusCode: Int
        /// The response, with its headers.
        public let response: HTTPURLResponse
        /// The body, read whole.
        public let body: Data
        /// The body decoded as the API's own error type, when one is declared (``Request/ErrorBody`` or the
        /// client's `errorBody`) and the body matches it; read it with ``APIError/apiError(as:)``.
        public let apiError: (any Sendable)?
        /// For a 401 or 403: the type names of the client's ``AuthorizationMiddleware`` that put no credential
        /// on the request, the likely cause (by default a built-in one authorizes only requests whose setting
        /// has ``APISetting/requiresAuthorization``). Empty otherwise.
        public let credentialsNotSentBy: [String]

        /// Creates the value, for a middleware or a test that throws one.
        public init(
            statusCode: Int, response: HTTPURLResponse, body: Data, apiError: (any Sendable)? = nil,
            credentialsNotSentBy: [String] = []
        ) {
            self.statusCode = statusCode
            self.response = response
            self.body = body
            self.apiError = apiError
            self.credentialsNotSentBy = credentialsNotSentBy
        }
    }

    /// A response whose media type the request does not accept: ``APIError/unacceptableContentType(_:)``.
    public struct UnacceptableContentType: Sendable {
        /// The response's media type, without parameters, in lower case; `nil` when it sent none.
        public let mediaType: String?
        /// The response, with its headers.
        public let response: HTTPURLResponse
        /// The body, read whole.
        public let body: Data

        /// Creates the value, for a middleware or a test that throws one.
        public init(mediaType: String?, response: HTTPURLResponse, body: Data) {
            self.mediaType = mediaType
            self.response = response
            self.body = body
        }
    }

    /// A response that the request's own rule rejected: ``APIError/rejectedResponse(_:)``.
    public struct RejectedResponse: Sendable {
        /// What the rule (``ResponseValidation/validate``) threw.
        public let error: any Error
        /// The response, with its headers.
        public let response: HTTPURLResponse
        /// The body, read whole; `nil` for a call that streams it (``APIClient/stream(_:)``, downloads,
        /// server-sent events), whose rule sees the head only.
        public let body: Data?

        /// Creates the value, for a middleware or a test that throws one.
        public init(error: any Error, response: HTTPURLResponse, body: Data?) {
            self.error = error
            self.response = response
            self.body = body
        }
    }

    /// A body that does not decode as the request's response: ``APIError/decoding(_:)``.
    public struct DecodingFailure: Sendable {
        /// The decoder's error, with its coding path.
        public let error: DecodingError
        /// The response, with its headers.
        public let response: HTTPURLResponse
        /// The body that did not decode.
        public let body: Data

        /// Creates the value, for a middleware or a test that throws one.
        public init(error: DecodingError, response: HTTPURLResponse, body: Data) {
            self.error = error
            self.response = response
            self.body = body
        }
    }

    /// The response's status code, when there was a response.
    public var statusCode: Int? { response?.statusCode }

    /// The response, for every case where the server answered.
    public var response: HTTPURLResponse? {
        switch self {
        case .unacceptableStatus(let failure): failure.response
        case .unacceptableContentType(let failure): failure.response
        case .rejectedResponse(let rejection): rejection.response
        case .responseTooLarge(_, let response): response
        case .decoding(let failure): failure.response
        case .redirect(let error): error.response
        case .invalidRequest, .authorization, .transport, .middleware, .cancelled, .fileSystem: nil
        }
    }

    /// The response body, for every case where the server answered and the body was read whole.
    public var responseBody: Data? {
        switch self {
        case .unacceptableStatus(let failure): failure.body
        case .unacceptableContentType(let failure): failure.body
        case .rejectedResponse(let rejection): rejection.body
        case .decoding(let failure): failure.body
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
        guard case .unacceptableStatus(let failure) = self else { return nil }
        return failure.apiError as? E
    }
}
