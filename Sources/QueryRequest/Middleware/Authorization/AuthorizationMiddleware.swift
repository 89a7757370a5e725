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
/// ``AuthorizationError/noAuthorizationMiddleware`` instead of going out without credentials.
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

/// Whether `text` is a credential that can be sent in a header: not empty, and free of control
/// characters (`URLRequest` silently drops a header whose value has CR, LF or NUL; the others have no
/// place in a credential).
func isSendableCredential(_ text: String) -> Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
}
