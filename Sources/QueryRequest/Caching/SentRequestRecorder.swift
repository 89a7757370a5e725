import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Notes whether the requests that left the middleware chain for the session carried credentials, for the
/// ``HTTPCacheMiddleware`` that set it in ``current`` around its `next`: a middleware after the cache (an
/// authorization middleware, or one of the app's) may add a credential the cache never sees on the request it got.
///
/// `MiddlewareChain` notes each request it hands to the session, when the recorder belongs to the same call (the
/// same ``SendState``): a request a middleware sends through another client meanwhile (a token refresh) is not
/// this call's.
final class SentRequestRecorder: Sendable {
    /// The recorder of the cache middleware whose `next` is running.
    @TaskLocal static var current: SentRequestRecorder?

    private let sendState: SendState?
    private struct Seen: Sendable {
        var requests = 0
        var credentialed = false
    }
    private let seen = Locked(Seen())

    init(sendState: SendState?) {
        self.sendState = sendState
    }

    /// Notes `request`, about to be sent in the call whose state is `state`.
    func record(_ request: URLRequest, state: SendState?) {
        guard state === sendState else { return }
        // Read now: the names an authorization middleware placed on this very request were noted on its way here.
        let credentialed = Self.carriesCredentials(request, names: sendState?.credentials ?? CredentialNames())
        seen.withValue {
            $0.requests += 1
            $0.credentialed = $0.credentialed || credentialed
        }
    }

    /// Whether a request that went out carried credentials; `true` as well when none was seen to go out, since
    /// then the cache cannot tell.
    var sentCredentials: Bool {
        let seen = seen.current
        return seen.requests == 0 || seen.credentialed
    }

    /// Whether `request` has a header or query parameter among `names`.
    static func carriesCredentials(_ request: URLRequest, names: CredentialNames) -> Bool {
        let stripped = names.removed(from: request)
        return stripped.url != request.url
            || (stripped.allHTTPHeaderFields ?? [:]).count != (request.allHTTPHeaderFields ?? [:]).count
    }
}
