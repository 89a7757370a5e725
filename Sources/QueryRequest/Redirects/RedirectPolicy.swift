import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client does when a server answers with a redirect (301, 302, 303, 307 or 308 with a
/// `Location`): follow it, leave it alone, or ask your code.
///
/// ```swift
/// let client = APIClient(redirectPolicy: .follow(limit: 5))
/// let setting = APISetting(redirectPolicy: .never)  // this request sees the 3xx itself
/// let cdn = RedirectPolicy.follow.sendingCredentials(to: URL(string: "https://files.example.com")!)
/// ```
///
/// The client follows redirects itself, one exchange per hop, each through the middleware
/// (``AttemptReason/redirect(status:)``), `onAttempt`, logs and recordings. Whatever the policy:
/// - 303 becomes `GET` (a `HEAD` stays `HEAD`) without a body; 301 and 302 turn `POST` into `GET` without a
///   body, as browsers and `URLSession` do; every other method, and 307 and 308, keep the method and the
///   body (a streamed body is made again, as for a retry). A body dropped takes its `Content-*` headers with it.
/// - A hop to another origin (scheme, host, port) carries no credential: `Authorization`,
///   `Proxy-Authorization` and `Cookie` are removed, every header and query parameter an
///   ``AuthorizationMiddleware`` placed is removed, and authorization middleware do not run for it; the
///   session's cookie storage adds the cookies of the new URL. ``sendingCredentials(to:)`` names origins
///   that may have them.
/// - A hop from `https` to `http` throws ``RedirectError/insecureRedirect(to:response:)`` unless
///   ``allowingInsecureRedirects()``.
/// - More than ``limit`` redirects for one request throw ``RedirectError/tooManyRedirects(limit:response:)``.
///
/// A redirect that is not followed (``never``, a hop that ``sameOrigin`` refuses, a closure that stops,
/// or a 3xx without `Location`) is the answer: validated like any response, so by default it throws
/// ``APIError/unacceptableStatus(_:)`` with the `Location` in its headers.
public struct RedirectPolicy: Sendable, Hashable {
    /// The limit of ``follow``, ``sameOrigin`` and ``custom(limit:_:)`` unless given: 20, as in the Fetch
    /// standard and `URLSession`.
    public static let defaultLimit = 20

    enum Rule: Sendable, Hashable {
        case follow
        case never
        case sameOrigin
        case custom(Decider)
    }

    /// A closure that decides, compared by identity: two policies made by one call of
    /// ``custom(limit:_:)`` are equal, two made by separate calls are not.
    struct Decider: Sendable, Hashable {
        final class Identity: Sendable {}
        let identity = Identity()
        let decide: @Sendable (RedirectHop) async throws -> RedirectDecision

        static func == (lhs: Decider, rhs: Decider) -> Bool { lhs.identity === rhs.identity }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
    }

    /// What a policy is, in one immutable object: a policy is one reference wherever it is kept (every
    /// ``APISetting``, every attempt's context), which keeps the client's async frames small.
    final class Storage: Sendable {
        let rule: Rule
        let limit: Int
        let credentialOrigins: [URL]
        let allowsInsecureRedirects: Bool

        init(rule: Rule, limit: Int, credentialOrigins: [URL] = [], allowsInsecureRedirects: Bool = false) {
            self.rule = rule
            self.limit = limit
            self.credentialOrigins = credentialOrigins
            self.allowsInsecureRedirects = allowsInsecureRedirects
        }
    }

    private let storage: Storage

    private init(rule: Rule, limit: Int, credentialOrigins: [URL] = [], allowsInsecureRedirects: Bool = false) {
        storage = Storage(
            rule: rule, limit: limit, credentialOrigins: credentialOrigins,
            allowsInsecureRedirects: allowsInsecureRedirects)
    }

    var rule: Rule { storage.rule }
    /// The most redirects one request follows; one more throws
    /// ``RedirectError/tooManyRedirects(limit:response:)``. 0 for ``never``.
    public var limit: Int { storage.limit }
    /// Origins besides the request's own that its credentials may follow a redirect to (as `URL`s; only
    /// their scheme, host and port count). Empty unless set with ``sendingCredentials(to:)``.
    public var credentialOrigins: [URL] { storage.credentialOrigins }
    /// Whether a redirect from `https` to `http` is followed; `false` unless set with
    /// ``allowingInsecureRedirects()``.
    public var allowsInsecureRedirects: Bool { storage.allowsInsecureRedirects }

    /// Whether two policies do the same: the same rule (a ``custom(limit:_:)`` closure compared by identity),
    /// limit, credential origins and choice about `http`.
    public static func == (lhs: RedirectPolicy, rhs: RedirectPolicy) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.rule == rhs.rule && lhs.limit == rhs.limit && lhs.credentialOrigins == rhs.credentialOrigins
                && lhs.allowsInsecureRedirects == rhs.allowsInsecureRedirects)
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(limit)
        hasher.combine(credentialOrigins)
        hasher.combine(allowsInsecureRedirects)
    }

    /// Follows every redirect, up to ``defaultLimit`` of them: the default.
    public static let follow = RedirectPolicy(rule: .follow, limit: defaultLimit)

    /// Follows every redirect, up to `limit` of them (0 or less: the first redirect throws).
    public static func follow(limit: Int) -> RedirectPolicy {
        RedirectPolicy(rule: .follow, limit: max(limit, 0))
    }

    /// Follows no redirect: the 3xx response is the answer.
    public static let never = RedirectPolicy(rule: .never, limit: 0)

    /// Follows redirects that stay on the request's origin (scheme, host and port), up to
    /// ``defaultLimit``; a redirect elsewhere is the answer.
    public static let sameOrigin = RedirectPolicy(rule: .sameOrigin, limit: defaultLimit)

    /// Follows redirects that stay on the request's origin, up to `limit` of them.
    public static func sameOrigin(limit: Int) -> RedirectPolicy {
        RedirectPolicy(rule: .sameOrigin, limit: max(limit, 0))
    }

    /// Asks `decide` about each redirect, up to `limit` of them: it sees the hop, with the request the
    /// client would send (``RedirectHop/request``), and returns ``RedirectDecision/follow``,
    /// ``RedirectDecision/follow(_:)`` with a request of its own, or ``RedirectDecision/stop``.
    ///
    /// ```swift
    /// let policy = RedirectPolicy.custom { hop in
    ///     hop.request.url?.host == "downloads.example.com" ? .follow : .stop
    /// }
    /// ```
    ///
    /// The rules above still apply to what it returns: the `https` → `http` check, and the removal of
    /// credentials on a hop to another origin. An error it throws fails the request with
    /// ``RedirectError/policyFailed(_:response:)`` (a `CancellationError` with ``APIError/cancelled``).
    public static func custom(
        limit: Int = defaultLimit, _ decide: @escaping @Sendable (RedirectHop) async throws -> RedirectDecision
    ) -> RedirectPolicy {
        RedirectPolicy(rule: .custom(Decider(decide: decide)), limit: max(limit, 0))
    }

    /// This policy, also sending the request's credentials to `origins` after a redirect (only the scheme,
    /// host and port of each URL count): a download host of the same API, say.
    public func sendingCredentials(to origins: URL...) -> RedirectPolicy {
        RedirectPolicy(
            rule: rule, limit: limit, credentialOrigins: credentialOrigins + origins,
            allowsInsecureRedirects: allowsInsecureRedirects)
    }

    /// This policy, also following redirects from `https` to `http`, which are refused otherwise.
    public func allowingInsecureRedirects() -> RedirectPolicy {
        RedirectPolicy(
            rule: rule, limit: limit, credentialOrigins: credentialOrigins, allowsInsecureRedirects: true)
    }

    /// Whether credentials may go to `origin` after a redirect: it is `requested`, or a credential origin.
    func sendsCredentials(to origin: Origin, requested: Origin?) -> Bool {
        origin == requested || credentialOrigins.contains { Origin($0) == origin }
    }
}
