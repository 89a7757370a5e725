import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A middleware that puts credentials on requests: what a request whose setting has
/// ``APISetting/requiresAuthorization`` needs in the client's list.
///
/// The built-in ones are ``BearerTokenMiddleware``, ``APIKeyMiddleware``, ``BasicAuthorizationMiddleware``
/// and ``RequestSigningMiddleware``. Conform your own to this protocol too: a request that requires
/// authorization sent by a client without any authorization middleware fails with
/// ``APIError/AuthorizationProblem/noAuthorizationMiddleware`` instead of going out without credentials.
public protocol AuthorizationMiddleware: ClientMiddleware {}

/// Which requests an authorization middleware authorizes.
public enum AuthorizationScope: Sendable, Hashable {
    /// Requests whose setting has ``APISetting/requiresAuthorization``; the others go out untouched.
    case requestsRequiringAuthorization
    /// Every request the client sends.
    case everyRequest

    /// Whether a request with `setting` gets credentials.
    func includes(_ setting: APISetting) -> Bool {
        switch self {
        case .requestsRequiringAuthorization: setting.requiresAuthorization
        case .everyRequest: true
        }
    }
}

extension APIError {
    /// Why the client could not put credentials on a request. Nothing was sent for the failing attempt.
    public enum AuthorizationProblem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The request requires authorization, but the client has no token provider and no
        /// ``AuthorizationMiddleware``.
        case noAuthorizationMiddleware
        /// The token is empty or contains control characters (CR, LF, NUL…), which cannot be sent
        /// in a header: `URLRequest` would silently drop the whole header.
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
                "the token provider returned an empty token or one with control characters (CR, LF, NUL…), "
                    + "which cannot be sent in the Authorization header"
            case .unsendableCredential(let middleware, let reason):
                "\(middleware) cannot send its credential: \(reason)"
            case .credentialAlreadyPresent(let name):
                "the request already has \(name), which the API key middleware would overwrite; "
                    + "remove it from the request or use another name"
            }
        }
    }
}

/// Whether `text` is a credential that can be sent in a header: not empty, and free of control
/// characters (`URLRequest` silently drops a header whose value has CR, LF or NUL; the others have no
/// place in a credential).
func isSendableCredential(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
}
