import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one call to ``APIClient/send(_:progress:)`` remembers between its attempts on behalf of the built-in
/// middleware: the bearer token's refresh, done at most once per call, and which authorization middleware put
/// no credential on the request; and the client's ``RedactionContext``, where the names the authorization
/// middleware place are kept.
///
/// `@unchecked Sendable`: every stored property but the constant `redaction` is read and written only while
/// holding `lock`.
final class SendState: @unchecked Sendable {
    /// What the client hides, where its authorization middleware's names are noted.
    let redaction: RedactionContext

    private let lock = NSLock()
    private var _hasRefreshedToken = false
    private var _refreshedToken: String?
    private var _retriesAfterRefresh = false
    private var _silentAuthorizers: [String] = []

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
        lock.whileLocked { if !_silentAuthorizers.contains(name) { _silentAuthorizers.append(name) } }
    }

    /// The type names of the authorization middleware that put no credential on a request of this call.
    var silentAuthorizers: [String] { lock.whileLocked { _silentAuthorizers } }

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
