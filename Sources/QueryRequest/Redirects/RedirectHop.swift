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
