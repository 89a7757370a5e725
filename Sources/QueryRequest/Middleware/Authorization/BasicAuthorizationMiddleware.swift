import Foundation
import QueryCoding

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends HTTP Basic credentials (RFC 7617): `Authorization: Basic base64(user-id ":" password)`, the
/// text in UTF-8.
///
/// ```swift
/// let client = APIClient(middleware: [BasicAuthorizationMiddleware(username: "aladdin", password: secret)])
/// ```
///
/// The user-id and the password are normalised to Unicode NFC before encoding, as RFC 7617 §2.1 asks of
/// senders using UTF-8 (so "é" typed either way sends the same bytes). A user-id containing `:` or either
/// containing a control character cannot be sent (RFC 7617 §2) and fails with
/// ``AuthorizationError/unsendableCredential(middleware:reason:)``; nothing is sent.
public struct BasicAuthorizationMiddleware: AuthorizationMiddleware {
    /// The user-id.
    public let username: String
    /// The password.
    public let password: String
    /// Which requests get the credentials.
    public let scope: AuthorizationScope

    /// Creates a middleware that sends `username` and `password`.
    ///
    /// - Parameters:
    ///   - username: The user-id; it must not contain `:`.
    ///   - password: The password; it may contain `:`.
    ///   - scope: Which requests get the credentials: by default those whose setting has
    ///     ``APISetting/requiresAuthorization``.
    public init(username: String, password: String, scope: AuthorizationScope = .requestsRequiringAuthorization) {
        self.username = username
        self.password = password
        self.scope = scope
    }

    /// The header value: `Basic ` and the base64 of the NFC-normalised UTF-8 `user-id:password`.
    public func headerValue() throws(APIError) -> String {
        guard !username.contains(":") else { throw problem("the user-id contains \":\", which RFC 7617 forbids") }
        // RFC 7617 §2: neither may hold a control (`CTL`); tab included, unlike a field value.
        let hasControl = (username + password).utf8.contains { ASCIISet.controls.contains($0) }
        guard !hasControl else { throw problem("the user-id or the password contains a control character") }
        let text = username.precomposedStringWithCanonicalMapping + ":" + password.precomposedStringWithCanonicalMapping
        return "Basic " + Data(text.utf8).base64EncodedString()
    }

    /// Sets the `Authorization` header and sends the request.
    public func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        guard scope.includes(context.setting) else { return try await next(request) }
        var request = request
        request.setValue(try headerValue(), forHTTPHeaderField: "Authorization")
        return try await next(request)
    }

    private func problem(_ reason: String) -> APIError {
        .authorization(
            AuthorizationError.unsendableCredential(
                middleware: "BasicAuthorizationMiddleware", reason: reason))
    }
}
