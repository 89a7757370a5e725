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

/// Whether `text` is a credential that can be sent in a header: not empty, and a field value
/// (``HTTPGrammar/isFieldValue(_:)``: no control but tab).
func isSendableCredential(_ text: String) -> Bool {
    !text.isEmpty && HTTPGrammar.isFieldValue(text)
}
