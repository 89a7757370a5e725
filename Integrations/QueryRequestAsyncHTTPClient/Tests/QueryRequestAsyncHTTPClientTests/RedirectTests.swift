import AsyncHTTPClient
import Foundation
import QueryRequest
import QueryRequestAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What httpbin's `/anything` and `/cookies` echo of the request they received.
struct HTTPBinEcho: Decodable, Sendable {
    let method: String?
    let url: String?
    let data: String?
    let headers: [String: String]?
    let cookies: [String: String]?

    func header(_ name: String) -> String? {
        headers?.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A request to httpbin, decoded as ``HTTPBinEcho``.
struct HTTPBinRequest<Query: Encodable & Sendable>: Request {
    typealias Response = HTTPBinEcho
    var method: HTTPMethod = .get
    let host: Loopback
    var path: String
    var query: Query
    var body: RequestBody? = nil
    var setting = APISetting(timeout: 10)
}

/// httpbin's `/redirect-to`: a redirect with `status_code` to `url`.
struct RedirectTo: Encodable, Sendable {
    let url: String
    let statusCode: Int

    enum CodingKeys: String, CodingKey {
        case url
        case statusCode = "status_code"
    }
}

struct FixedToken: TokenProvider {
    let value: String
    func token() async throws -> String { value }
    func refreshToken() async throws -> String { value }
}

/// Redirects through `AsyncHTTPClientSession`, which never follows them: `APIClient` does, as over
/// `URLSession`. Against httpbin, a server nobody here wrote.
@Suite(.enabled(if: EchoServer.canRun(needing: "httpbin"), "needs httpbin"), .httpbin, .timeLimit(.minutes(5)))
struct RedirectTests {
    let server: EchoServer
    /// httpbin under another origin.
    let elsewhere: String

    init() throws {
        server = try #require(EchoServer.current)
        elsewhere = "http://localhost:\(server.baseURL.port ?? 0)"
    }

    @Test(arguments: [(301, "GET"), (302, "GET"), (303, "GET"), (307, "POST"), (308, "POST")])
    func aPostIsRedirectedAsRFC9110Says(status: Int, arrives: String) async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            session: AsyncHTTPClientSession(), onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        let echo = try await client.send(
            HTTPBinRequest(
                method: .post, host: server.host, path: "/redirect-to",
                query: RedirectTo(url: "/anything", statusCode: status), body: .json(["name": "Zoë"])))
        #expect(echo.method == arrives)
        #expect(echo.data == (arrives == "POST" ? #"{"name":"Zoë"}"# : ""))
        #expect(attempts.current.map(\.statusCode) == [status, 200], "each hop is an attempt")
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func noCredentialReachesAnotherOrigin(status: Int) async throws {
        let client = APIClient(
            session: AsyncHTTPClientSession(), tokenProvider: FixedToken(value: "bearer-secret"),
            middleware: [APIKeyMiddleware("key-secret", in: .header("X-Api-Key"))])
        let echo = try await client.send(
            HTTPBinRequest(
                method: .post, host: server.host, path: "/redirect-to",
                query: RedirectTo(url: elsewhere + "/anything", statusCode: status), body: .json(["a": 1]),
                setting: APISetting(headers: ["Cookie": "session=cookie-secret"], requiresAuthorization: true)))
        #expect(echo.url?.hasPrefix(elsewhere) == true)
        let received = (echo.headers ?? [:]).map { "\($0): \($1)" }.joined(separator: "\n")
        #expect(!received.contains("secret"), "\(received)")
    }

    @Test func cookiesOfEachHopAreKeptWithAStorage() async throws {
        let storage = try #require(URLSessionConfiguration.ephemeral.httpCookieStorage)
        let client = APIClient(session: AsyncHTTPClientSession(cookieStorage: storage))
        let echo = try await client.send(
            HTTPBinRequest(host: server.host, path: "/cookies/set", query: ["flavour": "oatmeal"]))
        #expect(echo.cookies == ["flavour": "oatmeal"])
        // Not to another origin.
        let elsewhereEcho = try await client.send(
            HTTPBinRequest(
                host: server.host, path: "/redirect-to",
                query: RedirectTo(url: elsewhere + "/cookies", statusCode: 302)))
        #expect(elsewhereEcho.cookies == [:])
        // Without a storage, none at all.
        let plain = try await APIClient(session: AsyncHTTPClientSession()).send(
            HTTPBinRequest(host: server.host, path: "/cookies/set", query: ["flavour": "oatmeal"]))
        #expect(plain.cookies == [:])
    }

    @Test func aChallengeIsTheAnswer() async throws {
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: AsyncHTTPClientSession()).send(
                HTTPBinRequest(host: server.host, path: "/basic-auth/user/passwd", query: EmptyQuery()))
        }
        #expect(error?.statusCode == 401)
    }

    @Test func anHTTPClientThatFollowsItselfIsRefusedUnderAPolicyOfTheUsers() async throws {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .follow(max: 5, allowCycles: false)
        let following = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        defer { _ = following.shutdown() }
        let request = HTTPBinRequest(host: server.host, path: "/redirect/1", query: EmptyQuery())
        // The default policy lets it be.
        _ = try await APIClient(session: AsyncHTTPClientSession(client: following)).send(request)
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: AsyncHTTPClientSession(client: following), redirectPolicy: .sameOrigin)
                .send(request)
        }
        guard case .redirect(.followedBySession(let requested, let answered))? = error else {
            Issue.record("expected followedBySession, got \(String(describing: error))")
            return
        }
        #expect(requested.path == "/redirect/1")
        #expect(answered.path == "/get")
    }
}
