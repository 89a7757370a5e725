import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
