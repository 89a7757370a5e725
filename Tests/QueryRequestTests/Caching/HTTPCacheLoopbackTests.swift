import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A GET of `path` on a loopback server, with a query of its own so that each test's requests are counted apart,
/// read as text.
struct LoopbackText: Request {
    typealias Response = String
    let host: Loopback
    var path: String
    var query: TestRun
    var headers: [String: String] = [:]
    var setting = APISetting(timeout: 10)
}

/// The `id` query parameter that tells one test's requests from another's.
struct TestRun: Encodable, Sendable {
    var id = UUID().uuidString
}

/// The cache against servers on loopback: httpbin's cache endpoints (a real server nobody here wrote), and
/// `Tests/Scripts/cache_server.py`, which counts the requests it saw, for `Vary`, `Expires` and credentials.
@Suite(
    .enabled(if: Peer.shouldRun(.python3, .httpbin), "needs httpbin"), .httpbin, .timeLimit(.minutes(5)))
struct HTTPCacheHTTPBinTests {
    let httpbin: Loopback

    init() throws {
        httpbin = try #require(RealServers.current).httpbin.host
    }

    @Test func cacheWithMaxAgeIsServedWithoutARequestUntilItIsStale() async throws {
        let clock = TestClock(Date())
        let network = CountingMiddleware()
        let client = APIClient(middleware: [HTTPCacheMiddleware(now: clock.reading), network])
        let request = LoopbackText(host: httpbin, path: "/cache/60", query: TestRun())
        let first = try await client.response(for: request)
        clock.advance(by: 30)
        let second = try await client.response(for: request)
        #expect(second.value == first.value)
        #expect(second.value(forHTTPHeaderField: "Age").flatMap(Int.init).map { $0 >= 30 } == true)
        #expect(network.count == 1, "the second answer came from the cache")
        clock.advance(by: 31)
        _ = try await client.send(request)
        #expect(network.count == 2, "stale after 60 s, and httpbin gives no validator to revalidate with")
        #expect(network.statuses == [200, 200])
    }

    @Test(arguments: ["/cache", "/etag/v1"])
    func aConditionalRequestGetsA304AndTheStoredBody(path: String) async throws {
        let network = CountingMiddleware()
        let client = APIClient(middleware: [HTTPCacheMiddleware(), network])
        let request = LoopbackText(host: httpbin, path: path, query: TestRun())
        let first = try await client.response(for: request)
        let second = try await client.response(for: request)
        #expect(second.statusCode == 200)
        #expect(second.value == first.value, "the body stored with the first answer")
        #expect(network.statuses == [200, 304], "httpbin saw the revalidation and answered 304")
        let conditional = try #require(network.requests.last)
        #expect(
            conditional.value(forHTTPHeaderField: "If-None-Match") == first.value(forHTTPHeaderField: "ETag"))
        if path == "/cache" {
            #expect(
                conditional.value(forHTTPHeaderField: "If-Modified-Since")
                    == first.value(forHTTPHeaderField: "Last-Modified"))
        }
    }
}

/// What `Tests/Scripts/cache_server.py` answers: the request count it reports with each body.
struct CacheServerBody: Decodable, Sendable, Equatable {
    let path: String
    let hit: Int
    let language: String?
    let authorization: Bool
}

@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"),
    LoopbackServerScope(script: "cache_server.py"), .timeLimit(.minutes(5)))
struct HTTPCacheServerTests {
    let server: Loopback

    init() throws {
        server = try #require(LoopbackServer.current).host
    }

    /// A GET of `path` whose body the cache server describes.
    struct Counted: Request {
        typealias Response = CacheServerBody
        let host: Loopback
        var path: String
        var query: TestRun
        var headers: [String: String] = [:]
        var setting = APISetting(timeout: 10)
    }

    struct HitsQuery: Encodable, Sendable {
        let target: String
    }

    struct Hits: Request {
        struct Count: Decodable, Sendable { let hits: Int }
        typealias Response = Count
        let host: Loopback
        var path = "/hits"
        let query: HitsQuery
    }

    /// How many requests for `path` and `run` the server saw, asked without a cache.
    func hits(_ path: String, _ run: TestRun) async throws -> Int {
        try await APIClient().send(Hits(host: server, query: HitsQuery(target: "\(path)?id=\(run.id)"))).hits
    }

    @Test func varyMatchesOnlyTheSameLanguage() async throws {
        let client = APIClient(middleware: [HTTPCacheMiddleware()])
        let run = TestRun()
        func send(_ language: String) async throws -> CacheServerBody {
            try await client.send(
                Counted(host: server, path: "/vary", query: run, headers: ["Accept-Language": language]))
        }
        #expect(try await send("en").language == "en")
        #expect(try await send("en").language == "en")
        #expect(try await hits("/vary", run) == 1)
        #expect(try await send("fr").language == "fr")
        #expect(try await send("fr").hit == 2, "served from the cache: the body of the server's second request")
        #expect(try await hits("/vary", run) == 2)
    }

    @Test(arguments: ["/vary-star", "/no-store"])
    func aResponseThatMayNotBeStoredIsFetchedEachTime(path: String) async throws {
        let client = APIClient(middleware: [HTTPCacheMiddleware()])
        let run = TestRun()
        for _ in 0..<2 { _ = try await client.send(Counted(host: server, path: path, query: run)) }
        #expect(try await hits(path, run) == 2)
    }

    @Test func expiresKeepsItFreshUntilThen() async throws {
        let clock = TestClock(Date())
        let client = APIClient(middleware: [HTTPCacheMiddleware(now: clock.reading)])
        let request = Counted(host: server, path: "/expires", query: TestRun())
        #expect(try await client.send(request).hit == 1)
        clock.advance(by: 1800)
        let cached = try await client.response(for: request)
        #expect(cached.value.hit == 1)
        #expect(cached.value(forHTTPHeaderField: "Age").flatMap(Int.init).map { $0 >= 1800 } == true)
        #expect(try await hits("/expires", request.query) == 1)
        clock.advance(by: 1801)
        #expect(try await client.send(request).hit == 2, "an hour after Date it has expired")
    }

    @Test func anExpiredResponseIsRevalidatedByItsETag() async throws {
        let network = CountingMiddleware()
        let client = APIClient(middleware: [HTTPCacheMiddleware(), network])
        let request = Counted(host: server, path: "/expired", query: TestRun())
        #expect(try await client.send(request).hit == 1)
        #expect(try await client.send(request).hit == 1, "the stored body, after a 304")
        #expect(network.statuses == [200, 304])
        #expect(try await hits("/expired", request.query) == 2)
    }

    @Test(arguments: [true, false])
    func aPrivateResponseToACredentialedRequestIsNotStoredWhereverTheBearerIs(cacheFirst: Bool) async throws {
        let cache = HTTPCacheMiddleware()
        let bearer = BearerTokenMiddleware(tokenProvider: CacheTestToken(), scope: .everyRequest)
        let client = APIClient(middleware: cacheFirst ? [cache, bearer] : [bearer, cache])
        for (path, expected) in [("/private", 2), ("/public", 1)] {
            let request = Counted(host: server, path: path, query: TestRun())
            for _ in 0..<2 { #expect(try await client.send(request).authorization) }
            #expect(try await hits(path, request.query) == expected, "\(path), cache first: \(cacheFirst)")
        }
    }
}
