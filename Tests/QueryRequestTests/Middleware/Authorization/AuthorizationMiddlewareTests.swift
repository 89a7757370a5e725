import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct AuthorizationMiddlewareTests {
    static let authorized = APISetting(requiresAuthorization: true)

    @Test func anAPIKeyGoesInTheNamedHeaderOfRequestsThatRequireAuthorization() async throws {
        let session = StubNetworkSession(.init(status: 204), .init(status: 204))
        let client = APIClient(session: session, middleware: [APIKeyMiddleware("k-123", in: .header("X-Api-Key"))])
        try await client.send(Ping(setting: Self.authorized))
        try await client.send(Ping())
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "X-Api-Key") } == ["k-123", nil])
    }

    @Test func anAPIKeyInTheQueryIsEscapedAndAppendedToTheQueryAsBuilt() async throws {
        struct Search: Request {
            let host = StubHost.api
            let path = "/search"
            let query = ["q": "a b"]
        }
        let session = StubNetworkSession(.init(status: 204), .init(status: 204))
        let client = APIClient(
            session: session,
            middleware: [APIKeyMiddleware("k&=+/é", in: .queryParameter("api key"), scope: .everyRequest)])
        try await client.send(Search())
        try await client.send(Ping())
        #expect(
            session.requests.map { $0.url?.absoluteString } == [
                "https://api.example.com/search?q=a%20b&api%20key=k%26%3D%2B%2F%C3%A9",
                "https://api.example.com/ping?api%20key=k%26%3D%2B%2F%C3%A9",
            ])
    }

    @Test(arguments: [
        APIKeyMiddleware.Placement.header("X-Api-Key"), .queryParameter("api_key"),
    ])
    func anAPIKeyNeverOverwritesTheRequestsOwnValue(placement: APIKeyMiddleware.Placement) async throws {
        struct Own: Request {
            let host = StubHost.api
            let path = "/own"
            let query = ["api_key": "mine"]
            let headers = ["X-Api-Key": "mine"]
        }
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(
            session: session, middleware: [APIKeyMiddleware("k", in: placement, scope: .everyRequest)])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(Own()) })
        guard case .authorization(let problem as AuthorizationError) = error,
            case .credentialAlreadyPresent(let name) = problem
        else {
            Issue.record("expected credentialAlreadyPresent, got \(error)")
            return
        }
        #expect(name.hasSuffix(placement == .header("X-Api-Key") ? "header X-Api-Key" : "query parameter api_key"))
        #expect(session.requests.isEmpty)
    }

    @Test(arguments: [
        ("k\r\nX-Evil: 1", APIKeyMiddleware.Placement.header("X-Api-Key")), ("k", .header("Bad Name")),
        ("", .header("X-Api-Key")), ("", .queryParameter("key")), ("k", .queryParameter("")),
    ])
    func anUnsendableAPIKeyIsRefusedAndNothingIsSent(key: String, placement: APIKeyMiddleware.Placement) async throws {
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(session: session, middleware: [APIKeyMiddleware(key, in: placement)])
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(Ping(setting: Self.authorized)) })
        guard case .authorization(let problem as AuthorizationError) = error,
            case .unsendableCredential(let middleware, _) = problem
        else {
            Issue.record("expected unsendableCredential, got \(error)")
            return
        }
        #expect(middleware == "APIKeyMiddleware")
        #expect(session.requests.isEmpty)
    }

    /// RFC 7617 §2 and §2.1's examples.
    @Test(arguments: [
        ("Aladdin", "open sesame", "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=="),
        ("test", "123\u{A3}", "Basic dGVzdDoxMjPCow=="),
        ("user", "pa:ss", "Basic dXNlcjpwYTpzcw=="),
        // "é" as e + combining acute is normalised to U+00E9 (NFC) before encoding.
        ("e\u{301}", "x", "Basic w6k6eA=="),
    ])
    func basicCredentialsAreTheBase64OfUTF8UserColonPassword(user: String, password: String, expected: String)
        async throws
    {
        let middleware = BasicAuthorizationMiddleware(username: user, password: password)
        #expect(try middleware.headerValue() == expected)
        let session = StubNetworkSession(.init(status: 204))
        try await APIClient(session: session, middleware: [middleware]).send(Ping(setting: Self.authorized))
        #expect(session.requests.first?.value(forHTTPHeaderField: "Authorization") == expected)
    }

    @Test(arguments: [("a:b", "p"), ("a", "p\n"), ("a\u{7F}", "p")])
    func basicCredentialsThatCannotBeSentAreRefused(user: String, password: String) async throws {
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(
            session: session, middleware: [BasicAuthorizationMiddleware(username: user, password: password)])
        await #expect(throws: APIError.self) { try await client.send(Ping(setting: Self.authorized)) }
        #expect(session.requests.isEmpty)
    }

    @Test func anyAuthorizationMiddlewareSatisfiesARequestThatRequiresAuthorization() async throws {
        struct OwnScheme: AuthorizationMiddleware {
            func intercept(
                _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
            ) async throws -> ClientResponse {
                var request = request
                request.setValue("Own x", forHTTPHeaderField: "Authorization")
                return try await next(request)
            }
        }
        let session = StubNetworkSession(.init(status: 204))
        try await APIClient(session: session, middleware: [OwnScheme()]).send(Ping(setting: Self.authorized))
        #expect(session.requests.first?.value(forHTTPHeaderField: "Authorization") == "Own x")
        // A middleware that is not an AuthorizationMiddleware does not count.
        let plain = APIClient(session: session, middleware: [HeaderMiddleware(name: "Authorization", value: "x")])
        await #expect(throws: APIError.self) { try await plain.send(Ping(setting: Self.authorized)) }
    }

    struct Signed: Request {
        let method = HTTPMethod.post
        let host = StubHost.api
        let path = "/v1/orders/a%20b"
        let query = ["z": "1", "a": "x/y", "m": ""]
        let body = RequestBody.text("{}")
        let headers = ["X-Date": "20261124T060000Z", "X-Note": "  padded\t"]
        let setting = APISetting(
            requiresAuthorization: true, retryPolicy: RetryPolicy(maximumRetries: 1, retriesNonIdempotentRequests: true)
        )
    }

    @Test func theSigningFunctionGetsTheCanonicalRequestAndItsHeadersAreSent() async throws {
        let seen = Locked<[RequestSigningMiddleware.CanonicalRequest]>([])
        let signing = RequestSigningMiddleware(signedHeaders: ["Host", "x-date", "X-Note"]) { canonical in
            seen.update { $0.append(canonical) }
            return ["X-Signature": "sig-\(seen.current.count)"]
        }
        let session = StubNetworkSession(.init(status: 503), .init(status: 204))
        try await APIClient(session: session, middleware: [signing], backoff: .init(sleep: { _ in })).send(Signed())
        let canonical = try #require(seen.current.first)
        #expect(
            canonical.text == """
                POST
                /v1/orders/a%20b
                a=x%2Fy&m=&z=1
                host:api.example.com
                x-date:20261124T060000Z
                x-note:padded
                host;x-date;x-note
                """)
        #expect(canonical.body == Data("{}".utf8))
        #expect(seen.current.count == 2, "each attempt is signed again")
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "X-Signature") } == ["sig-1", "sig-2"])
    }

    @Test func aSignedHeaderTheRequestLacksIsRefused() async throws {
        let signing = RequestSigningMiddleware(signedHeaders: ["x-missing"]) { _ in [:] }
        let session = StubNetworkSession(.init(status: 204))
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await APIClient(session: session, middleware: [signing]).send(Signed())
            })
        #expect(error.description.contains("the signed header \"x-missing\" is not on the request"))
        #expect(session.requests.isEmpty)
    }
}
