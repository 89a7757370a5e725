import Foundation

/// Builds the URL of a request from its host, path and encoded query, without ever resolving one against
/// another or concatenating unchecked text.
///
/// The host's base URL is taken apart and validated; the path is normalised by ``URLText`` and joined
/// to the base path segment by segment; only then is the whole text handed to `URL(string:)`. Because the
/// joined path always starts with `/` and holds no raw `?`, `#` or `\`, nothing in it can reach the
/// authority: scheme, host and port are exactly the host's.
struct RequestURL: Sendable {
    /// What validating a base URL found, in one object: a cached value is then copied with one retain.
    private final class Validated: Sendable {
        /// `scheme://host[:port]` and the base path: the validated origin, the scheme in lowercase,
        /// followed by the host's percent-encoded base path (possibly empty). Every URL starts with it.
        let prefix: String
        /// Whether the base path ends with `/`.
        let basePathEndsWithSlash: Bool
        /// The scheme, host and port every built URL must have.
        let authority: Authority

        init(prefix: String, basePathEndsWithSlash: Bool, authority: Authority) {
            self.prefix = prefix
            self.basePathEndsWithSlash = basePathEndsWithSlash
            self.authority = authority
        }
    }

    private let validated: Validated
    private var prefix: String { validated.prefix }
    private var basePathEndsWithSlash: Bool { validated.basePathEndsWithSlash }
    private var authority: Authority { validated.authority }

    /// Validates the base URL of `host`: a problem with it is an ``RequestBuildingError/invalidHost(host:reason:)``;
    /// an error thrown by `baseURL` itself passes through unchanged.
    ///
    /// A base URL is validated once and then found in ``validatedBaseURLs``, by its text: see ``init(baseURL:host:)``.
    init(host: some APIHost) throws {
        let url = try host.baseURL
        let text = url.absoluteString
        if let known = Self.validatedBaseURLs.value(for: text) {
            self = known
            return
        }
        self = try RequestURL(baseURL: text, host: host)
        Self.validatedBaseURLs.store(self, for: text)
    }

    /// Base URLs already validated, by their exact text (`absoluteString`).
    ///
    /// Safe to reuse because ``init(baseURL:host:)`` reads nothing but that text: it parses it again
    /// (rather than asking the `URL` value, whose base URL could differ), and `host` only names the host in
    /// an error, which is never stored. So a hit is exactly the value the validation would return.
    private static let validatedBaseURLs = BoundedCache<String, RequestURL>(capacity: 64)

    /// Validates the base URL `text` (the `absoluteString` of `host`'s base URL).
    private init(baseURL text: String, host: some APIHost) throws {
        // The name is only worked out for an error: reflection is too slow for every request.
        func invalid(_ reason: String) -> RequestBuildingError {
            .invalidHost(host: String(reflecting: host), reason: reason)
        }

        guard let components = URLComponents(string: text) else {
            throw invalid("\"\(text)\" is not a URL")
        }
        let scheme = components.scheme?.lowercased()
        guard scheme == "https" || scheme == "http" else {
            throw invalid("\"\(text)\" must start with http:// or https://")
        }
        guard let hostName = components.percentEncodedHost, !hostName.isEmpty else {
            throw invalid("\"\(text)\" has no host name")
        }
        if let problem = URLText.hostNameProblem(hostName) {
            throw invalid("the host name \"\(hostName)\" \(problem)")
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            // Not echoing the URL: it holds a credential.
            throw invalid("the base URL carries user info; send credentials in a header instead")
        }
        guard components.percentEncodedQuery == nil else {
            throw invalid("\"\(text)\" has a query; put fixed query items in the request path")
        }
        guard components.percentEncodedFragment == nil else {
            throw invalid("\"\(text)\" has a fragment")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw invalid("port \(port) of \"\(text)\" is out of range")
        }
        let basePath = URLText.normalised(components.percentEncodedPath[...], as: .path)
        if let segment = URLText.firstDotSegment(in: basePath) {
            throw invalid("the base path of \"\(text)\" has a \"\(segment)\" segment")
        }

        var origin = components
        origin.scheme = scheme
        origin.percentEncodedPath = ""
        // Compared decoded: Foundation may write `h%41st` back as `hAst` or a Unicode name in its IDNA form,
        // the same host (RFC 3986 §6.2.2.2). `hostNameProblem` made sure the name decodes.
        let decodedHost = components.host ?? hostName
        // Foundation may write a host back without its authority (a non-UTF-8 escape did, and a path
        // starting `//` then named the host): the origin counts only once it reads back as this host, both
        // through `URLComponents` and through `URL`, whose host is what every built URL is checked against.
        guard let originText = origin.string, let reread = URLComponents(string: originText),
            reread.percentEncodedPath.isEmpty, let originURL = URL(string: originText),
            let encodedHost = originURL.host(percentEncoded: true)
        else {
            throw invalid("the host name \"\(hostName)\" does not read back as itself once written into a URL")
        }
        let authority = Authority(
            scheme: scheme ?? "", host: decodedHost, encodedHost: encodedHost, port: components.port)
        guard authority.matches(reread), authority.matches(originURL) else {
            throw invalid("the host name \"\(hostName)\" does not read back as itself once written into a URL")
        }
        validated = Validated(
            prefix: originText + basePath, basePathEndsWithSlash: basePath.utf8.last == UInt8(ascii: "/"),
            authority: authority)
    }

    /// The URL for `path` (which may carry a fixed query, `/search?fixed=1`) below the base path, with
    /// `encodedQuery` (the output of `QueryEncoder.encodeToString`) after the fixed query items.
    ///
    /// The text is written straight into the new string's storage: the validated origin, the base path, the
    /// normalised path, `?` and the normalised queries. Only then is it parsed, once, and the parsed URL's
    /// authority compared with the origin's.
    func url(path: String, encodedQuery: String) throws -> URL {
        var path = path
        var encodedQuery = encodedQuery
        // Everything is read as UTF-8 bytes, found by byte in one pass (a `?` followed by a combining mark is one
        // `Character` that is not `?`), and never sliced as `String`s.
        let built = path.withUTF8 { path in
            encodedQuery.withUTF8 { encodedQuery in writeText(path: path, encodedQuery: encodedQuery) }
        }
        let text: String
        switch built {
        case .text(let written): text = written
        case .fragment:
            throw RequestBuildingError.invalidPath(path: path, reason: "\"#\" would start a fragment, never sent")
        case .dotSegment(let segment):
            throw RequestBuildingError.invalidPath(
                path: path, reason: "the \"\(segment)\" segment would be resolved by the server")
        }
        guard let url = URL(string: text) else {
            throw RequestBuildingError.invalidPath(path: path, reason: "\"\(text)\" is not a valid URL")
        }
        // The last line of defence of "the host never changes": checked on the URL that is sent.
        guard authority.matches(url) else {
            throw RequestBuildingError.invalidPath(
                path: path, reason: "the URL \"\(text)\" would not keep the host's scheme, host and port")
        }
        return url
    }

    /// The text of ``url(path:encodedQuery:)``, or why there is none.
    private enum WrittenText {
        case text(String)
        /// The path holds a `#`.
        case fragment
        /// The normalised path has this `.` or `..` segment.
        case dotSegment(String)
    }

    /// Writes the URL text for the UTF-8 bytes of a path and an encoded query.
    private func writeText(path: UnsafeBufferPointer<UInt8>, encodedQuery: UnsafeBufferPointer<UInt8>) -> WrittenText {
        var questionMark: Int?
        for offset in path.indices {
            let byte = path[offset]
            if byte == UInt8(ascii: "#") { return .fragment }
            if byte == UInt8(ascii: "?") && questionMark == nil { questionMark = offset }
        }
        var requestPath = UnsafeBufferPointer(rebasing: path[..<(questionMark ?? path.count)])
        let fixedQuery =
            questionMark.map { UnsafeBufferPointer(rebasing: path[($0 + 1)...]) } ?? .init(start: nil, count: 0)

        // `/v1` + `/users` → `/v1/users`; a slash on both sides counts once; a path without a leading slash
        // still starts a new segment. Other empty segments (`//`, a trailing `/`) are kept as written.
        // Decided on the raw path: normalising keeps `/` and never makes a byte into one.
        var needsSlash = false
        if let first = requestPath.first {
            let pathHasSlash = first == UInt8(ascii: "/")
            if basePathEndsWithSlash && pathHasSlash {
                requestPath = UnsafeBufferPointer(rebasing: requestPath.dropFirst())
            }
            needsSlash = !basePathEndsWithSlash && !pathHasSlash
        }
        let hasQuery = !fixedQuery.isEmpty || !encodedQuery.isEmpty
        // The most the text can take: the origin and base path as they are, three bytes for each byte of the
        // path and queries (each may become `%XX`), and the three separators: `/`, `?` and `&`.
        let capacity = prefix.utf8.count + 3 * (requestPath.count + fixedQuery.count + encodedQuery.count) + 3
        var dotSegment: String?
        let text = String(unsafeUninitializedCapacity: capacity) { buffer in
            var writer = URLText.Writer(buffer)
            writer.append(prefix)
            if needsSlash { writer.append(UInt8(ascii: "/")) }
            let pathStart = writer.count
            writer.appendNormalised(requestPath, as: .path)
            if let range = URLText.firstDotSegment(in: writer.written(from: pathStart)) {
                dotSegment = String(decoding: writer.written(from: pathStart)[range], as: UTF8.self)
                return 0
            }
            if hasQuery {
                writer.append(UInt8(ascii: "?"))
                writer.appendNormalised(fixedQuery, as: .query)
                if !fixedQuery.isEmpty && !encodedQuery.isEmpty { writer.append(UInt8(ascii: "&")) }
                writer.appendNormalised(encodedQuery, as: .query)
            }
            return writer.count
        }
        if let dotSegment { return .dotSegment(dotSegment) }
        return .text(text)
    }

    /// Whether `url` has this host's scheme, host and port (and no user info): the client's check that a
    /// request built by its own `makeURLRequest()` kept the host it was asked to use.
    func keepsAuthority(_ url: URL) -> Bool {
        URLComponents(url: url, resolvingAgainstBaseURL: false).map(authority.matches) ?? false
    }

    /// The parts of a URL that no path may change.
    private struct Authority: Sendable {
        let scheme: String
        /// The host name, percent-decoded.
        let host: String
        /// The host name as `URL.host(percentEncoded: true)` gives it for the origin.
        let encodedHost: String
        let port: Int?

        /// Whether `components` has this scheme (compared without case), host and port, and no user info.
        func matches(_ components: URLComponents) -> Bool {
            components.scheme?.lowercased() == scheme && components.host.map { Array($0.utf8) } == Array(host.utf8)
                && components.port == port && components.percentEncodedUser == nil
                && components.percentEncodedPassword == nil
        }

        /// Whether `url` has this scheme, host and port, and no user info, read from `URL` itself. Cheaper
        /// than `matches(_: URLComponents)` (no second parse, no IDNA decoding of the host): the host is
        /// compared as written, byte for byte, with the origin's as `URL` read it when it was validated.
        func matches(_ url: URL) -> Bool {
            guard let urlScheme = url.scheme, let urlHost = url.host(percentEncoded: true) else { return false }
            // Compared as written: the built text starts with the origin, whose scheme is in lowercase.
            // (`==` on strings also compares their bytes for ASCII text, such as every percent-encoded host.)
            return urlScheme == scheme && urlHost.utf8.count == encodedHost.utf8.count && urlHost == encodedHost
                && url.port == port
                && url.user(percentEncoded: true) == nil && url.password(percentEncoded: true) == nil
        }
    }
}
