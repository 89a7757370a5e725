import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The redirects of one request: where it started, how many hops it followed, and how the request of the
/// next hop is made from a redirect response (RFC 9110 §15.4, and the Fetch standard's "HTTP-redirect fetch"
/// for what RFC 9110 leaves open).
struct RedirectChain {
    /// The statuses that are followed. 300 and 304 are answers; 305 and 306 are obsolete.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Whether `status` is one that is followed: cheaper than a look-up in ``statuses`` for every answer.
    static func isFollowed(_ status: Int) -> Bool {
        status == 301 || status == 302 || status == 303 || status == 307 || status == 308
    }

    /// The headers that describe a body, dropped with it (Fetch's request-body-header names).
    static let contentHeaders = [
        "Content-Type", "Content-Length", "Content-Encoding", "Content-Language",
        "Content-Location",
        // On Linux, the blank field that keeps a streamed body from being chunked (`setStreamedBodyLength`).
        "Transfer-Encoding",
    ]

    let policy: RedirectPolicy
    /// The URL of the first answer, the request as the session got it (after the middleware): credentials
    /// stay on its origin, which is worked out only when a redirect comes (most requests have none).
    private var firstAnswered: URL?
    /// The redirects followed since the request was last sent from the start.
    private(set) var count = 0

    init(policy: RedirectPolicy) {
        self.policy = policy
    }

    /// The origin credentials stay on.
    var origin: Origin? { firstAnswered.flatMap(Origin.init) }

    /// One hop's request, before the middleware: what the client sends after a redirect.
    struct Hop {
        /// The request, credentials removed unless ``sendsCredentials``.
        let request: URLRequest
        /// Whether credentials go with it (``MiddlewareContext/sendsCredentials``).
        let sendsCredentials: Bool
        /// The redirect's status.
        let status: Int
        /// 1 for the first redirect of the request.
        let number: Int
    }

    /// Notes an answer to `request` (before the middleware): the first one's URL, which is the request's as the
    /// session got it, sets the origin credentials stay on.
    mutating func noteAnswered(_ response: HTTPURLResponse, to request: URLRequest) {
        if firstAnswered == nil { firstAnswered = response.url ?? request.url }
    }

    /// Starts again from the request itself (a retry): no redirect followed yet.
    mutating func restart() { count = 0 }

    /// The hop that follows `response`, the answer to `previous` (the request before the middleware; the
    /// response's URL is the one the session got); `nil` when the response is the answer (not a redirect, no
    /// `Location`, or a policy that does not follow it). A redirect a middleware answered with on its own (a
    /// cache's) is followed like the server's.
    ///
    /// - Parameters:
    ///   - rebuild: Makes the request again, for a fresh body stream when the hop keeps a streamed body.
    ///   - state: The call's state, whose credential names are removed on a hop that may not have them.
    mutating func hop(
        after response: HTTPURLResponse, to previous: URLRequest, rebuild: (() throws(APIError) -> URLRequest)?,
        state: SendState?
    ) async throws(APIError) -> Hop? {
        let status = response.statusCode
        guard Self.isFollowed(status), policy.rule != .never,
            let location = response.value(forHTTPHeaderField: "Location")
        else { return nil }
        let credentials = state?.credentials ?? CredentialNames()
        let origin = self.origin
        guard let from = response.url ?? previous.url, let target = Self.url(of: location, relativeTo: from),
            let targetOrigin = Origin(target)
        else { throw .redirect(.invalidLocation(location, response: response)) }
        guard count < policy.limit else {
            throw .redirect(.tooManyRedirects(limit: policy.limit, response: response))
        }
        // The query parameters an authorization middleware placed, which the server copied into the `Location`,
        // are its to place again (or not, elsewhere).
        var proposed = credentials.removingQueryParameters(
            from: try Self.request(after: status, from: previous, to: target, rebuild: rebuild))
        var sendsCredentials = policy.sendsCredentials(to: targetOrigin, requested: origin)
        if !sendsCredentials { proposed = credentials.removed(from: proposed) }
        let leavesOrigin = targetOrigin != origin
        switch policy.rule {
        case .follow:
            break
        case .never:
            return nil
        case .sameOrigin:
            if leavesOrigin { return nil }
        case .custom(let decider):
            let hop = RedirectHop(
                response: response, from: from, request: proposed, number: count + 1, leavesOrigin: leavesOrigin,
                sendsCredentials: sendsCredentials)
            let decision: RedirectDecision
            do {
                decision = try await decider.decide(hop)
            } catch {
                if error is CancellationError || Task.isCancelled { throw .cancelled }
                throw .redirect(.policyFailed(error, response: response))
            }
            switch decision.choice {
            case .stop:
                return nil
            case .follow(nil):
                break
            case .follow(let chosen?):
                guard let url = chosen.url, let chosenOrigin = Origin(url) else {
                    throw .redirect(
                        .invalidLocation(chosen.url?.absoluteString ?? "(no URL)", response: response))
                }
                sendsCredentials = policy.sendsCredentials(to: chosenOrigin, requested: origin)
                proposed =
                    sendsCredentials
                    ? credentials.removingQueryParameters(from: chosen) : credentials.removed(from: chosen)
            }
        }
        if let fromOrigin = Origin(from), let url = proposed.url, let toOrigin = Origin(url),
            fromOrigin.isSecure, !toOrigin.isSecure, !policy.allowsInsecureRedirects
        {
            throw .redirect(.insecureRedirect(to: url, response: response))
        }
        count += 1
        return Hop(request: proposed, sendsCredentials: sendsCredentials, status: status, number: count)
    }

    /// The request after a redirect with `status` from `previous` to `url`: 303 turns any method but `HEAD`
    /// into `GET`, 301 and 302 turn `POST` into `GET` (as browsers and `URLSession` do; RFC 9110 allows it),
    /// and a `GET` has no body and no headers about one. Every other request keeps its method and its body; a
    /// streamed body is read once, so it comes from a request built again.
    static func request(
        after status: Int, from previous: URLRequest, to url: URL, rebuild: (() throws(APIError) -> URLRequest)?
    ) throws(APIError) -> URLRequest {
        var next = previous
        next.url = url
        let method = HTTPMethod(rawValue: previous.httpMethod ?? "GET").canonical
        let becomesGET = (status == 303 && method != .get && method != .head) || (status <= 302 && method == .post)
        if becomesGET {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in contentHeaders { next.setValue(nil, forHTTPHeaderField: name) }
        } else if previous.httpBodyStream != nil, let rebuild {
            next.httpBodyStream = try rebuild().httpBodyStream
        }
        return next
    }

    /// Whether `requested` and `answered` name the same resource (origin, path and query; an empty path is
    /// `/`): a session's answer from anywhere else came through a redirect it followed itself.
    static func isSameResource(_ requested: URL, _ answered: URL) -> Bool {
        func resource(_ url: URL) -> (origin: Origin?, path: String, query: String?)? {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
            let path = components.percentEncodedPath
            return (Origin(url), path.isEmpty ? "/" : path, components.percentEncodedQuery)
        }
        guard let lhs = resource(requested), let rhs = resource(answered) else { return requested == answered }
        return lhs.origin == rhs.origin && lhs.path == rhs.path && lhs.query == rhs.query
    }

    /// The absolute URL a `Location` points to, resolved against `base`. A `Location` with raw spaces or
    /// non-ASCII characters, which servers send and browsers accept, is read with them percent-encoded.
    static func url(of location: String, relativeTo base: URL) -> URL? {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if let url = URL(string: trimmed, relativeTo: base)?.absoluteURL { return url }
        guard let escaped = trimmed.addingPercentEncoding(withAllowedCharacters: locationCharacters) else {
            return nil
        }
        return URL(string: escaped, relativeTo: base)?.absoluteURL
    }

    /// What a URL reference may hold raw: RFC 3986's unreserved and reserved characters, and `%` (an escape
    /// the server wrote stays one).
    private static let locationCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
}
