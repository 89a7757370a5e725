import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Redaction {
    /// `request` with its redacted header values and its URL redacted (``redactedURL(_:)``); the body is
    /// kept as it is.
    public func redactedRequest(_ request: URLRequest) -> URLRequest {
        var redacted = request
        if let url = request.url { redacted.url = redactedURL(url) }
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if redactsHeader(name) {
                redacted.setValue(Self.placeholder, forHTTPHeaderField: name)
            } else if let urls = redactedURLHeader(name, value) {
                redacted.setValue(urls, forHTTPHeaderField: name)
            }
        }
        return redacted
    }

    /// The header fields of `response`, each redacted value replaced by ``placeholder``: what a log
    /// line of a response shows. (On Linux, Foundation rewrites the case of response header names.)
    public func redactedHeaderFields(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return redactedHeaders(headers)
    }

    /// A copy of `response` with its redacted header values and its URL redacted, or `nil` when
    /// Foundation refuses to create an `HTTPURLResponse` with that status. The copy reports `HTTP/1.1`:
    /// `HTTPURLResponse` does not expose the version it was created with.
    public func redactedResponse(_ response: HTTPURLResponse) -> HTTPURLResponse? {
        HTTPURLResponse(
            url: response.url.map(redactedURL) ?? URL(fileURLWithPath: "/"), statusCode: response.statusCode,
            httpVersion: "HTTP/1.1", headerFields: redactedHeaderFields(of: response))
    }

    /// The description of `error` with every URL it names redacted (``redactedURL(_:)``): the URL of an
    /// ``APIError``'s response or transport failure, a `URLError`'s failing URL, and `alsoNaming` (the
    /// request's, say). For a message that leaves the process:
    ///
    /// ```swift
    /// } catch {
    ///     logger.error("\(Redaction.default.redactingQueryParameters("api_key").redactedDescription(of: error))")
    /// }
    /// ```
    public func redactedDescription(of error: any Error, alsoNaming url: URL? = nil) -> String {
        var text = String(describing: error)
        var urls = [url]
        if let urlError = error as? URLError { urls.append(urlError.failingURL) }
        if let apiError = error as? APIError {
            if case .transport(let urlError) = apiError { urls.append(urlError.failingURL) }
            urls.append(apiError.response?.url)
        }
        for url in urls.compactMap({ $0 }) {
            let raw = url.absoluteString
            let redacted = redactedURL(url).absoluteString
            if raw != redacted { text = text.replacingOccurrences(of: raw, with: redacted) }
        }
        return text
    }

    /// `url` with the values of redacted query parameters and, if ``redactsURLPasswords``, the
    /// password of its user info replaced by ``placeholder``.
    ///
    /// The query is split at `&` only and each name compared after percent-decoding (and with `+` read
    /// as a space too), so `api%5Fkey=…` is redacted like `api_key=…`. A parameter without `=` has no
    /// value to hide.
    public func redactedURL(_ url: URL) -> URL {
        let text = url.absoluteString
        let redacted = redactedURLText(text)
        guard redacted != text else { return url }
        // The text only had values replaced by a valid placeholder, so it parses; should it not, no part
        // of the query or user info is kept rather than leaking it.
        if let url = URL(string: redacted) { return url }
        let cut = Array(text.utf8).firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "@") } ?? 0
        return URL(string: String(decoding: Array(text.utf8)[..<cut], as: UTF8.self)) ?? URL(fileURLWithPath: "/")
    }

    /// The URL text with its secrets replaced, worked on as bytes: the text of a valid URL has no raw
    /// `?` before its query, no raw `#` before its fragment and no raw `@` in its host.
    func redactedURLText(_ text: String) -> String {
        var bytes = Array(text.utf8)
        let fragmentStart = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        if let queryStart = bytes[..<fragmentStart].firstIndex(of: UInt8(ascii: "?")),
            !queryParameterNames.isEmpty
        {
            let query = bytes[(queryStart + 1)..<fragmentStart]
            var rewritten: [UInt8] = []
            rewritten.reserveCapacity(query.count)
            for (index, pair) in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
                .enumerated()
            {
                if index > 0 { rewritten.append(UInt8(ascii: "&")) }
                if let equals = pair.firstIndex(of: UInt8(ascii: "=")), redactsEncodedName(pair[..<equals]) {
                    rewritten += pair[...equals] + Array(Self.placeholder.utf8)
                } else {
                    rewritten += pair
                }
            }
            bytes.replaceSubrange((queryStart + 1)..<fragmentStart, with: rewritten)
        }
        if redactsURLPasswords { redactPassword(in: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the percent-encoded query name `encoded` names a redacted parameter.
    private func redactsEncodedName(_ encoded: ArraySlice<UInt8>) -> Bool {
        let raw = String(decoding: encoded, as: UTF8.self)
        if redactsQueryParameter(raw) { return true }
        if let decoded = raw.removingPercentEncoding, redactsQueryParameter(decoded) { return true }
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        return redactsQueryParameter(spaced) || spaced.removingPercentEncoding.map(redactsQueryParameter) == true
    }

    /// Replaces the password in `scheme://user:password@host…` with the placeholder.
    private func redactPassword(in bytes: inout [UInt8]) {
        guard let schemeEnd = bytes.firstRange(of: Array("://".utf8)) else { return }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd =
            bytes[authorityStart...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            } ?? bytes.endIndex
        guard let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")),
            let colon = bytes[authorityStart..<at].firstIndex(of: UInt8(ascii: ":")), colon + 1 < at
        else { return }
        bytes.replaceSubrange((colon + 1)..<at, with: Array(Self.placeholder.utf8))
    }
}
