import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPArchive.Entry {
    /// The entry of one exchange, its secrets redacted by `redaction`.
    ///
    /// `URLSession` does not tell which HTTP version it spoke, nor the headers it added itself (such as
    /// `User-Agent` or `Content-Length`), nor the sizes of the header blocks: the entry says
    /// `HTTP/1.1`, lists the headers the request carried, and writes `-1` (unknown) for the sizes.
    init(
        request: URLRequest, response: HTTPURLResponse, body: Data, started: Date, duration: TimeInterval,
        timing: AttemptTimingRecorder?, since start: ContinuousClock.Instant, redaction: Redaction
    ) {
        let redacted = redaction.redactedRequest(request)
        let url = redacted.url.map { HTTPArchive.withoutFragment($0.absoluteString) } ?? ""
        let requestHeaders = redacted.headerFieldsAsSent.map { HTTPArchive.NameValue(name: $0, value: $1) }
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
        var postData: HTTPArchive.PostData?
        let requestBody = request.httpBody ?? Data()
        if !requestBody.isEmpty {
            let (text, encoding) = HTTPArchive.text(of: requestBody)
            postData = HTTPArchive.PostData(
                mimeType: redacted.value(forHTTPHeaderField: "Content-Type") ?? "", params: [], text: text,
                encoding: encoding)
        }
        let responseHeaders = redaction.redactedHeaderFields(of: response)
            .map { HTTPArchive.NameValue(name: $0, value: $1) }
            .sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
        func responseHeader(_ name: String) -> String? {
            responseHeaders.first { $0.name.lowercased() == name }?.value
        }
        let (text, encoding) = HTTPArchive.text(of: body)
        let location = responseHeader("location").map { location in
            URL(string: location).map { redaction.redactedURL($0).absoluteString } ?? location
        }
        let milliseconds = max(0, duration * 1000)
        self.init(
            startedDateTime: started.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            time: milliseconds,
            request: HTTPArchive.Request(
                method: request.httpMethod ?? "GET", url: url, httpVersion: "HTTP/1.1",
                cookies: HTTPArchive.cookies(in: redacted.value(forHTTPHeaderField: "Cookie"), separator: ";"),
                headers: requestHeaders, queryString: HTTPArchive.queryString(of: url), postData: postData,
                headersSize: -1, bodySize: requestBody.count),
            response: HTTPArchive.Response(
                status: response.statusCode, statusText: HTTPArchive.statusText(response.statusCode),
                httpVersion: "HTTP/1.1",
                cookies: HTTPArchive.cookies(in: responseHeader("set-cookie"), separator: nil),
                headers: responseHeaders,
                content: HTTPArchive.Content(
                    size: body.count, mimeType: responseHeader("content-type") ?? "x-unknown",
                    text: body.isEmpty ? nil : text, encoding: body.isEmpty ? nil : encoding),
                redirectURL: location ?? "", headersSize: -1, bodySize: body.count),
            cache: HTTPArchive.Cache(),
            timings: HTTPArchive.Timings(
                total: milliseconds,
                timeToFirstByte: timing?.responseStart.map { start.duration(to: $0).inSeconds * 1000 },
                phases: timing?.phases ?? .init()))
    }
}

extension HTTPArchive {
    /// `url` without its `#fragment`: HAR URLs have none, and servers never see one.
    static func withoutFragment(_ url: String) -> String {
        guard let hash = url.firstIndex(of: "#") else { return url }
        return String(url[..<hash])
    }

    /// The parameters of the URL's query, decoded, in order.
    static func queryString(of url: String) -> [NameValue] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: question)...]
        return query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decoded(_ text: Substring) -> String { String(text).removingPercentEncoding ?? String(text) }
            return NameValue(name: decoded(parts[0]), value: parts.count > 1 ? decoded(parts[1]) : "")
        }
    }

    /// The `name=value` pairs of a `Cookie` header (`separator` `;`) or the first pair of a `Set-Cookie`
    /// header (`nil`); a redacted header has none.
    static func cookies(in header: String?, separator: Character?) -> [NameValue] {
        guard let header, header != Redaction.placeholder else { return [] }
        let pairs =
            separator.map { header.split(separator: $0) }
            ?? [header.split(separator: ";", maxSplits: 1).first ?? ""]
        return pairs.compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            return NameValue(
                name: parts[0].trimmingCharacters(in: .whitespaces),
                value: parts[1].trimmingCharacters(in: .whitespaces))
        }
    }
}
