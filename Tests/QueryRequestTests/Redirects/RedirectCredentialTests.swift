import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A custom authorization middleware: a header and a query parameter of its own.
struct CustomSecretMiddleware: AuthorizationMiddleware {
    func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        request.setValue("custom-secret", forHTTPHeaderField: "X-Custom-Secret")
        if let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.percentEncodedQuery = (components.percentEncodedQuery.map { $0 + "&" } ?? "") + "sig=custom-sig"
            request.url = components.url
        }
        return try await next(request)
    }
}

/// Credentials never follow a redirect to another origin, whoever put them on the request.
@Suite(.timeLimit(.minutes(5))) struct RedirectCredentialTests {
    static let start = "https://api.example.com/start"
    static let secrets = [
        "bearer-secret", "header-key-secret", "query-key-secret", "signature-secret", "user-secret",
        "proxy-secret", "cookie-secret", "custom-secret", "custom-sig", "plain-secret",
    ]

    /// A client with every kind of credential: each authorization middleware, headers the request sets itself,
    /// and a plain middleware that adds an `Authorization` of its own on hops it was not told about.
    static func client(session: any NetworkSession, policy: RedirectPolicy = .follow) -> APIClient {
        let signing = RequestSigningMiddleware(signedHeaders: ["host"]) { _ in ["X-Signature": "signature-secret"] }
        let plain = ClosureMiddleware { request, _, next in
            var request = request
            if request.value(forHTTPHeaderField: "Authorization") == nil {
                request.setValue("plain-secret", forHTTPHeaderField: "Authorization")
            }
            return try await next(request)
        }
        return APIClient(
            session: session, tokenProvider: FixedToken(value: "bearer-secret"),
            middleware: [
                APIKeyMiddleware("header-key-secret", in: .header("X-Api-Key"), scope: .everyRequest),
                APIKeyMiddleware("query-key-secret", in: .queryParameter("api_key"), scope: .everyRequest),
                signing, CustomSecretMiddleware(), plain,
            ],
            redirectPolicy: policy)
    }

    static let request = RedirectedRequest(
        method: .put, body: .json(["a": 1]),
        setting: APISetting(
            headers: ["Proxy-Authorization": "proxy-secret", "Cookie": "session=cookie-secret"],
            requiresAuthorization: true))

    /// Every secret found in the request's headers and URL.
    static func secrets(in request: URLRequest) -> [String] {
        let text =
            (request.allHTTPHeaderFields ?? [:]).map { "\($0): \($1)" }.joined(separator: "\n") + "\n"
            + (request.url?.absoluteString ?? "")
        return secrets.filter { text.contains($0) }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func noCredentialGoesToAnotherOrigin(status: Int) async throws {
        let session = redirectingSession([Self.start: (status, "https://other.example.com/landing")])
        let contexts = Locked<[MiddlewareContext]>([])
        let watching = ClosureMiddleware { request, context, next in
            contexts.update { $0.append(context) }
            return try await next(request)
        }
        let client = APIClient(
            session: session, tokenProvider: FixedToken(value: "bearer-secret"),
            middleware: [watching] + [
                APIKeyMiddleware("header-key-secret", in: .header("X-Api-Key"), scope: .everyRequest),
                APIKeyMiddleware("query-key-secret", in: .queryParameter("api_key"), scope: .everyRequest),
                RequestSigningMiddleware(signedHeaders: ["host"]) { _ in ["X-Signature": "signature-secret"] },
                CustomSecretMiddleware(),
            ])
        try await client.send(Self.request)
        let first = try #require(session.requests.first)
        let second = try #require(session.requests.last)
        #expect(session.requests.count == 2)
        #expect(
            Self.secrets(in: first) == [
                "bearer-secret", "header-key-secret", "query-key-secret", "signature-secret", "proxy-secret",
                "cookie-secret", "custom-secret", "custom-sig",
            ])
        #expect(Self.secrets(in: second) == [], "status \(status)")
        #expect(second.url?.absoluteString == "https://other.example.com/landing")
        #expect(contexts.current.map(\.sendsCredentials) == [true, false])
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func basicCredentialsStayHome(status: Int) async throws {
        let session = redirectingSession([Self.start: (status, "https://other.example.com/landing")])
        let basic = BasicAuthorizationMiddleware(username: "aladdin", password: "open sesame", scope: .everyRequest)
        try await APIClient(session: session, middleware: [basic]).send(RedirectedRequest(method: .post))
        #expect(session.requests.first?.value(forHTTPHeaderField: "Authorization")?.hasPrefix("Basic ") == true)
        #expect(session.requests.count == 2)
        #expect(session.requests.last?.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aPlainMiddlewaresCredentialIsRemovedToo(status: Int) async throws {
        let session = redirectingSession([Self.start: (status, "https://other.example.com/landing")])
        try await Self.client(session: session).send(Self.request)
        let second = try #require(session.requests.last)
        #expect(Self.secrets(in: second) == [])
        #expect(second.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test(arguments: [
        "https://api.example.com/same", "https://API.EXAMPLE.COM:443/same", "/same",
    ])
    func everyCredentialStaysOnTheSameOrigin(location: String) async throws {
        let session = redirectingSession([Self.start: (307, location)])
        try await Self.client(session: session).send(Self.request)
        let second = try #require(session.requests.last)
        #expect(Set(Self.secrets(in: second)) == Set(Self.secrets(in: try #require(session.requests.first))))
        #expect(second.value(forHTTPHeaderField: "Authorization") == "Bearer bearer-secret")
        #expect(second.url?.query?.contains("api_key=query-key-secret") == true)
    }

    @Test(arguments: ["http://api.example.com/x", "https://api.example.com:8443/x", "https://example.com/x"])
    func anotherSchemeOrPortOrHostIsAnotherOrigin(location: String) async throws {
        let session = redirectingSession([Self.start: (307, location)])
        let client = Self.client(session: session, policy: .follow.allowingInsecureRedirects())
        try await client.send(Self.request)
        #expect(Self.secrets(in: try #require(session.requests.last)) == [])
    }

    @Test func anOriginTheUserNamesGetsTheCredentials() async throws {
        let session = redirectingSession([Self.start: (307, "https://files.example.com/blob")])
        let policy = RedirectPolicy.follow.sendingCredentials(to: URL(string: "https://files.example.com")!)
        try await Self.client(session: session, policy: policy).send(Self.request)
        let second = try #require(session.requests.last)
        #expect(second.value(forHTTPHeaderField: "Authorization") == "Bearer bearer-secret")
        #expect(second.value(forHTTPHeaderField: "X-Api-Key") == "header-key-secret")
    }

    @Test func aKeyTheServerCopiedIntoTheLocationIsRemoved() async throws {
        // As `return 301 https://$host$request_uri;` does: the query, API key included, goes to the new origin.
        let session = StubNetworkSession { request in
            let url = try #require(request.url)
            guard url.host == "api.example.com" else { return .init(status: 200) }
            return .init(status: 301, headers: ["Location": "https://www.example.com/start?\(url.query ?? "")"])
        }
        let client = APIClient(
            session: session,
            middleware: [APIKeyMiddleware("query-key-secret", in: .queryParameter("api_key"), scope: .everyRequest)])
        try await client.send(RedirectedRequest(path: "/start"))
        let second = try #require(session.requests.last)
        #expect(second.url?.host == "www.example.com")
        #expect(second.url?.absoluteString.contains("query-key-secret") == false)
    }

    @Test func credentialsRemovedOnceStayRemovedButMiddlewareAuthorizeTheOwnOriginAgain() async throws {
        let session = redirectingSession([
            Self.start: (302, "https://other.example.com/bounce"),
            "https://other.example.com/bounce": (302, "https://api.example.com/back"),
        ])
        try await Self.client(session: session).send(Self.request)
        let back = try #require(session.requests.last)
        #expect(back.url?.absoluteString == "https://api.example.com/back?api_key=query-key-secret&sig=custom-sig")
        #expect(back.value(forHTTPHeaderField: "Authorization") == "Bearer bearer-secret")
        #expect(back.value(forHTTPHeaderField: "Proxy-Authorization") == nil, "set by the request, removed on the way")
        #expect(back.value(forHTTPHeaderField: "Cookie") == nil)
    }

    @Test func aRefreshedTokenIsNotSentElsewhere() async throws {
        // A 401 on the other origin is its answer: no refresh, no token.
        let tokens = CountingTokens("old")
        let session = StubNetworkSession { request in
            let url = try #require(request.url)
            if url.host == "api.example.com" {
                return .init(status: 302, headers: ["Location": "https://other.example.com/x"])
            }
            return .init(status: 401)
        }
        let client = APIClient(session: session, tokenProvider: tokens)
        await #expect(throws: APIError.self) {
            try await client.send(
                RedirectedRequest(setting: APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true)))
        }
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", nil])
        #expect(await tokens.refreshes == 0)
    }
}
