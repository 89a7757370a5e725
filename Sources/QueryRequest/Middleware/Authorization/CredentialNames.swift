import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The header and query parameter names that carry credentials on a request: the ones every request may
/// carry (`Authorization`, `Proxy-Authorization`, `Cookie`), and those the client's authorization middleware
/// were seen to place. A redirect to another origin removes them all.
struct CredentialNames: Sendable, Hashable {
    /// The headers every request's credentials may be in, lowercased.
    static let standardHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// Header names beyond ``standardHeaders``, lowercased; empty, without a set's storage, until one is noted.
    private var placedHeaders: Set<String> = []
    /// Query parameter names, lowercased, as decoded.
    private(set) var queryParameters: Set<String> = []

    /// Every header name, lowercased: the standard ones and those noted.
    var headers: Set<String> {
        placedHeaders.isEmpty ? Self.standardHeaders : Self.standardHeaders.union(placedHeaders)
    }

    /// Whether a name beyond the standard headers was noted.
    var hasNamesBeyondTheStandardOnes: Bool { !placedHeaders.isEmpty || !queryParameters.isEmpty }

    /// Whether the header `name` (any case) is one of these.
    func contains(header name: String) -> Bool {
        let name = name.lowercased()
        return Self.standardHeaders.contains(name) || placedHeaders.contains(name)
    }

    /// Adds the headers and query parameters that `next` has and `request` had not, or had with another value:
    /// what an authorization middleware placed when it turned `request` into `next`.
    mutating func note(placedBetween request: URLRequest, and next: URLRequest) {
        for (name, value) in next.allHTTPHeaderFields ?? [:] where request.value(forHTTPHeaderField: name) != value {
            let name = name.lowercased()
            if !Self.standardHeaders.contains(name) { placedHeaders.insert(name) }
        }
        guard next.url != request.url else { return }
        var before: [String: Int] = [:]
        for name in Self.queryNames(of: request.url) { before[name, default: 0] += 1 }
        for name in Self.queryNames(of: next.url) {
            if let count = before[name], count > 0 {
                before[name] = count - 1
            } else {
                queryParameters.insert(name)
            }
        }
    }

    /// `request` without any of these headers, and its URL without any of these query parameters.
    func removed(from request: URLRequest) -> URLRequest {
        var request = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where contains(header: name) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return removingQueryParameters(from: request)
    }

    /// `request` with its URL without any of these query parameters: what a server copied into a redirect's
    /// `Location` (an API key), which the middleware that placed it puts on again, or not at all.
    func removingQueryParameters(from request: URLRequest) -> URLRequest {
        var request = request
        if !queryParameters.isEmpty, let url = request.url,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let query = components.percentEncodedQuery
        {
            let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { pair in
                let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                return !queryParameters.contains(Self.decodedName(name))
            }
            components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
            if let stripped = components.url { request.url = stripped }
        }
        return request
    }

    /// The decoded, lowercased names of the query parameters of `url`, in order.
    private static func queryNames(of url: URL?) -> [String] {
        guard let url, let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
        else { return [] }
        return query.split(separator: "&").map { pair in
            decodedName(pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
    }

    /// A percent-encoded query name, decoded (a `+` read as a space, as servers read it) and lowercased.
    private static func decodedName(_ encoded: Substring) -> String {
        let spaced = encoded.replacingOccurrences(of: "+", with: " ")
        return (spaced.removingPercentEncoding ?? spaced).lowercased()
    }
}
