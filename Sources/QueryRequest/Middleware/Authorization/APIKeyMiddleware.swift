import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends an API key in a header or a query parameter.
///
/// ```swift
/// let client = APIClient(middleware: [APIKeyMiddleware(key, in: .header("X-Api-Key"), scope: .everyRequest)])
/// let maps = APIClient(middleware: [APIKeyMiddleware(key, in: .queryParameter("api_key"))])
/// ```
///
/// A request that already carries that header or query parameter is refused with
/// ``AuthorizationError/credentialAlreadyPresent(_:)`` rather than having its own value
/// overwritten. A query key is percent-encoded like any query value; a header key must be free of
/// control characters (``AuthorizationError/unsendableCredential(middleware:reason:)``).
public struct APIKeyMiddleware: AuthorizationMiddleware {
    /// Where an API key goes.
    public enum Placement: Sendable, Hashable {
        /// In the header of this name.
        case header(String)
        /// In the query parameter of this name.
        case queryParameter(String)
    }

    /// The key.
    public let key: String
    /// Where the key goes.
    public let placement: Placement
    /// Which requests get the key.
    public let scope: AuthorizationScope

    /// Creates a middleware that sends `key` in `placement`.
    ///
    /// - Parameters:
    ///   - key: The API key.
    ///   - placement: A header or a query parameter, and its name.
    ///   - scope: Which requests get the key: by default those whose setting has
    ///     ``APISetting/requiresAuthorization``.
    public init(_ key: String, in placement: Placement, scope: AuthorizationScope = .requestsRequiringAuthorization) {
        self.key = key
        self.placement = placement
        self.scope = scope
    }

    /// Adds the key to the request and sends it.
    public func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        guard scope.includes(context.setting) else { return try await next(request) }
        var request = request
        switch placement {
        case .header(let name):
            guard HTTPGrammar.isToken(name) else { throw problem("the header name \"\(name)\" is not a valid token") }
            guard isSendableCredential(key) else { throw problem("the key is empty or has control characters") }
            guard request.value(forHTTPHeaderField: name) == nil else {
                throw APIError.authorization(AuthorizationError.credentialAlreadyPresent("header \(name)"))
            }
            request.setValue(key, forHTTPHeaderField: name)
        case .queryParameter(let name):
            guard !name.isEmpty else { throw problem("the query parameter name is empty") }
            guard !key.isEmpty else { throw problem("the key is empty") }
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { throw problem("the request has no URL") }
            if components.queryItems?.contains(where: { $0.name == name }) == true {
                throw APIError.authorization(
                    AuthorizationError.credentialAlreadyPresent("query parameter \(name)"))
            }
            let pair = URLText.escapingAllButUnreserved(name) + "=" + URLText.escapingAllButUnreserved(key)
            let query = components.percentEncodedQuery.map { $0.isEmpty ? pair : $0 + "&" + pair } ?? pair
            components.percentEncodedQuery = query
            guard let withKey = components.url else { throw problem("the URL with the key is not valid") }
            request.url = withKey
        }
        return try await next(request)
    }

    private func problem(_ reason: String) -> APIError {
        .authorization(
            AuthorizationError.unsendableCredential(middleware: "APIKeyMiddleware", reason: reason))
    }
}
