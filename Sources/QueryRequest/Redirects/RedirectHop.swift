import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One redirect, as a ``RedirectPolicy/custom(limit:_:)`` closure sees it: the 3xx response, where it came
/// from, and the request the client would send next.
public struct RedirectHop: Sendable {
    /// The redirect: a 301, 302, 303, 307 or 308 response with a `Location`.
    public let response: HTTPURLResponse
    /// The URL that answered with the redirect.
    public let from: URL
    /// The request the client sends next unless the policy says otherwise: the `Location` resolved against
    /// ``from``, the method and body the status keeps (see ``RedirectPolicy``), and, on a hop to an origin
    /// that may not have them, no credentials. The client's middleware still run on it.
    public let request: URLRequest
    /// 1 for the first redirect of a request, 2 for the second, and so on.
    public let number: Int
    /// Whether ``request`` goes to another origin (scheme, host, port) than the request itself.
    public let leavesOrigin: Bool
    /// Whether credentials go with ``request``: its origin is the request's own, or one the policy names in
    /// ``RedirectPolicy/sendingCredentials(to:)``.
    public let sendsCredentials: Bool

    /// The redirect's status code.
    public var statusCode: Int { response.statusCode }
}

/// What a ``RedirectPolicy/custom(limit:_:)`` closure decides about a redirect.
public struct RedirectDecision: Sendable {
    enum Choice: Sendable {
        case follow(URLRequest?)
        case stop
    }

    let choice: Choice

    /// Sends ``RedirectHop/request`` as the client made it.
    public static let follow = RedirectDecision(choice: .follow(nil))

    /// Sends `request` instead: another URL, method, headers or body. The `https` → `http` check and the
    /// removal of credentials on a hop to another origin apply to it too.
    public static func follow(_ request: URLRequest) -> RedirectDecision {
        RedirectDecision(choice: .follow(request))
    }

    /// Follows no further: the redirect response is the answer, validated like any other.
    public static let stop = RedirectDecision(choice: .stop)
}
