import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one call to ``APIClient/send(_:progress:)`` remembers between its attempts on behalf of the built-in
/// middleware: the bearer token's refresh, done at most once per call, and which authorization middleware put
/// no credential on the request; and the client's ``RedactionContext``, where the names the authorization
/// middleware place are kept.
final class SendState: Sendable {
    /// What the client hides, where its authorization middleware's names are noted.
    let redaction: RedactionContext

    private struct Remembered: Sendable {
        var hasRefreshedToken = false
        var refreshedToken: String?
        var retriesAfterRefresh = false
        var silentAuthorizers: [String] = []
    }
    private let remembered = Locked(Remembered())

    init(redaction: RedactionContext) {
        self.redaction = redaction
    }

    /// The names the request's credentials are in: the standard ones and those the client's authorization
    /// middleware were seen to place.
    var credentials: CredentialNames { redaction.credentials }

    /// Notes what `middleware`, an authorization middleware, placed when it turned `request` into `next`, or
    /// that it placed nothing.
    func noteCredentials(placedBetween request: URLRequest, and next: URLRequest, by middleware: any ClientMiddleware) {
        guard !redaction.noteCredentials(placedBetween: request, and: next) else { return }
        let name = String(describing: type(of: middleware))
        remembered.withValue { if !$0.silentAuthorizers.contains(name) { $0.silentAuthorizers.append(name) } }
    }

    /// The type names of the authorization middleware that put no credential on a request of this call.
    var silentAuthorizers: [String] { remembered.current.silentAuthorizers }

    /// Records a refreshed token for the next attempt and asks the client for that attempt.
    /// Returns `false` if this call already refreshed once.
    func noteRefresh(token: String) -> Bool {
        remembered.withValue {
            if $0.hasRefreshedToken { return false }
            $0.hasRefreshedToken = true
            $0.refreshedToken = token
            $0.retriesAfterRefresh = true
            return true
        }
    }

    /// Whether this call has refreshed its token already.
    var hasRefreshedToken: Bool { remembered.current.hasRefreshedToken }

    /// The refreshed token, once: the attempt after the refresh sends it.
    func takeRefreshedToken() -> String? {
        remembered.withValue { remembered in
            defer { remembered.refreshedToken = nil }
            return remembered.refreshedToken
        }
    }

    /// Whether the bearer middleware asked for a retry after refreshing, once.
    func takeRetryAfterRefresh() -> Bool {
        remembered.withValue { remembered in
            defer { remembered.retriesAfterRefresh = false }
            return remembered.retriesAfterRefresh
        }
    }
}
