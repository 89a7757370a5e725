import Foundation

/// Builds the URL of a request from its host, path and encoded query, without ever resolving one against
/// another or concatenating unchecked text.
///
/// The host's base URL is taken apart and validated; the path is normalised by ``URLText`` and joined
/// to the base path segment by segment; only then is the whole text handed to `URL(string:)`. Because the
/// joined path always starts with `/` and holds no raw `?`, `#` or `\`, nothing in it can reach the
/// authority: scheme, host and port are exactly the host's.
struct RequestURL {
    /// `scheme://host[:port]`, the scheme in lowercase.
    let origin: String
    /// The scheme, host and port every built URL must have.
    private let authority: Authority
    /// The host's base path, percent-encoded, possibly empty.
    let basePath: String

    /// Validates the base URL of `host`: a problem with it is an ``RequestBuildingError/invalidHost(host:reason:)``;
    /// an error thrown by `baseURL` itself passes through unchanged.
    init(host: some APIHost) throws {
        // The name is only worked out for an error: reflection is too slow for every request.
        func invalid(_ reason: String) -> RequestBuildingError {
            .invalidHost(host: String(reflecting: host), reason: reason)
        }

        let url = try host.baseURL
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            throw invalid("\"\(url.absoluteString)\" is not a URL")
        }
        let scheme = components.scheme?.lowercased()
        guard scheme == "https" || scheme == "http" else {
            throw invalid("\"\(url.absoluteString)\" must start with http:// or https://")
        }
        guard let hostName = components.percentEncodedHost, !hostName.isEmpty else {
            throw invalid("\"\(url.absoluteString)\" has no host name")
        }
        if let problem = URLText.hostNameProblem(hostName) {
            throw invalid("the host name \"\(hostName)\" \(problem)")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            // Not echoing the URL: it holds a credential.
            throw invalid("the base URL carries user info; send credentials in a header instead")
        }
        guard components.percentEncodedQuery == nil else {
            throw invalid("\"\(url.absoluteString)\" has a query; put fixed query items in the request path")
        }
        guard components.percentEncodedFragment == nil else {
            throw invalid("\"\(url.absoluteString)\" has a fragment")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw invalid("port \(port) of \"\(url.absoluteString)\" is out of range")
        }
        let basePath = URLText.normalised(components.percentEncodedPath[...], keepsRaw: URLText.isPathByte)
        if let segment = URLText.firstDotSegment(in: basePath) {
            throw invalid("the base path of \"\(url.absoluteString)\" has a \"\(segment)\" segment")
        }

        var origin = components
        origin.scheme = scheme
        origin.percentEncodedPath = ""
        // Compared decoded: Foundation may write `h%41st` back as `hAst` or a Unicode name in its IDNA form,
        // the same host (RFC 3986 §6.2.2.2). `hostNameProblem` made sure the name decodes.
        let authority = Authority(scheme: scheme ?? "", host: components.host ?? hostName, port: components.port)
        // Foundation may write a host back without its authority (a non-UTF-8 escape did, and a path
        // starting `//` then named the host): the origin counts only once it reads back as this host.
        guard let originText = origin.string, let reread = URLComponents(string: originText),
            authority.matches(reread), reread.percentEncodedPath.isEmpty
        else {
            throw invalid("the host name \"\(hostName)\" does not read back as itself once written into a URL")
        }
        self.origin = originText
        self.basePath = basePath
        self.authority = authority
    }

    /// The URL for `path` (which may carry a fixed query, `/search?fixed=1`) below the base path, with
    /// `encodedQuery` (the output of `QueryEncoder.encodeToString`) after the fixed query items.
    func url(path: String, encodedQuery: String) throws -> URL {
        guard !path.utf8.contains(UInt8(ascii: "#")) else {
            throw RequestBuildingError.invalidPath(path: path, reason: "\"#\" would start a fragment, never sent")
        }
        // Found by byte: a `?` followed by a combining mark is one `Character` that is not `?`.
        let questionMark = path.utf8.firstIndex(of: UInt8(ascii: "?"))
        let pathPart = path[..<(questionMark ?? path.endIndex)]
        let fixedQuery = questionMark.map { path[path.utf8.index(after: $0)...] } ?? ""

        let requestPath = URLText.normalised(pathPart, keepsRaw: URLText.isPathByte)
        if let segment = URLText.firstDotSegment(in: requestPath) {
            throw RequestBuildingError.invalidPath(
                path: path, reason: "the \"\(segment)\" segment would be resolved by the server")
        }

        var text = origin + joined(basePath, requestPath)
        let query = [
            URLText.normalised(fixedQuery, keepsRaw: URLText.isQueryByte),
            URLText.normalised(encodedQuery[...], keepsRaw: URLText.isQueryByte),
        ].filter { !$0.isEmpty }
        if !query.isEmpty {
            text += "?" + query.joined(separator: "&")
        }
        guard let url = URL(string: text) else {
            throw RequestBuildingError.invalidPath(path: path, reason: "\"\(text)\" is not a valid URL")
        }
        // The last line of defence of "the host never changes": checked on the URL that is sent.
        guard url.host != nil, let built = URLComponents(url: url, resolvingAgainstBaseURL: false),
            authority.matches(built)
        else {
            throw RequestBuildingError.invalidPath(
                path: path, reason: "the URL \"\(text)\" would not keep the host's scheme, host and port")
        }
        return url
    }

    /// Whether `url` has this host's scheme, host and port (and no user info): the client's check that a
    /// request built by its own `makeURLRequest()` kept the host it was asked to use.
    func keepsAuthority(_ url: URL) -> Bool {
        URLComponents(url: url, resolvingAgainstBaseURL: false).map(authority.matches) ?? false
    }

    /// The parts of a URL that no path may change.
    private struct Authority {
        let scheme: String
        /// The host name, percent-decoded.
        let host: String
        let port: Int?

        /// Whether `components` has this scheme (compared without case), host and port, and no user info.
        func matches(_ components: URLComponents) -> Bool {
            components.scheme?.lowercased() == scheme && components.host.map { Array($0.utf8) } == Array(host.utf8)
                && components.port == port && components.percentEncodedUser == nil
                && components.percentEncodedPassword == nil
        }
    }

    /// `/v1` + `/users` → `/v1/users`; a slash on both sides counts once; a path without a leading slash
    /// still starts a new segment. Other empty segments (`//`, a trailing `/`) are kept as written.
    private func joined(_ base: String, _ path: String) -> String {
        if path.isEmpty { return base }
        let baseHasSlash = base.hasSuffix("/")
        let pathHasSlash = path.hasPrefix("/")
        if baseHasSlash && pathHasSlash { return base + path.dropFirst() }
        if baseHasSlash || pathHasSlash { return base + path }
        return base + "/" + path
    }
}
