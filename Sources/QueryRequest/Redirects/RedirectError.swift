import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a redirect was not followed, as ``APIError/redirect(_:)`` reports it.
public enum RedirectError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The request was redirected more times than the policy's ``RedirectPolicy/limit``: the limit, and the
    /// redirect response that would have gone past it.
    case tooManyRedirects(limit: Int, response: HTTPURLResponse)
    /// A redirect from `https` to `http` (the URL it pointed to, and the response), refused unless the policy
    /// is ``RedirectPolicy/allowingInsecureRedirects()``.
    case insecureRedirect(to: URL, response: HTTPURLResponse)
    /// The `Location` of a redirect is not an `http` or `https` URL reference: its text, and the response.
    case invalidLocation(String, response: HTTPURLResponse)
    /// The closure of a ``RedirectPolicy/custom(limit:_:)`` policy threw: the error, and the redirect it was
    /// asked about.
    case policyFailed(any Error, response: HTTPURLResponse)
    /// The ``NetworkSession`` followed a redirect itself, from the URL requested to the one that answered,
    /// so the request's redirect policy could not apply. A `URLSession` with a delegate of its own follows
    /// redirects unless the delegate's `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`
    /// answers `nil`; an AsyncHTTPClient `HTTPClient` unless it is made with `redirectConfiguration: .disallow`.
    /// Only reported for a policy other than ``RedirectPolicy/follow``.
    case followedBySession(requested: URL, answered: URL)

    /// The redirect response, where there was one.
    public var response: HTTPURLResponse? {
        switch self {
        case .tooManyRedirects(_, let response), .insecureRedirect(_, let response),
            .invalidLocation(_, let response), .policyFailed(_, let response):
            response
        case .followedBySession: nil
        }
    }

    /// A sentence that says which redirect and why.
    public var description: String {
        switch self {
        case .tooManyRedirects(let limit, let response):
            "The request was redirected more than \(limit) times (the redirect policy's limit); the last "
                + "redirect was a \(response.statusCode)\(Self.from(response))"
        case .insecureRedirect(let url, let response):
            "The \(response.statusCode) redirect\(Self.from(response)) to \(url.absoluteString) leaves HTTPS and "
                + "was not followed (RedirectPolicy.allowingInsecureRedirects() allows it)"
        case .invalidLocation(let location, let response):
            "The Location \"\(location)\" of the \(response.statusCode) redirect\(Self.from(response)) is not "
                + "an http or https URL"
        case .policyFailed(let error, let response):
            "The redirect policy failed on the \(response.statusCode) redirect\(Self.from(response)): \(error)"
        case .followedBySession(let requested, let answered):
            "The session followed a redirect itself, from \(requested.absoluteString) to "
                + "\(answered.absoluteString), so the request's redirect policy could not apply: make the session "
                + "decline redirects (a URLSession delegate answering nil to willPerformHTTPRedirection, an "
                + "HTTPClient made with redirectConfiguration: .disallow)"
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    private static func from(_ response: HTTPURLResponse) -> String {
        response.url.map { " from \($0.absoluteString)" } ?? ""
    }
}
