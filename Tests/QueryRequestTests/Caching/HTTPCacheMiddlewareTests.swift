import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache middleware against a stub session: what it stores, serves, revalidates and refuses. Time moves by
/// a ``TestClock``; nothing waits.
@Suite(.timeLimit(.minutes(5))) struct HTTPCacheMiddlewareTests {
    static func reply(_ body: String, status: Int = 200, _ headers: [String: String]) -> StubNetworkSession.Reply {
        StubNetworkSession.Reply(status: status, headers: headers, body: Data(body.utf8))
    }

    // MARK: Freshness

    @Test func aFreshResponseIsServedWithoutARequestAndWithItsAge() async throws {
        let clock = TestClock()
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "max-age=60", "Date": clock.httpDate()]),
            Self.reply("two", ["Cache-Control": "max-age=60"]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware(now: clock.reading)])
        #expect(try await client.send(CachedText()) == "one")
        clock.advance(by: 30)
        let second = try await client.response(for: CachedText())
        #expect(second.value == "one")
        #expect(second.statusCode == 200)
        #expect(second.value(forHTTPHeaderField: "Age") == "30")
        #expect(session.requests.count == 1)
        clock.advance(by: 31)
        #expect(try await client.send(CachedText()) == "two", "61 s old is stale: sent again")
        #expect(session.requests.count == 2)
    }

    @Test func expiresDateAndAgeMakeTheAge() async throws {
        let clock = TestClock()
        // Sent 10 s after its Date, already 20 s old by its Age: 20 s old on arrival, fresh for 100 s from Date.
        let session = StubNetworkSession(
            Self.reply("one", ["Date": clock.httpDate(-10), "Age": "20", "Expires": clock.httpDate(90)]),
            Self.reply("two", [:]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware(now: clock.reading)])
        #expect(try await client.send(CachedText()) == "one")
        let served = try await client.response(for: CachedText())
        #expect(served.value(forHTTPHeaderField: "Age") == "20")
        clock.advance(by: 79)
        #expect(try await client.send(CachedText()) == "one")
        #expect(session.requests.count == 1)
        clock.advance(by: 2)
        #expect(try await client.send(CachedText()) == "two", "101 s old, fresh for 100 s")
        #expect(session.requests.count == 2)
    }

    @Test func maxAgeWinsOverExpiresAndAnInvalidExpiresIsStale() async throws {
        let clock = TestClock()
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "max-age=10", "Expires": clock.httpDate(1000)]),
            Self.reply("two", ["Expires": "0"]), Self.reply("three", ["Expires": "0"]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware(now: clock.reading)])
        #expect(try await client.send(CachedText()) == "one")
        clock.advance(by: 11)
        #expect(try await client.send(CachedText()) == "two")
        #expect(try await client.send(CachedText()) == "three", "Expires: 0 is already expired")
        #expect(session.requests.count == 3)
    }

    @Test func aResponseWithoutFreshnessOrValidatorIsNotStored() async throws {
        let session = StubNetworkSession(Self.reply("one", [:]), Self.reply("two", [:]))
        let cache = HTTPCacheMiddleware()
        let client = APIClient(session: session, middleware: [cache])
        #expect(try await client.send(CachedText()) == "one")
        #expect(try await client.send(CachedText()) == "two")
        #expect(cache.store.response(forKey: "https://api.example.com/article") == nil)
    }

    @Test(arguments: [(404, true), (410, true), (500, false), (201, false), (503, false)])
    func onlyCacheableStatusesAreStored(status: Int, stored: Bool) async throws {
        let session = StubNetworkSession(handler: { _ in
            Self.reply("x", status: status, ["Cache-Control": "max-age=60"])
        })
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        let accepting = APISetting(validation: ResponseValidation(statusCodes: 200..<600))
        for _ in 0..<2 { _ = try await client.send(CachedText(setting: accepting)) }
        #expect(session.requests.count == (stored ? 1 : 2), "status \(status)")
    }

    // MARK: no-store, no-cache

    @Test func noStoreInTheResponseIsNotStored() async throws {
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "no-store, max-age=60"]), Self.reply("two", [:]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        #expect(try await client.send(CachedText()) == "one")
        #expect(try await client.send(CachedText()) == "two")
    }

    @Test func noStoreInTheRequestNeitherUsesNorStores() async throws {
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "max-age=60"]), Self.reply("two", ["Cache-Control": "max-age=60"]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        #expect(try await client.send(CachedText()) == "one")
        #expect(try await client.send(CachedText(headers: ["Cache-Control": "no-store"])) == "two")
        #expect(try await client.send(CachedText()) == "one", "the first is still stored")
        #expect(session.requests.count == 2)
    }

    @Test func noCacheInTheResponseIsRevalidatedEveryTime() async throws {
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "no-cache", "ETag": "\"a\""]),
            Self.reply("", status: 304, ["ETag": "\"a\""]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        #expect(try await client.send(CachedText()) == "one")
        let second = try await client.response(for: CachedText())
        #expect(second.value == "one")
        #expect(second.statusCode == 200, "the stored status, not the 304")
        #expect(session.requests.count == 2)
        #expect(session.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"a\"")
    }

    @Test(arguments: ["no-cache", "max-age=0"])
    func aRequestAskingForValidationRevalidatesAFreshResponse(directive: String) async throws {
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "max-age=600", "Last-Modified": "Tue, 15 Nov 1994 12:45:26 GMT"]),
            Self.reply("", status: 304, [:]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        #expect(try await client.send(CachedText()) == "one")
        #expect(try await client.send(CachedText(headers: ["Cache-Control": directive])) == "one")
        #expect(session.requests.count == 2)
        #expect(
            session.requests.last?.value(forHTTPHeaderField: "If-Modified-Since") == "Tue, 15 Nov 1994 12:45:26 GMT")
    }

    @Test func pragmaNoCacheRevalidatesWhenThereIsNoCacheControl() async throws {
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "max-age=600", "ETag": "\"a\""]), Self.reply("", status: 304, [:]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        #expect(try await client.send(CachedText()) == "one")
        #expect(try await client.send(CachedText(headers: ["Pragma": "no-cache"])) == "one")
        #expect(session.requests.count == 2)
    }

    // MARK: Revalidation

    @Test func a304UpdatesTheStoredHeadersAndKeepsBodyAndStatus() async throws {
        let clock = TestClock()
        let session = StubNetworkSession(
            Self.reply(
                "one", status: 203,
                ["Cache-Control": "max-age=10", "ETag": "\"v1\"", "X-Version": "1", "Content-Type": "text/plain"]),
            Self.reply("", status: 304, ["Cache-Control": "max-age=100", "ETag": "\"v1\"", "X-Version": "2"]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware(now: clock.reading)])
        #expect(try await client.send(CachedText()) == "one")
        clock.advance(by: 11)
        let revalidated = try await client.response(for: CachedText())
        #expect(revalidated.statusCode == 203)
        #expect(revalidated.value == "one")
        #expect(revalidated.value(forHTTPHeaderField: "X-Version") == "2")
        #expect(revalidated.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(session.requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        clock.advance(by: 50)
        let fresh = try await client.response(for: CachedText())
        #expect(fresh.value(forHTTPHeaderField: "X-Version") == "2", "fresh again by the 304's max-age")
        #expect(fresh.value(forHTTPHeaderField: "Age") == "50")
        #expect(session.requests.count == 2)
    }

    @Test func a200ToTheRevalidationReplacesTheStoredResponse() async throws {
        let clock = TestClock()
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "max-age=10", "ETag": "\"v1\""]),
            Self.reply("two", ["Cache-Control": "max-age=10", "ETag": "\"v2\""]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware(now: clock.reading)])
        #expect(try await client.send(CachedText()) == "one")
        clock.advance(by: 11)
        #expect(try await client.send(CachedText()) == "two")
        #expect(try await client.send(CachedText()) == "two")
        #expect(session.requests.count == 2)
    }

    @Test(arguments: ["If-None-Match", "If-Modified-Since", "Range"])
    func aConditionalRequestOfTheCallerPassesThroughUntouched(header: String) async throws {
        let session = StubNetworkSession(
            Self.reply("one", ["Cache-Control": "max-age=600", "ETag": "\"a\""]),
            Self.reply("", status: 304, ["ETag": "\"a\""]))
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        #expect(try await client.send(CachedText()) == "one")
        let value = header == "Range" ? "bytes=0-1" : "\"mine\""
        let accepting = APISetting(validation: ResponseValidation(statusCodes: 200..<400))
        let answer = try await client.response(for: CachedText(headers: [header: value], setting: accepting))
        #expect(answer.statusCode == 304, "the caller's own conditional answer")
        let sent = try #require(session.requests.last)
        #expect(sent.value(forHTTPHeaderField: header) == value)
        #expect(
            sent.value(forHTTPHeaderField: header == "If-None-Match" ? "If-Modified-Since" : "If-None-Match") == nil)
        #expect(try await client.send(CachedText()) == "one", "the stored response stays")
        #expect(session.requests.count == 2)
    }

    // MARK: Credentials

    @Test(arguments: [("private, max-age=60", 2), ("max-age=60", 2), ("public, max-age=60", 1)])
    func aResponseToARequestWithAuthorizationIsStoredOnlyWhenPublic(cacheControl: String, requests: Int)
        async throws
    {
        let session = StubNetworkSession(handler: { _ in Self.reply("one", ["Cache-Control": cacheControl]) })
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        for _ in 0..<2 { _ = try await client.send(CachedText(headers: ["Authorization": "Bearer secret"])) }
        #expect(session.requests.count == requests)
    }

    /// Where the authorization middleware is in the list does not matter: the cache learns what went out.
    @Test(arguments: CredentialCase.allCases, [true, false])
    func credentialsPlacedBeforeOrAfterTheCacheKeepPrivateResponsesOut(credential: CredentialCase, cacheFirst: Bool)
        async throws
    {
        for (cacheControl, requests) in [("private, max-age=60", 2), ("public, max-age=60", 1)] {
            let session = StubNetworkSession(handler: { _ in Self.reply("one", ["Cache-Control": cacheControl]) })
            let cache = HTTPCacheMiddleware()
            let authorizer = credential.middleware
            let client = APIClient(
                session: session, middleware: cacheFirst ? [cache, authorizer] : [authorizer, cache])
            for _ in 0..<2 { #expect(try await client.send(CachedText()) == "one") }
            #expect(
                session.requests.count == requests,
                "\(credential) \(cacheFirst ? "after" : "before") the cache, \(cacheControl)")
            #expect(session.requests.allSatisfy { credential.isCarried(by: $0) })
        }
    }

    @Test func aRequestThatRequiresAuthorizationIsNotAnsweredFromAPrivateResponse() async throws {
        let session = StubNetworkSession(handler: { _ in Self.reply("one", ["Cache-Control": "private, max-age=60"]) })
        let cache = HTTPCacheMiddleware()
        let client = APIClient(
            session: session, middleware: [cache, BearerTokenMiddleware(tokenProvider: CacheTestToken())])
        #expect(try await client.send(CachedText()) == "one")
        #expect(try await client.send(CachedText()) == "one")
        #expect(session.requests.count == 1, "stored without credentials")
        _ = try await client.send(CachedText(setting: APISetting(requiresAuthorization: true)))
        #expect(session.requests.count == 2, "a stored private response does not answer a credentialed request")
        #expect(try await client.send(CachedText()) == "one")
        #expect(session.requests.count == 2, "and the credentialed answer did not displace it")
    }

    @Test func aQueryKeyIsNeverPartOfWhatIsStored() async throws {
        let session = StubNetworkSession(handler: { _ in Self.reply("one", ["Cache-Control": "public, max-age=60"]) })
        let cache = HTTPCacheMiddleware()
        let client = APIClient(
            session: session,
            middleware: [APIKeyMiddleware("k-123", in: .queryParameter("api_key"), scope: .everyRequest), cache])
        #expect(try await client.send(CachedText()) == "one")
        #expect(try await client.send(CachedText()) == "one")
        #expect(session.requests.count == 1)
        let stored = try #require(cache.store.response(forKey: "https://api.example.com/article"))
        #expect(stored.url.absoluteString == "https://api.example.com/article")
    }

    @Test func aResponseVaryingOnACredentialHeaderIsNotStored() async throws {
        let session = StubNetworkSession(handler: { _ in
            Self.reply("one", ["Cache-Control": "public, max-age=60", "Vary": "Authorization"])
        })
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        for _ in 0..<2 { _ = try await client.send(CachedText(headers: ["Authorization": "Bearer secret"])) }
        #expect(session.requests.count == 2)
    }

    @Test func aResponseVaryingOnAKeyPlacedAfterTheCacheIsNotStored() async throws {
        let session = StubNetworkSession(handler: { _ in
            Self.reply("one", ["Cache-Control": "public, max-age=60", "Vary": "X-Api-Key"])
        })
        let client = APIClient(
            session: session,
            middleware: [
                HTTPCacheMiddleware(), APIKeyMiddleware("k-123", in: .header("X-Api-Key"), scope: .everyRequest),
            ])
        for _ in 0..<2 { _ = try await client.send(CachedText()) }
        #expect(session.requests.count == 2)
    }

    // MARK: Vary

    @Test func varyMatchesOnlyTheSameRequestHeaderValues() async throws {
        let session = StubNetworkSession(handler: { request in
            Self.reply(
                request.value(forHTTPHeaderField: "Accept-Language") ?? "none",
                ["Cache-Control": "max-age=60", "Vary": "accept-language"])
        })
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        func send(_ language: String?) async throws -> String {
            try await client.send(CachedText(headers: language.map { ["Accept-Language": $0] } ?? [:]))
        }
        #expect(try await send("en") == "en")
        #expect(try await send("en") == "en")
        #expect(session.requests.count == 1)
        #expect(try await send("fr") == "fr")
        #expect(try await send("fr") == "fr")
        #expect(session.requests.count == 2)
        #expect(try await send(nil) == "none")
        #expect(try await send(nil) == "none")
        #expect(try await send("en") == "en")
        #expect(session.requests.count == 4, "one response per URL: each new value replaced the last")
    }

    @Test func varyStarIsNeverStored() async throws {
        let session = StubNetworkSession(handler: { _ in
            Self.reply("one", ["Cache-Control": "max-age=60", "Vary": "Accept, *"])
        })
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        for _ in 0..<2 { _ = try await client.send(CachedText()) }
        #expect(session.requests.count == 2)
    }

    // MARK: What passes through

    @Test func aStreamedResponseIsNotStored() async throws {
        let session = StubNetworkSession(handler: { _ in
            .chunks([Data("o".utf8), Data("ne".utf8)], headers: ["Cache-Control": "max-age=60"])
        })
        let cache = HTTPCacheMiddleware()
        let client = APIClient(session: session, middleware: [cache])
        let streamed = try await client.stream(CachedText())
        var received = Data()
        for try await chunk in streamed.body { received.append(chunk) }
        #expect(received == Data("one".utf8))
        #expect(cache.store.response(forKey: "https://api.example.com/article") == nil)
        #expect(try await client.send(CachedText()) == "one")
        #expect(session.requests.count == 2)
    }

    @Test func headPassesThroughAndAnUnsafeMethodRemovesTheStoredResponse() async throws {
        let session = StubNetworkSession(handler: { request in
            Self.reply(request.httpMethod ?? "GET", ["Cache-Control": "max-age=60"])
        })
        let client = APIClient(session: session, middleware: [HTTPCacheMiddleware()])
        #expect(try await client.send(CachedText()) == "GET")
        _ = try await client.send(CachedText(method: .head))
        #expect(try await client.send(CachedText()) == "GET")
        #expect(session.requests.count == 2, "HEAD was sent, and the GET still answered from the store")
        #expect(try await client.send(CachedText(method: .post)) == "POST")
        #expect(try await client.send(CachedText()) == "GET")
        #expect(session.requests.count == 4, "the POST removed the stored GET")
    }

    @Test func removeAllAndRemoveResponseEmptyTheStore() async throws {
        let session = StubNetworkSession(handler: { request in
            Self.reply(request.url?.path ?? "", ["Cache-Control": "max-age=60"])
        })
        let cache = HTTPCacheMiddleware()
        let client = APIClient(session: session, middleware: [cache])
        _ = try await client.send(CachedText(path: "/a"))
        _ = try await client.send(CachedText(path: "/b"))
        cache.removeResponse(for: try #require(URL(string: "https://api.example.com/a#part")))
        _ = try await client.send(CachedText(path: "/a"))
        _ = try await client.send(CachedText(path: "/b"))
        #expect(session.requests.map(\.line) == ["GET /a", "GET /b", "GET /a"])
        cache.removeAll()
        _ = try await client.send(CachedText(path: "/a"))
        _ = try await client.send(CachedText(path: "/b"))
        #expect(session.requests.count == 5)
    }
}

/// A credential an authorization middleware (or a middleware of the app's) places on every request.
enum CredentialCase: String, CaseIterable, Sendable, CustomStringConvertible {
    case bearer, apiKeyHeader, apiKeyQuery, cookieByAPlainMiddleware

    var description: String { rawValue }

    var middleware: any ClientMiddleware {
        switch self {
        case .bearer: BearerTokenMiddleware(tokenProvider: CacheTestToken(), scope: .everyRequest)
        case .apiKeyHeader: APIKeyMiddleware("k-123", in: .header("X-Api-Key"), scope: .everyRequest)
        case .apiKeyQuery: APIKeyMiddleware("k-123", in: .queryParameter("api_key"), scope: .everyRequest)
        case .cookieByAPlainMiddleware: CookieMiddleware()
        }
    }

    func isCarried(by request: URLRequest) -> Bool {
        switch self {
        case .bearer: request.value(forHTTPHeaderField: "Authorization") == "Bearer t-123"
        case .apiKeyHeader: request.value(forHTTPHeaderField: "X-Api-Key") == "k-123"
        case .apiKeyQuery: request.url?.query == "api_key=k-123"
        case .cookieByAPlainMiddleware: request.value(forHTTPHeaderField: "Cookie") == "session=s-123"
        }
    }
}

struct CacheTestToken: TokenProvider {
    func token() async throws -> String { "t-123" }
    func refreshToken() async throws -> String { "t-123" }
}

/// Not an authorization middleware: the cache sees its cookie only on the request that went out.
struct CookieMiddleware: ClientMiddleware {
    func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        request.setValue("session=s-123", forHTTPHeaderField: "Cookie")
        return try await next(request)
    }
}
