import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A private HTTP cache (a subset of RFC 9111) as a ``ClientMiddleware``: fresh responses are answered without
/// a request, stale ones are revalidated.
///
/// ```swift
/// let cache = HTTPCacheMiddleware(store: MemoryHTTPCacheStore(byteLimit: 20 * 1024 * 1024))
/// let client = APIClient(middleware: [cache, BearerTokenMiddleware(tokens)])
/// ```
///
/// What it stores: the response to a `GET` whose body the client held whole, with status 200, 203, 204, 300,
/// 301, 308, 404, 405, 410, 414 or 501, that has a freshness (`Cache-Control: max-age`, `Expires`) or a validator
/// (`ETag`, `Last-Modified`) and that neither `Cache-Control: no-store` (of the request or the response) nor
/// `Vary: *` keeps out. It makes no heuristic guess: a response without a freshness is revalidated on each use.
///
/// - A fresh response is answered without calling `next`, with an `Age` header.
/// - A stale one, or one marked `no-cache` (by the response, or by the request, also `Pragma: no-cache`, or a
///   request `max-age` it is older than), is revalidated with `If-None-Match` / `If-Modified-Since`; a 304 is
///   answered with the stored status and body and the stored headers updated by the 304's. Any other answer
///   replaces (or removes) the stored one.
/// - A request carrying `If-None-Match`, `If-Modified-Since`, `If-Match`, `If-Unmodified-Since`, `If-Range` or
///   `Range` asked for a conditional or partial answer itself: it passes through untouched, and its answer is not
///   stored. `HEAD` and other safe methods pass through; a successful `POST`, `PUT`, `PATCH` or `DELETE` removes
///   the stored response of its URL (RFC 9111 §4.4).
/// - **Credentials**: a response to a request that carried credentials (`Authorization`, `Proxy-Authorization`,
///   `Cookie`, or a header or query parameter that an authorization middleware placed) is stored only when its
///   `Cache-Control` says `public`. `must-revalidate` and `s-maxage`, which RFC 9111 §3.5 lets a shared cache
///   take too, do not count here. It does not matter where the authorization middleware is in the list: the
///   cache learns what the request that went out carried. A request known to carry credentials (by its
///   headers, or ``APISetting/requiresAuthorization``) is answered only from a `public` response. Cookies that a
///   `URLSession` adds from its cookie storage are added below the middleware and are not seen: a response that
///   depends on them should say `no-store` or `Vary: Cookie`.
/// - `Vary`: the response is stored with the values of the request headers it names and used only for a request
///   with the same values; one response per URL, so another value replaces it. A response that varies on a
///   credential header is not stored, so that no secret is written to a store.
/// - **Streams**: a response whose body streams (``APIClient/stream(_:)``, downloads, server-sent events) passes
///   through and is not stored; the cache never reads a stream to keep it. A fresh stored response does answer
///   such a call, as one chunk.
///
/// Put it first in the list: a fresh answer then skips the middleware after it (a token fetch, a signature).
/// Requests it sends have the cache policy `reloadIgnoringLocalCacheData`, so that a `URLCache` under the
/// session does not answer for the server (two caches, one stale behind the other); give the session a
/// configuration with `urlCache = nil` to stop it storing the responses a second time.
public struct HTTPCacheMiddleware: ClientMiddleware {
    /// Where the responses are kept.
    public let store: any HTTPCacheStore
    /// The clock: the time a response arrives and is used.
    private let now: @Sendable () -> Date

    /// A cache keeping its responses in `store`, telling the time by `now`.
    ///
    /// - Parameters:
    ///   - store: By default a ``MemoryHTTPCacheStore`` of 10 MiB.
    ///   - now: The clock, `Date.init` by default; tests pass their own to move time without waiting.
    public init(store: any HTTPCacheStore = MemoryHTTPCacheStore(), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.now = now
    }

    /// Removes every stored response.
    public func removeAll() {
        store.removeAll()
    }

    /// Removes the response stored for `url`.
    public func removeResponse(for url: URL) {
        store.removeResponse(forKey: Self.key(for: url, names: CredentialNames()))
    }

    /// The statuses stored (RFC 9110 §15.1's heuristically cacheable ones, but for 206: ranges are not cached).
    static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
    /// The request headers that ask for a conditional or partial answer.
    static let conditionalHeaders = [
        "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range", "Range",
    ]
    static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS", "TRACE"]

    /// Answers from the store, revalidates, or sends and stores; see the type's documentation.
    public func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        let method = request.httpMethod?.uppercased() ?? "GET"
        let names = context.sendState?.credentials ?? CredentialNames()
        guard method == "GET", let url = request.url else {
            let response = try await next(request)
            if !Self.safeMethods.contains(method), (200..<400).contains(response.statusCode), let url = request.url {
                store.removeResponse(forKey: Self.key(for: url, names: names))
            }
            return response
        }
        let requestControl = CacheControl(request.value(forHTTPHeaderField: "Cache-Control"))
        if Self.conditionalHeaders.contains(where: { request.value(forHTTPHeaderField: $0) != nil })
            || requestControl.has("no-store")
        {
            return try await next(request)
        }
        let key = Self.key(for: url, names: names)
        let knownCredentialed =
            context.setting.requiresAuthorization || SentRequestRecorder.carriesCredentials(request, names: names)
        var stored = store.response(forKey: key)
        if let candidate = stored,
            !candidate.matchesVary(of: request) || (knownCredentialed && !candidate.cacheControl.has("public"))
        {
            stored = nil
        }
        let revalidates =
            requestControl.has("no-cache")
            || (request.value(forHTTPHeaderField: "Cache-Control") == nil
                && request.value(forHTTPHeaderField: "Pragma")?.lowercased().contains("no-cache") == true)
        let requestDate = now()
        if let stored, !revalidates, stored.isFresh(at: requestDate, requestMaxAge: requestControl.seconds("max-age")),
            let answer = stored.served(for: url, at: requestDate)
        {
            return answer
        }

        var outgoing = request
        outgoing.cachePolicy = .reloadIgnoringLocalCacheData
        let validated = stored.flatMap { $0.hasValidator ? $0 : nil }
        if let validated {
            if let etag = validated.header("ETag") { outgoing.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let modified = validated.header("Last-Modified") {
                outgoing.setValue(modified, forHTTPHeaderField: "If-Modified-Since")
            }
        }
        let recorder = SentRequestRecorder(sendState: context.sendState)
        let response = try await SentRequestRecorder.$current.withValue(recorder) { try await next(outgoing) }
        let responseDate = now()
        let credentialed = knownCredentialed || recorder.sentCredentials
        // Read again: an authorization middleware after this one noted the names it placed on the way.
        let placedNames = context.sendState?.credentials ?? names

        if let validated, response.statusCode == 304 {
            let updated = validated.updated(by: response.response, requestDate: requestDate, responseDate: responseDate)
            if Self.mayStore(updated, credentialed: credentialed, names: placedNames) {
                store.store(updated, forKey: key)
            } else {
                store.removeResponse(forKey: key)
            }
            return updated.served(for: url, at: responseDate) ?? response
        }
        guard let body = response.body.data else {
            // A stream is not read to be kept; what was stored is older than this answer.
            if stored != nil, response.statusCode < 500 { store.removeResponse(forKey: key) }
            return response
        }
        // The stored URL is the key's: no credential placed in the query is written to a store.
        var entry = CachedHTTPResponse(
            url: URL(string: key) ?? url, statusCode: response.statusCode, headers: Self.headers(of: response.response),
            body: body, requestDate: requestDate, responseDate: responseDate)
        entry.varyingRequestHeaders = CachedHTTPResponse.varyingValues(of: entry.varyingNames, in: request)
        if Self.mayStore(entry, credentialed: credentialed, names: placedNames) {
            store.store(entry, forKey: key)
        } else if stored != nil, response.statusCode < 500 {
            // What was stored for this request is older than this answer; a response kept for other header
            // values or for requests without credentials stays.
            store.removeResponse(forKey: key)
        }
        return response
    }

    /// Whether `response` to a `GET` may be stored (RFC 9111 §3), the request having carried credentials or not.
    static func mayStore(_ response: CachedHTTPResponse, credentialed: Bool, names: CredentialNames) -> Bool {
        let control = response.cacheControl
        guard storableStatuses.contains(response.statusCode), !control.has("no-store") else { return false }
        guard !credentialed || control.has("public") else { return false }
        let varying = response.varyingNames
        guard !varying.contains("*"), !varying.contains(where: names.contains(header:)) else { return false }
        // Without a freshness or a validator it could never be used.
        let explicitlyFresh = control.has("max-age") || response.header("Expires") != nil
        return (explicitlyFresh && !control.has("no-cache")) || response.hasValidator
    }

    /// The store's key of `url`: without its fragment and the query parameters among `names`.
    static func key(for url: URL, names: CredentialNames) -> String {
        var request = URLRequest(url: url)
        request = names.removingQueryParameters(from: request)
        let text = (request.url ?? url).absoluteString
        return text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
    }

    /// The header fields of `response`, as text.
    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in response.allHeaderFields { headers[name] = value }
        return headers
    }
}
