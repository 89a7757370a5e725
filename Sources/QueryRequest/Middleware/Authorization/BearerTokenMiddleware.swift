import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends `Authorization: Bearer <token>` with tokens from a ``TokenProvider``, and refreshes the token
/// once when the server answers 401.
///
/// ```swift
/// let client = APIClient(middleware: [BearerTokenMiddleware(tokenProvider: session), LoggingMiddleware()])
/// // the same as APIClient(tokenProvider: session, middleware: [LoggingMiddleware()])
/// ```
///
/// - Each attempt asks the provider for its current token.
/// - When a request's setting has ``APISetting/refreshesTokenOnUnauthorized`` and the server answers
///   401, the middleware asks the provider for a new token (concurrent 401s share one refresh) and the
///   client makes one more attempt with it, through every middleware
///   (``AttemptReason/retryAfterTokenRefresh``). A second 401 is the answer.
///
/// Copies share the coordination of refreshes; two middleware made separately refresh separately.
public struct BearerTokenMiddleware: AuthorizationMiddleware {
    /// Where tokens come from.
    public let tokenProvider: any TokenProvider
    /// Which requests get a token.
    public let scope: AuthorizationScope
    private let refresher = TokenRefresher()

    /// Creates a middleware that authorizes requests with tokens from `tokenProvider`.
    ///
    /// - Parameters:
    ///   - tokenProvider: Supplies and refreshes the tokens.
    ///   - scope: Which requests get a token: by default those whose setting has
    ///     ``APISetting/requiresAuthorization``.
    public init(tokenProvider: any TokenProvider, scope: AuthorizationScope = .requestsRequiringAuthorization) {
        self.tokenProvider = tokenProvider
        self.scope = scope
    }

    /// Sets the `Authorization` header, sends the request, and refreshes the token after a 401 when
    /// the request's setting asks for it.
    public func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        guard scope.includes(context.setting) else { return try await next(request) }
        let generation = await refresher.generation
        let token: String
        if let refreshed = context.sendState?.takeRefreshedToken() {
            token = refreshed
        } else {
            token = try await authorizationStep { try await tokenProvider.token() }
        }
        guard isSendableCredential(token) else {
            throw APIError.authorization(AuthorizationError.unsendableToken)
        }
        var request = request
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let response = try await next(request)
        if response.statusCode == 401, context.setting.refreshesTokenOnUnauthorized,
            let state = context.sendState, !state.hasRefreshedToken
        {
            let newToken = try await authorizationStep {
                try await refresher.refreshedToken(after: generation, using: tokenProvider)
            }
            _ = state.noteRefresh(token: newToken)
        }
        return response
    }

    /// Runs a call to the token provider, reporting its failure as ``APIError/authorization(_:)`` (or
    /// ``APIError/cancelled``).
    private func authorizationStep(_ body: () async throws -> String) async throws(APIError) -> String {
        do {
            return try await body()
        } catch {
            if error is CancellationError || Task.isCancelled || (error as? URLError)?.code == .cancelled {
                throw .cancelled
            }
            throw .authorization(error)
        }
    }
}
