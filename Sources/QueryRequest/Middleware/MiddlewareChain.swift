import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one attempt through a client's middleware, in order, then through `send`.
enum MiddlewareChain {
    /// One middleware of a client, and whether it is an ``AuthorizationMiddleware``: asked once, when the
    /// client is made, not on every attempt.
    struct Link: Sendable {
        let middleware: any ClientMiddleware
        let authorizes: Bool

        init(_ middleware: any ClientMiddleware) {
            self.middleware = middleware
            authorizes = middleware is any AuthorizationMiddleware
        }
    }

    static func run(
        _ links: ArraySlice<Link>,
        request: URLRequest,
        context: MiddlewareContext,
        send: (URLRequest) async throws(APIError) -> ClientResponse
    ) async throws(APIError) -> ClientResponse {
        guard let first = links.first else { return try await send(request) }
        let rest = links.dropFirst()
        // After a redirect to an origin that may not have the request's credentials, no middleware puts
        // any on it.
        if first.authorizes, !context.sendsCredentials {
            return try await run(rest, request: request, context: context, send: send)
        }
        do {
            return try await first.middleware.intercept(request, context: context) { next in
                // What an authorization middleware placed is a credential: removed on a hop to another origin.
                if first.authorizes { context.sendState?.noteCredentials(placedBetween: request, and: next) }
                return try await run(rest, request: next, context: context, send: send)
            }
        } catch let error as APIError {
            // Already final: from the session, from a middleware further in, or thrown as is.
            throw error
        } catch {
            if error is CancellationError || Task.isCancelled { throw APIError.cancelled }
            throw APIError.middleware(error, middleware: String(describing: type(of: first.middleware)))
        }
    }
}

/// What one call to ``APIClient/send(_:)`` remembers between its attempts on behalf of the built-in
/// middleware: the bearer token's refresh, done at most once per call, and the names the authorization
/// middleware put credentials in.
///
/// `@unchecked Sendable`: every stored property is read and written only while holding `lock`.
final class SendState: @unchecked Sendable {
    /// The state of the call whose attempt the session is sending, for a session that writes requests down.
    @TaskLocal static var current: SendState?

    private let lock = NSLock()
    private var _hasRefreshedToken = false
    private var _refreshedToken: String?
    private var _retriesAfterRefresh = false
    private var _credentials = CredentialNames()

    /// The names the request's credentials are in: the standard ones and those an authorization middleware
    /// placed on an attempt so far.
    var credentials: CredentialNames { lock.whileLocked { _credentials } }

    /// Whether an authorization middleware placed a credential under a name of its own (not a standard
    /// header): only then does a session that writes requests down need this state.
    var hasPlacedCredentials: Bool { lock.whileLocked { _credentials.hasNamesBeyondTheStandardOnes } }

    /// Notes what an authorization middleware placed when it turned `request` into `next`.
    func noteCredentials(placedBetween request: URLRequest, and next: URLRequest) {
        lock.whileLocked { _credentials.note(placedBetween: request, and: next) }
    }

    /// Records a refreshed token for the next attempt and asks the client for that attempt.
    /// Returns `false` if this call already refreshed once.
    func noteRefresh(token: String) -> Bool {
        lock.whileLocked {
            if _hasRefreshedToken { return false }
            _hasRefreshedToken = true
            _refreshedToken = token
            _retriesAfterRefresh = true
            return true
        }
    }

    /// Whether this call has refreshed its token already.
    var hasRefreshedToken: Bool { lock.whileLocked { _hasRefreshedToken } }

    /// The refreshed token, once: the attempt after the refresh sends it.
    func takeRefreshedToken() -> String? {
        lock.whileLocked {
            defer { _refreshedToken = nil }
            return _refreshedToken
        }
    }

    /// Whether the bearer middleware asked for a retry after refreshing, once.
    func takeRetryAfterRefresh() -> Bool {
        lock.whileLocked {
            defer { _retriesAfterRefresh = false }
            return _retriesAfterRefresh
        }
    }
}
