/// Supplies the bearer tokens of requests whose setting has ``APISetting/requiresAuthorization``.
///
/// ```swift
/// actor Session: TokenProvider {
///     private var current: String
///     init(token: String) { current = token }
///     func token() async throws -> String { current }
///     func refreshToken() async throws -> String {
///         current = try await login()   // your own sign-in call
///         return current
///     }
/// }
/// let client = APIClient(tokenProvider: Session(token: saved))
/// ```
public protocol TokenProvider: Sendable {
    /// The token to send now. Called before every attempt, so it may return a token refreshed by
    /// someone else in the meantime.
    func token() async throws -> String
    /// Obtains a new token after the server answered 401, and returns it.
    ///
    /// The client calls this at most once per request, and concurrent 401s share one call.
    func refreshToken() async throws -> String
}
