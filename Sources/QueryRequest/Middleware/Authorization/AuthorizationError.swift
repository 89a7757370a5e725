import Foundation

/// Why the client could not put credentials on a request, thrown as ``APIError/authorization(_:)``. Nothing was
/// sent for the failing attempt.
public enum AuthorizationError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The request requires authorization, but the client has no token provider and no
    /// ``AuthorizationMiddleware``.
    case noAuthorizationMiddleware
    /// The token is empty or contains a control character other than tab (CR, LF, NUL…), which a header
    /// value may not hold: `URLRequest` would silently drop the whole header for some of them.
    case unsendableToken
    /// A credential given to a built-in middleware cannot be sent as it is: the middleware's type
    /// and why.
    case unsendableCredential(middleware: String, reason: String)
    /// The request already carries the query parameter or header that an ``APIKeyMiddleware``
    /// would set; overwriting it would silently drop the request's own value.
    case credentialAlreadyPresent(String)

    /// What went wrong, as a sentence fragment for ``APIError/description``.
    public var description: String {
        switch self {
        case .noAuthorizationMiddleware:
            "the request requires authorization, but the APIClient has no token provider and no "
                + "authorization middleware (BearerTokenMiddleware, APIKeyMiddleware, "
                + "BasicAuthorizationMiddleware, RequestSigningMiddleware or your own AuthorizationMiddleware)"
        case .unsendableToken:
            "the token provider returned an empty token or one with a control character (CR, LF, NUL…), "
                + "which cannot be sent in the Authorization header"
        case .unsendableCredential(let middleware, let reason):
            "\(middleware) cannot send its credential: \(reason)"
        case .credentialAlreadyPresent(let name):
            "the request already has \(name), which the API key middleware would overwrite; "
                + "remove it from the request or use another name"
        }
    }

    /// The ``description``.
    public var errorDescription: String? { description }
}
