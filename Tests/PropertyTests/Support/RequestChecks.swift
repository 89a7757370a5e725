import Foundation
import PropertyHarness
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The invariants of a built request (Docs/Security.md, "The invariants of a built request"), checked on one
/// generated request.
extension RequestCase {
    /// Something the reference says building must refuse.
    enum Problem: CustomStringConvertible {
        /// The host's base URL does not parse: its own error (invariant 1).
        case unparseableHost
        /// The host is no usable base (scheme, host name, user info, query, fragment, port, dot segment).
        case invalidHost(String)
        /// The query encoder throws this.
        case encoding(any Error)
        /// The path holds `#` or a dot segment (invariant 4).
        case invalidPath
        case headerName(String)
        case headerValue(String)
        case duplicateHeader([String])
        case bodyNotAllowed

        /// A short name of the kind of problem, for coverage labels.
        var label: String {
            switch self {
            case .unparseableHost: "unparseable host"
            case .invalidHost: "invalid host"
            case .encoding: "encoder error"
            case .invalidPath: "invalid path"
            case .headerName: "header name"
            case .headerValue: "header value"
            case .duplicateHeader: "duplicate header"
            case .bodyNotAllowed: "body not allowed"
            }
        }

        var description: String {
            switch self {
            case .unparseableHost: "the base URL does not parse"
            case .invalidHost(let reason): "the host is invalid: \(reason)"
            case .encoding(let error): "the query encoder throws \(error)"
            case .invalidPath: "the path holds # or a dot segment"
            case .headerName(let name): "the header name \(name.swiftSource) is no token"
            case .headerValue(let name): "the value of header \(name.swiftSource) holds a control character but tab"
            case .duplicateHeader(let names): "the header names \(names) differ only in case"
            case .bodyNotAllowed: "a GET or HEAD request with a body"
            }
        }

        /// Whether building threw the error this problem calls for.
        func matches(_ error: any Error, path: String) -> Bool {
            switch (self, error) {
            case (.unparseableHost, is GeneratedHost.Unparseable): true
            case (.invalidHost, RequestBuildingError.invalidHost): true
            case (.encoding(let expected), _):
                type(of: error) == type(of: expected) && String(reflecting: error) == String(reflecting: expected)
            case (.invalidPath, RequestBuildingError.invalidPath(let refused, _)):
                Array(refused.utf8) == Array(path.utf8)
            case (.headerName(let name), RequestBuildingError.invalidHeaderName(let refused)): refused == name
            case (.headerValue(let name), RequestBuildingError.invalidHeaderValue(let refused)): refused == name
            case (.duplicateHeader(let names), RequestBuildingError.duplicateHeader(let refused)):
                Set(refused).isSubset(of: names) && refused.count == 2
            case (.bodyNotAllowed, RequestBuildingError.bodyNotAllowed): true
            default: false
            }
        }
    }

    /// The host's parts as `URLComponents` reads them, or the problem with the host.
    func hostComponents() -> Result<URLComponents, ProblemBox> {
        guard let url = URL(string: base) else { return .failure(ProblemBox(.unparseableHost)) }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
            return .failure(ProblemBox(.invalidHost("no components")))
        }
        let scheme = components.scheme?.lowercased()
        guard scheme == "https" || scheme == "http" else { return .failure(ProblemBox(.invalidHost("scheme"))) }
        guard let host = components.percentEncodedHost, !host.isEmpty else {
            return .failure(ProblemBox(.invalidHost("no host name")))
        }
        guard components.percentEncodedUser == nil && components.percentEncodedPassword == nil else {
            return .failure(ProblemBox(.invalidHost("user info")))
        }
        guard components.percentEncodedQuery == nil else { return .failure(ProblemBox(.invalidHost("a query"))) }
        guard components.percentEncodedFragment == nil else {
            return .failure(ProblemBox(.invalidHost("a fragment")))
        }
        if let port = components.port, !(1...65535).contains(port) {
            return .failure(ProblemBox(.invalidHost("port \(port)")))
        }
        let basePath = ReferenceURLText.cleaned(
            components.percentEncodedPath.utf8, keepingRaw: ReferenceURLText.pathBytes)
        if basePath.split(separator: UInt8(ascii: "/")).contains(where: ReferenceURLText.isDotSegment) {
            return .failure(ProblemBox(.invalidHost("a dot segment in the base path")))
        }
        return .success(components)
    }

    /// A ``Problem`` as an `Error`, for `Result`.
    struct ProblemBox: Error {
        let problem: Problem
        init(_ problem: Problem) { self.problem = problem }
    }

    /// The path before its fixed query, and the fixed query (after the first `?`).
    var pathParts: (path: ArraySlice<UInt8>, fixedQuery: ArraySlice<UInt8>) {
        let bytes = Array(path.utf8)[...]
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return (bytes, []) }
        return (bytes[..<mark], bytes[(mark + 1)...])
    }

    /// Everything the reference says is wrong with the request.
    var problems: [Problem] {
        var problems: [Problem] = []
        if case .failure(let box) = hostComponents() { problems.append(box.problem) }
        if let query, case .failure(let error) = query.encodeToString() { problems.append(.encoding(error)) }
        let cleanedPath = ReferenceURLText.cleaned(pathParts.path, keepingRaw: ReferenceURLText.pathBytes)
        if path.utf8.contains(UInt8(ascii: "#"))
            || cleanedPath.split(separator: UInt8(ascii: "/")).contains(where: ReferenceURLText.isDotSegment)
        {
            problems.append(.invalidPath)
        }
        for dictionary in [settingHeaders, headers] {
            var seen: [String: String] = [:]
            for (name, value) in dictionary {
                if !Self.isToken(name) { problems.append(.headerName(name)) }
                // RFC 9110 §5.5: field-vchar, SP and HTAB (and obs-text): no other control, no DEL.
                if value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
                    problems.append(.headerValue(name))
                }
                if let other = seen.updateValue(name, forKey: name.lowercased()) {
                    problems.append(.duplicateHeader([other, name]))
                }
            }
        }
        if ["GET", "HEAD"].contains(method), let body, !body.isEmpty { problems.append(.bodyNotAllowed) }
        return problems
    }

    /// RFC 9110 `token`: one or more of letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isToken(_ text: String) -> Bool {
        let special = Set("!#$%&'*+-.^_`|~".utf8)
        return !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || special.contains(byte)
            }
    }

    /// Issue 14: building gives a URL whose scheme, host and port are the base URL's (hosts compared
    /// decoded, as Foundation may write `h%41st` as `hAst` or `café` in its IDNA form), or throws the host's
    /// own error or a ``RequestBuildingError`` about the host or the path.
    func checkHostIsKept() throws {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.makeURLRequest()
        } catch is GeneratedHost.Unparseable {
            return
        } catch RequestBuildingError.invalidHost, RequestBuildingError.invalidPath {
            return
        } catch {
            throw PropertyFailure("building threw \(String(reflecting: error)), which is no typed host or path error")
        }
        guard let url = urlRequest.url, let built = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let baseURL = URL(string: base), let host = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        else {
            throw PropertyFailure("built \(String(describing: urlRequest.url)), which URLComponents cannot read")
        }
        try require(host.host != nil, "built \(url.absoluteString.swiftSource) from a base URL without a host")
        try require(url.host != nil, "the built URL \(url.absoluteString.swiftSource) has no host")
        try require(
            built.host.map { Array($0.utf8) } == host.host.map { Array($0.utf8) },
            "the host of \(url.absoluteString.swiftSource) is \(built.host?.swiftSource ?? "nil"), not \(host.host?.swiftSource ?? "nil")"
        )
        try requireEqual(built.port ?? -1, host.port ?? -1, "the port of \(url.absoluteString.swiftSource)")
        try requireEqual(built.scheme ?? "", host.scheme?.lowercased() ?? "", "the scheme")
        try require(built.percentEncodedUser == nil, "user info appeared in \(url.absoluteString.swiftSource)")
    }

    // MARK: The invariants

    /// Invariants 1–6 and 8: building returns a request exactly when the reference sees no problem, and
    /// throws an error that names one of the problems otherwise; a built request keeps the host's
    /// origin, starts with its base path, has no dot segment, rebuilds to itself, carries the expected
    /// query, and every header reads back as it was given.
    func checkBuilding() throws {
        let problems = self.problems
        let urlRequest: URLRequest
        do {
            urlRequest = try request.makeURLRequest()
        } catch {
            guard !problems.isEmpty else {
                throw PropertyFailure("building threw \(String(reflecting: error)), but the reference sees no problem")
            }
            try require(
                problems.contains { $0.matches(error, path: path) },
                "building threw \(String(reflecting: error)), which names none of the problems: \(problems)")
            return
        }
        guard problems.isEmpty else {
            throw PropertyFailure(
                "building returned \(urlRequest.url?.absoluteString.swiftSource ?? "no URL"), but it must refuse: \(problems)"
            )
        }
        guard let url = urlRequest.url, let built = URLComponents(url: url, resolvingAgainstBaseURL: false),
            case .success(let host) = hostComponents()
        else {
            throw PropertyFailure(
                "the built request has no URL that URLComponents reads: \(String(describing: urlRequest.url))")
        }
        try checkOrigin(built, host: host)
        try checkPath(built, host: host)
        try checkQuery(built)
        try checkRebuilding(url, built: built, host: host)
        try checkHeadersAndBody(urlRequest)
    }

    /// Invariant 2: the scheme, host, port, user and password are the host's; no fragment. (Host names
    /// compare decoded: `h%41st` and `hAst` are one name, RFC 3986 §6.2.2.2.)
    private func checkOrigin(_ built: URLComponents, host: URLComponents) throws {
        try requireEqual(built.scheme ?? "", host.scheme?.lowercased() ?? "", "the scheme")
        try requireEqual(built.host ?? "", host.host ?? "", "the host")
        try requireEqual(built.port ?? -1, host.port ?? -1, "the port")
        try require(built.percentEncodedUser == nil && built.percentEncodedPassword == nil, "user info appeared")
        try require(built.percentEncodedFragment == nil, "a fragment appeared: \(built.percentEncodedFragment ?? "")")
    }

    /// Invariants 3 and 4: the path starts with the host's base path (cleaned up) and has no segment
    /// that decodes to `.` or `..`.
    private func checkPath(_ built: URLComponents, host: URLComponents) throws {
        let basePath = ReferenceURLText.cleaned(host.percentEncodedPath.utf8, keepingRaw: ReferenceURLText.pathBytes)
        let path = Array(built.percentEncodedPath.utf8)
        try require(
            path.starts(with: basePath),
            "the path \(built.percentEncodedPath.swiftSource) does not start with the base path \(String(decoding: basePath, as: UTF8.self).swiftSource)"
        )
        for segment in path.split(separator: UInt8(ascii: "/")) {
            let decoded = ReferenceURLText.decoded(segment)
            try require(
                decoded != Array(".".utf8) && decoded != Array("..".utf8),
                "the path \(built.percentEncodedPath.swiftSource) has a dot segment")
        }
    }

    /// Invariant 6: the query is the cleaned-up fixed query, then `&`, then `encodeToString(query)`,
    /// leaving out whichever part is empty.
    private func checkQuery(_ built: URLComponents) throws {
        let fixed = ReferenceURLText.cleaned(pathParts.fixedQuery, keepingRaw: ReferenceURLText.queryBytes)
        var encoded: [UInt8] = []
        if let query, case .success(let text) = query.encodeToString() {
            encoded = ReferenceURLText.cleaned(text.utf8, keepingRaw: ReferenceURLText.queryBytes)
            try require(encoded == Array(text.utf8), "encodeToString wrote text that is not clean: \(text.swiftSource)")
        }
        let parts = [fixed, encoded].filter { !$0.isEmpty }
        let expected =
            parts.isEmpty ? nil : String(decoding: Array(parts.joined(separator: [UInt8(ascii: "&")])), as: UTF8.self)
        try require(
            built.percentEncodedQuery.map { Array($0.utf8) } == expected.map { Array($0.utf8) },
            "the query is \(built.percentEncodedQuery?.swiftSource ?? "nil"), expected \(expected?.swiftSource ?? "nil")"
        )
    }

    /// Invariant 5: building again from the built path and query gives the same URL. The path given is
    /// what follows the base path, the base path's trailing slash kept in it (`/api/` + `//x` is
    /// `/api//x`, rebuilt from `//x`; a slash on both sides of the join counts once).
    private func checkRebuilding(_ url: URL, built: URLComponents, host: URLComponents) throws {
        var basePath = ReferenceURLText.cleaned(host.percentEncodedPath.utf8, keepingRaw: ReferenceURLText.pathBytes)
        if basePath.last == UInt8(ascii: "/") { basePath.removeLast() }
        let tail = Array(built.percentEncodedPath.utf8).dropFirst(basePath.count)
        var path = String(decoding: tail, as: UTF8.self)
        if let query = built.percentEncodedQuery { path += "?" + query }
        let again = RequestCase(base: base, path: path, query: nil)
        let rebuilt = try again.request.makeURLRequest().url?.absoluteString
        try requireEqual(rebuilt ?? "", url.absoluteString, "rebuilding from the path \(path.swiftSource)")
    }

    /// Invariant 8: every header reads back exactly (the request's overriding the setting's, names
    /// compared without case), and nothing else is there but the body's content type.
    private func checkHeadersAndBody(_ urlRequest: URLRequest) throws {
        var expected: [String: (name: String, value: String)] = [:]
        for (name, value) in settingHeaders { expected[name.lowercased()] = (name, value) }
        for (name, value) in headers { expected[name.lowercased()] = (name, value) }
        let allowsBody = !["GET", "HEAD"].contains(method)
        if allowsBody, body != nil, expected["content-type"] == nil {
            expected["content-type"] = ("Content-Type", "application/octet-stream")
        }
        for (name, value) in expected.values {
            let read = urlRequest.value(forHTTPHeaderField: name)
            try require(
                read.map { Array($0.utf8) } == Array(value.utf8),
                "the header \(name.swiftSource) reads back as \(read?.swiftSource ?? "nil"), not \(value.swiftSource)")
        }
        let fields = urlRequest.allHTTPHeaderFields ?? [:]
        try requireEqual(
            Set(fields.keys.map { $0.lowercased() }), Set(expected.keys), "the header names of the built request")
        try requireEqual(urlRequest.httpMethod ?? "", method, "the method")
        try requireEqual(
            urlRequest.httpBody.map { Array($0) } ?? [], allowsBody ? body ?? [] : [], "the body")
    }
}
