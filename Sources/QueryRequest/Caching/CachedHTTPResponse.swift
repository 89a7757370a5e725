import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A response as an ``HTTPCacheStore`` holds it: status, headers and the whole body, the request header values
/// its `Vary` field names, and when it was requested and received (for its age, RFC 9111 §4.2.3).
public struct CachedHTTPResponse: Sendable, Hashable {
    /// The URL the response was received for.
    public var url: URL
    /// The status code.
    public var statusCode: Int
    /// The response's header fields, updated by each revalidation (names as the session gave them; look them up
    /// without case).
    public var headers: [String: String]
    /// The body, whole.
    public var body: Data
    /// The values of the request headers that the response's `Vary` field names, by lowercased name; a header
    /// the request did not carry is absent. A later request uses the response only with the same values.
    public var varyingRequestHeaders: [String: String]
    /// When the request that brought the response (or its last revalidation) was sent.
    public var requestDate: Date
    /// When that response arrived.
    public var responseDate: Date

    /// Creates a stored response, for a store that reads its own format or a test.
    public init(
        url: URL, statusCode: Int, headers: [String: String], body: Data, varyingRequestHeaders: [String: String] = [:],
        requestDate: Date, responseDate: Date
    ) {
        self.url = url
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.varyingRequestHeaders = varyingRequestHeaders
        self.requestDate = requestDate
        self.responseDate = responseDate
    }

    /// About how many bytes the response takes: its body, URL and headers. ``MemoryHTTPCacheStore`` counts this
    /// against its budget.
    public var byteCount: Int {
        headers.reduce(body.count + url.absoluteString.utf8.count) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    }

    /// The value of the header `name`, compared without case (Linux rewrites header names' case).
    public func header(_ name: String) -> String? {
        Self.value(of: name, in: headers)
    }

    static func value(of name: String, in headers: [String: String]) -> String? {
        if let value = headers[name] { return value }
        return headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The response's `Cache-Control` directives.
    var cacheControl: CacheControl { CacheControl(header("Cache-Control")) }

    /// The lowercased names of the response's `Vary` field; `*` among them matches no request.
    var varyingNames: [String] {
        guard let vary = header("Vary") else { return [] }
        return vary.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
    }

    /// The values of the request headers of `names`, as ``varyingRequestHeaders`` keeps them.
    static func varyingValues(of names: [String], in request: URLRequest) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = request.value(forHTTPHeaderField: name) {
                values[name] = value.trimmingCharacters(in: .whitespaces)
            }
        }
        return values
    }

    /// Whether `request` carries the values this response was stored for (RFC 9111 §4.1).
    func matchesVary(of request: URLRequest) -> Bool {
        let names = varyingNames
        guard !names.contains("*") else { return false }
        return Self.varyingValues(of: names, in: request) == varyingRequestHeaders
    }

    /// Seconds since 1970 of the HTTP-date in the header `name`, or `nil` when absent or not a date.
    private func date(_ name: String) -> Int? {
        header(name).flatMap { HTTPDate.secondsSince1970($0, now: Int(responseDate.timeIntervalSince1970)) }
    }

    /// How long the response is fresh from its origin, in seconds (RFC 9111 §4.2.1): `max-age`, else `Expires`
    /// minus `Date` (an `Expires` that is not a date means already expired), else 0. This cache is private, so
    /// `s-maxage` does not count, and it makes no heuristic guess.
    var freshnessLifetime: TimeInterval {
        if let maxAge = cacheControl.seconds("max-age") { return TimeInterval(maxAge) }
        guard header("Expires") != nil else { return 0 }
        guard let expires = date("Expires") else { return 0 }
        let origin = date("Date") ?? Int(responseDate.timeIntervalSince1970)
        return TimeInterval(max(0, expires - origin))
    }

    /// The response's age at `now`, in seconds (RFC 9111 §4.2.3).
    func age(at now: Date) -> TimeInterval {
        let responseTime = responseDate.timeIntervalSince1970
        let apparentAge = date("Date").map { max(0, responseTime - TimeInterval($0)) } ?? 0
        let ageValue = header("Age").flatMap(CacheControl.deltaSeconds).map(TimeInterval.init) ?? 0
        let responseDelay = max(0, responseDate.timeIntervalSince(requestDate))
        let correctedInitialAge = max(apparentAge, ageValue + responseDelay)
        let residentTime = max(0, now.timeIntervalSince(responseDate))
        return correctedInitialAge + residentTime
    }

    /// Whether the response may be used at `now` without revalidation, for a request whose own `max-age` is
    /// `requestMaxAge`.
    func isFresh(at now: Date, requestMaxAge: Int?) -> Bool {
        guard !cacheControl.has("no-cache") else { return false }
        let age = age(at: now)
        if let requestMaxAge, age > TimeInterval(requestMaxAge) { return false }
        return freshnessLifetime > age
    }

    /// Whether it has a validator, so that it can be revalidated with a conditional request.
    var hasValidator: Bool { header("ETag") != nil || header("Last-Modified") != nil }

    /// The response as the cache gives it to the client for `url`: its headers with `Age` at `now`.
    func served(for url: URL, at now: Date) -> ClientResponse? {
        var fields = headers
        for name in fields.keys where name.caseInsensitiveCompare("Age") == .orderedSame { fields[name] = nil }
        fields["Age"] = String(Int(min(age(at: now).rounded(.down), 2_147_483_648)))
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: fields)
        else { return nil }
        return ClientResponse(response: response, body: body)
    }

    /// Header fields a 304 does not replace in the stored response (RFC 9111 §3.2): the hop-by-hop ones and those
    /// that describe the stored body's bytes.
    private static let keptOnRevalidation: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "te", "transfer-encoding", "upgrade", "content-length",
        "content-encoding", "content-range",
    ]

    /// The response updated by the 304 `notModified` to a revalidation sent at `requestDate` (RFC 9111 §4.3.4):
    /// its fields replace the stored ones of the same name, and its times become the response's.
    func updated(by notModified: HTTPURLResponse, requestDate: Date, responseDate: Date) -> CachedHTTPResponse {
        var updated = self
        // The stored `Age` described the first response; only the 304's own, if any, describes this one.
        for name in updated.headers.keys where name.caseInsensitiveCompare("Age") == .orderedSame {
            updated.headers[name] = nil
        }
        for case (let name as String, let value as String) in notModified.allHeaderFields
        where !Self.keptOnRevalidation.contains(name.lowercased()) {
            for existing in updated.headers.keys where existing.caseInsensitiveCompare(name) == .orderedSame {
                updated.headers[existing] = nil
            }
            updated.headers[name] = value
        }
        updated.requestDate = requestDate
        updated.responseDate = responseDate
        return updated
    }
}
