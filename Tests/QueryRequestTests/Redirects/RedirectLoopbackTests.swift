import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What httpbin's `/anything` (and `/cookies`) echo of the request they received.
struct HTTPBinEcho: Decodable, Sendable {
    let method: String?
    let url: String?
    let data: String?
    let args: [String: String]?
    let headers: [String: String]?
    let cookies: [String: String]?

    /// The value of the header `name`, compared without case.
    func header(_ name: String) -> String? {
        headers?.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// A request to a loopback server, any method, query and body, decoded as ``HTTPBinEcho``.
struct EchoingRequest<Query: Encodable & Sendable>: Request {
    typealias Response = HTTPBinEcho
    var method: HTTPMethod = .get
    let host: Loopback
    var path: String
    var query: Query
    var body: RequestBody? = nil
    var setting: APISetting = .default
}

extension EchoingRequest where Query == EmptyQuery {
    init(
        method: HTTPMethod = .get, host: Loopback, path: String, body: RequestBody? = nil,
        setting: APISetting = .default
    ) {
        self.init(method: method, host: host, path: path, query: EmptyQuery(), body: body, setting: setting)
    }
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

/// Redirects through `URLSession`, followed by the client, against httpbin and nginx: servers nobody here
/// wrote. Each redirect is a real 3xx on the wire; the origins differ as `127.0.0.1` and `localhost` do.
@Suite(
    .enabled(if: Peer.shouldRun(.python3, .httpbin, .nginx), "needs httpbin and nginx"), .httpbinBehindNginx,
    .timeLimit(.minutes(5)))
struct RedirectLoopbackTests {
    let httpbin: Loopback
    let nginx: Loopback
    /// httpbin under another origin: the same server, reached as `localhost`.
    let elsewhere: String

    init() throws {
        let servers = try #require(RealServers.current)
        httpbin = servers.httpbin.host
        nginx = try #require(servers.nginx).host
        elsewhere = "http://localhost:\(servers.httpbin.baseURL.port ?? 0)"
    }

    static let setting = APISetting(timeout: 10)

    @Test(arguments: [
        (301, "POST", "GET"), (302, "POST", "GET"), (303, "POST", "GET"), (307, "POST", "POST"), (308, "POST", "POST"),
        (301, "PUT", "PUT"), (302, "PUT", "PUT"), (303, "PUT", "GET"), (307, "PUT", "PUT"), (308, "PUT", "PUT"),
        (301, "PATCH", "PATCH"), (302, "PATCH", "PATCH"), (303, "PATCH", "GET"), (307, "PATCH", "PATCH"),
        (308, "PATCH", "PATCH"),
    ])
    func theMethodAndBodyArriveAsRFC9110Says(status: Int, method: String, arrives: String) async throws {
        let request = EchoingRequest(
            method: HTTPMethod(rawValue: method), host: httpbin, path: "/redirect-to",
            query: RedirectTo(url: "/anything", statusCode: status), body: .json(["name": "Zoë"]),
            setting: Self.setting)
        let echo = try await APIClient().send(request)
        #expect(echo.method == arrives)
        if arrives == method {
            #expect(echo.data == #"{"name":"Zoë"}"#, "\(status) keeps the body of a \(method)")
            #expect(echo.header("Content-Type") == "application/json")
        } else {
            #expect(echo.data == "")
            #expect(echo.header("Content-Type") == nil, "a dropped body takes its Content-Type")
        }
    }

    @Test func aStreamedBodyIsSentAgainAfterA307() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let content = Data((0..<50_000).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        try content.write(to: file)
        // Werkzeug refuses a chunked body (FoundationNetworking sends streams chunked): nginx takes it and
        // hands httpbin the whole body.
        let request = EchoingRequest(
            method: .put, host: nginx, path: "/redirect-here/307", body: .file(file), setting: Self.setting)
        let echo = try await APIClient().send(request)
        #expect(echo.method == "PUT")
        #expect(echo.data.map { Data($0.utf8) } == content)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func noCredentialReachesAnotherOrigin(status: Int) async throws {
        let echo = try await Self.credentialedClient().send(
            EchoingRequest(
                method: .post, host: httpbin, path: "/redirect-to",
                query: RedirectTo(url: elsewhere + "/anything", statusCode: status), body: .json(["a": 1]),
                setting: Self.credentialed))
        #expect(echo.url?.hasPrefix(elsewhere) == true)
        #expect(Self.secrets(in: echo) == [])
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func everyCredentialStaysOnTheOrigin(status: Int) async throws {
        let echo = try await Self.credentialedClient().send(
            EchoingRequest(
                method: .post, host: httpbin, path: "/redirect-to",
                query: RedirectTo(url: "/anything", statusCode: status),
                body: .json(["a": 1]), setting: Self.credentialed))
        #expect(Set(Self.secrets(in: echo)) == Set(Self.allSecrets))
    }

    @Test func nginxsRedirectToAnotherOriginCarriesNoCredential() async throws {
        let echo = try await Self.credentialedClient().send(
            EchoingRequest(
                method: .post, host: nginx, path: "/redirect/308", body: .json(["a": 1]), setting: Self.credentialed))
        #expect(echo.method == "POST")
        #expect(echo.data == #"{"a":1}"#)
        #expect(echo.header("Host")?.hasPrefix("localhost:") == true)
        #expect(Self.secrets(in: echo) == [])
    }

    @Test func aCookieSetByARedirectIsSentOnTheNextHop() async throws {
        let session = URLSession(configuration: .ephemeral)
        let echo = try await APIClient(session: session).send(
            EchoingRequest(host: httpbin, path: "/cookies/set", query: ["flavour": "oatmeal"], setting: Self.setting))
        #expect(echo.cookies == ["flavour": "oatmeal"])
    }

    @Test func aCookieHeaderOfTheRequestsOwnIsSentBesideTheStoredOnes() async throws {
        // FoundationNetworking alone sends the stored cookies instead of the request's own Cookie header.
        let client = APIClient(session: URLSession(configuration: .ephemeral))
        _ = try await client.send(
            EchoingRequest(host: httpbin, path: "/cookies/set", query: ["flavour": "oatmeal"], setting: Self.setting))
        let echo = try await client.send(
            EchoingRequest(
                host: httpbin, path: "/cookies", setting: APISetting(headers: ["Cookie": "typed=by-hand"], timeout: 10))
        )
        #expect(echo.cookies == ["flavour": "oatmeal", "typed": "by-hand"])
    }

    @Test func aCookieOfOneOriginIsNotSentToAnother() async throws {
        let session = URLSession(configuration: .ephemeral)
        let client = APIClient(session: session)
        _ = try await client.send(
            EchoingRequest(host: httpbin, path: "/cookies/set", query: ["flavour": "oatmeal"], setting: Self.setting))
        // The cookie is stored for 127.0.0.1; a redirect to localhost is another site.
        let echo = try await client.send(
            EchoingRequest(
                host: httpbin, path: "/redirect-to", query: RedirectTo(url: elsewhere + "/cookies", statusCode: 302),
                setting: APISetting(headers: ["Cookie": "typed=by-hand"], timeout: 10)))
        #expect(echo.cookies == [:])
        // Back on its own origin, it is sent again.
        let home = try await client.send(EchoingRequest(host: httpbin, path: "/cookies", setting: Self.setting))
        #expect(home.cookies == ["flavour": "oatmeal"])
    }

    @Test func eachHopIsVisible() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        _ = try await client.send(EchoingRequest(host: httpbin, path: "/redirect/2", setting: Self.setting))
        #expect(attempts.current.map(\.statusCode) == [302, 302, 200])
        #expect(attempts.current.map { $0.request.url?.path } == ["/redirect/2", "/relative-redirect/1", "/get"])
        #expect(attempts.current.map(\.reason) == [.first, .redirect(status: 302), .redirect(status: 302)])
    }

    @Test func neverHandsTheRedirectToTheCaller() async throws {
        let client = APIClient(redirectPolicy: .never)
        let error = await #expect(throws: APIError.self) {
            try await client.send(EchoingRequest(host: httpbin, path: "/redirect/1", setting: Self.setting))
        }
        #expect(error?.statusCode == 302)
        #expect(error?.response?.value(forHTTPHeaderField: "Location") == "/get")
    }

    // MARK: Credentials of every kind

    static let allSecrets = [
        "bearer-secret", "header-key-secret", "query-key-secret", "signature-secret", "proxy-secret", "cookie-secret",
    ]
    static let credentialed = APISetting(
        headers: ["Proxy-Authorization": "Basic proxy-secret", "Cookie": "session=cookie-secret"],
        requiresAuthorization: true, timeout: 10)

    /// A client with a bearer token, API keys in a header and in the query, and a signature; its session has a
    /// cookie storage of its own, so that no other test's cookies replace the request's `Cookie`.
    static func credentialedClient() -> APIClient {
        APIClient(
            session: URLSession(configuration: .ephemeral), tokenProvider: FixedToken(value: "bearer-secret"),
            middleware: [
                APIKeyMiddleware("header-key-secret", in: .header("X-Api-Key")),
                APIKeyMiddleware("query-key-secret", in: .queryParameter("api_key")),
                RequestSigningMiddleware(signedHeaders: ["host"]) { _ in ["X-Signature": "signature-secret"] },
            ])
    }

    /// The secrets the server received, in its headers, its URL or its query.
    static func secrets(in echo: HTTPBinEcho) -> [String] {
        let received = [
            (echo.headers ?? [:]).map { "\($0): \($1)" }.joined(separator: "\n"), echo.url ?? "",
            (echo.args ?? [:]).map { "\($0)=\($1)" }.joined(separator: "&"),
        ].joined(separator: "\n")
        return allSecrets.filter { received.contains($0) }
    }
}

/// Authentication challenges through `URLSession`: answered at once, so that the 401 (or 407) is the answer,
/// within the request's timeout, never a hang.
@Suite(
    .enabled(if: Peer.shouldRun(.python3, .httpbin, .nginx), "needs httpbin and nginx"), .httpbinBehindNginx,
    .timeLimit(.minutes(5)))
struct ChallengeLoopbackTests {
    let httpbin: Loopback
    let nginx: Loopback

    init() throws {
        let servers = try #require(RealServers.current)
        httpbin = servers.httpbin.host
        nginx = try #require(servers.nginx).host
    }

    /// A timeout far longer than the answer takes: a hang would end as `.timedOut`, not as the status.
    static let setting = APISetting(timeout: 20)

    @Test(arguments: [
        ("/basic-auth/user/passwd", "Basic"), ("/status/401", "Basic"), ("/digest-auth/auth/user/passwd", "Digest"),
        ("/hidden-basic-auth/user/passwd", nil),
    ])
    func aChallengeIsTheAnswer(path: String, scheme: String?) async throws {
        // httpbin's digest challenge sets cookies: kept in a storage of this test's own.
        let client = APIClient(
            session: URLSession(configuration: .ephemeral),
            middleware: [BasicAuthorizationMiddleware(username: "user", password: "wrong", scope: .everyRequest)])
        let error = await #expect(throws: APIError.self) {
            try await client.send(EchoingRequest(host: httpbin, path: path, setting: Self.setting))
        }
        let expectedStatus = scheme == nil ? 404 : 401
        guard case .unacceptableStatus(let failure)? = error, failure.statusCode == expectedStatus else {
            Issue.record("expected \(expectedStatus), got \(String(describing: error))")
            return
        }
        if let scheme {
            #expect(failure.response.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix(scheme) == true)
        }
    }

    @Test func theRightPasswordStillWorks() async throws {
        let client = APIClient(middleware: [
            BasicAuthorizationMiddleware(username: "user", password: "passwd", scope: .everyRequest)
        ])
        struct Authenticated: Decodable, Sendable {
            let authenticated: Bool
            let user: String
        }
        let answer = try await client.send(
            EchoingRequest(host: httpbin, path: "/basic-auth/user/passwd", setting: Self.setting)
                .expecting(Authenticated.self))
        #expect(answer.authenticated && answer.user == "user")
    }

    @Test func severalChallengesInOneResponse() async throws {
        let error = await #expect(throws: APIError.self) {
            try await APIClient().send(EchoingRequest(host: nginx, path: "/several-challenges", setting: Self.setting))
        }
        guard case .unacceptableStatus(let failure)? = error, failure.statusCode == 401 else {
            Issue.record("expected the 401, got \(String(describing: error))")
            return
        }
        #expect(failure.response.value(forHTTPHeaderField: "WWW-Authenticate")?.contains("Basic") == true)
        #expect(String(decoding: failure.body, as: UTF8.self) == #"{"error":"unauthorized"}"#)
    }

    @Test func theBearerRefreshWorksBesideABasicChallenge() async throws {
        let client = APIClient(tokenProvider: StaleThenFresh())
        let setting = APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true, timeout: 20)
        let answer = try await client.send(
            EchoingRequest(host: nginx, path: "/several-challenges", setting: setting).expecting(Authorized.self))
        #expect(answer.authorized)
    }

    @Test func aDigestChallengeOfNginx() async throws {
        let error = await #expect(throws: APIError.self) {
            try await APIClient().send(EchoingRequest(host: nginx, path: "/digest-challenge", setting: Self.setting))
        }
        #expect(error?.statusCode == 401)
    }

    @Test func aProxyChallenge() async throws {
        let error = await #expect(throws: APIError.self) {
            try await APIClient().send(EchoingRequest(host: nginx, path: "/proxy-challenge", setting: Self.setting))
        }
        #expect(error?.statusCode == 407)
        #expect(error?.response?.value(forHTTPHeaderField: "Proxy-Authenticate") == #"Basic realm="proxy""#)
    }

    @Test func aStreamedCallGetsTheChallengeToo() async throws {
        let error = await #expect(throws: APIError.self) {
            try await APIClient().stream(EchoingRequest(host: httpbin, path: "/status/401", setting: Self.setting))
        }
        #expect(error?.statusCode == 401)
    }
}

/// `{"authorized": true}`.
struct Authorized: Decodable, Sendable {
    let authorized: Bool
}

/// "stale" until refreshed, then "fresh".
actor StaleThenFresh: TokenProvider {
    private var current = "stale"
    func token() async throws -> String { current }
    func refreshToken() async throws -> String {
        current = "fresh"
        return current
    }
}

/// A request with the same declaration as another, decoded as `Response` instead.
struct Reexpected<Base: Request, Response: Decodable & Sendable>: Request {
    let base: Base
    var method: Base.MethodDeclaration { base.method }
    var host: Base.Host { base.host }
    var path: String { base.path }
    var setting: Base.SettingDeclaration { base.setting }
    var query: Base.QueryParameters { base.query }
    var body: Base.BodyDeclaration { base.body }
}

extension Request {
    /// This request, its response decoded as `type`.
    func expecting<Response: Decodable & Sendable>(_ type: Response.Type) -> Reexpected<Self, Response> {
        Reexpected(base: self)
    }
}
