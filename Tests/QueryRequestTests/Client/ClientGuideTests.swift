import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking  // on Linux, URLSession and URLRequest live here
#endif

func makeConfiguredClient() -> APIClient {
    let configuration = URLSessionConfiguration.default
    configuration.httpAdditionalHeaders = ["User-Agent": "Example/1.0"]
    return APIClient(session: URLSession(configuration: configuration))
}

/// The snippet of "Progress" (top level, as in the guide).
func upload(_ request: some Request, with client: APIClient) async throws {
    try await client.send(request) { progress in
        if let fraction = progress.fractionSent { print("sent \(Int(fraction * 100)) %") }
    }
}

// The snippets of Docs/Client.md, verbatim (indented), so that they cannot rot. They live in a namespace
// so that their names (`Hosts`, `User`, …) stay out of the way of other tests.

enum ClientGuide {
    // MARK: The declarations at the top of the page

    enum Hosts: String, APIHost {
        case production = "api.example.com"
    }

    struct User: Decodable, Sendable {
        let id: Int
        let name: String
    }

    struct UserRequest: Request {
        typealias Response = User
        let host: Hosts = .production
        var path: String { "/users/\(id)" }
        let id: Int
    }

    // MARK: Sending

    struct DeleteUser: Request {
        let method: HTTPMethod = .delete
        let host: Hosts = .production
        var path: String { "/users/\(id)" }
        let id: Int
    }

    struct Event: Decodable, Sendable {
        let name: String
        let startsAt: Date
    }

    struct EventsRequest: Request {
        typealias Response = [Event]
        let host: Hosts = .production
        let path = "/events"

        // This endpoint sends dates as seconds since 1970 and keys in camelCase.
        var responseDecoder: JSONDecoder? { Self.decoder }
        private static let decoder: JSONDecoder = {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            return decoder
        }()
    }

    // MARK: The API's own error body

    struct ErrorResponse: Decodable, Sendable {
        let code: String
        let message: String
    }

    struct GooError: Decodable, Sendable {
        let error: String
    }

    struct GooSearchRequest: Request {
        typealias Response = [User]
        typealias ErrorBody = GooError  // this endpoint's errors look different
        let host: Hosts = .production
        let path = "/goo/search"
    }

    // MARK: Which responses are accepted

    struct ConditionalUserRequest: Request {
        typealias Response = EmptyResponse
        let host: Hosts = .production
        let path = "/users/42"
        let headers = ["If-None-Match": "\"v7\""]
        let setting = APISetting(validation: ResponseValidation(statusCodes: [200, 304]))
    }

    struct SlackError: Error {
        let code: String
    }

    struct SlackEnvelope: Decodable {
        let ok: Bool
        let error: String?
    }

    static func makeSlackValidation() -> ResponseValidation {
        let slackValidation = ResponseValidation { response in
            guard let body = response.value, let envelope = try? JSONDecoder().decode(SlackEnvelope.self, from: body)
            else { return }
            if !envelope.ok { throw SlackError(code: envelope.error ?? "unknown") }
        }
        let slackClient = APIClient(validation: slackValidation)
        _ = slackClient
        return slackValidation
    }

    struct PostMessage: Request {
        let method: HTTPMethod = .post
        let host: Hosts = .production
        let path = "/chat.postMessage"
        let text: String
        var body: RequestBody? { .json(["text": text]) }
    }

    /// The Docs/Client.md snippet of the HTTP cache, compiled: calling it would make a folder in the user's caches.
    static func makeCachingClient(tokens: any TokenProvider) -> APIClient {
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
        let cache = HTTPCacheMiddleware(store: DiskHTTPCacheStore(directory: caches.appendingPathComponent("api")))
        let cachingClient = APIClient(middleware: [cache, BearerTokenMiddleware(tokenProvider: tokens)])
        return cachingClient
    }

    /// The Docs/Client.md snippet that handles a rejection; returns what it printed.
    static func postHello(session: StubNetworkSession) async throws -> String? {
        let slackClient = APIClient(session: session, validation: makeSlackValidation())
        var printed: String?
        func print(_ text: String) { printed = text }
        do {
            try await slackClient.send(PostMessage(text: "hello"))
        } catch let error as APIError {
            if case .rejectedResponse(let rejection) = error, let slack = rejection.error as? SlackError {
                print("Slack said \(slack.code)")
            }
        }
        return printed
    }

    // MARK: Middleware

    struct RequestID: ClientMiddleware {
        func intercept(
            _ request: URLRequest, context: MiddlewareContext,
            next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            var request = request
            request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
            return try await next(request)
        }
    }

    /// The app's own cache of the guide's `OfflineCache`: by URL.
    actor ResponseCache {
        private var responses: [URL: ClientResponse] = [:]
        func store(_ response: ClientResponse, for request: URLRequest) {
            if let url = request.url { responses[url] = response }
        }
        func response(for request: URLRequest) -> ClientResponse? {
            request.url.flatMap { responses[$0] }
        }
    }

    struct OfflineCache: ClientMiddleware {
        let cache: ResponseCache  // your own actor

        func intercept(
            _ request: URLRequest, context: MiddlewareContext,
            next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            do {
                let response = try await next(request)
                if context.method == .get { await cache.store(response, for: request) }
                return response
            } catch APIError.transport(let error) {
                guard let cached = await cache.response(for: request) else { throw APIError.transport(error) }
                return cached
            }
        }
    }

    /// The app's middleware that the signing example runs first.
    struct DateHeader: ClientMiddleware {
        func intercept(
            _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            var request = request
            request.setValue("20261124T060000Z", forHTTPHeaderField: "X-Date")
            return try await next(request)
        }
    }

    /// The snippets of "API keys, Basic credentials and signed requests", "Middleware" and "Which responses
    /// are accepted", compiled here and never run (they would send to api.example.com); the tests below
    /// send the same middleware through a stub.
    static func authorizationClients(apiKey: String, password: String, signingKey: String) -> [APIClient] {
        let keyHeader = APIKeyMiddleware(apiKey, in: .header("X-Api-Key"), scope: .everyRequest)
        let keyClient = APIClient(middleware: [keyHeader])
        let mapsClient = APIClient(middleware: [APIKeyMiddleware(apiKey, in: .queryParameter("key"))])
        let basicClient = APIClient(middleware: [BasicAuthorizationMiddleware(username: "aladdin", password: password)])
        let signing = RequestSigningMiddleware(signedHeaders: ["host", "x-date"]) { canonical in
            let digest = sha256Hex(canonical.body)
            let signature = hmacSHA256Hex(key: signingKey, message: canonical.text + "\n" + digest)
            return ["X-Signature": "keyId=\"app-1\", signature=\"\(signature)\""]
        }
        let signedClient = APIClient(middleware: [DateHeader(), signing])
        let tracedClient = APIClient(middleware: [RequestID()])
        let json = ResponseValidation(contentTypes: ["application/json", "application/*+json"])
        let strictClient = APIClient(validation: json)
        let loggedClient = APIClient(middleware: [
            APIKeyMiddleware(apiKey, in: .queryParameter("api_key")),
            LoggingMiddleware(level: .debug),
        ])
        // GET https://api.example.com/users/42?api_key=REDACTED → 200 (84 ms, 0 B sent, 1204 B received; UserRequest, attempt 1)
        return [keyClient, mapsClient, basicClient, signedClient, tracedClient, strictClient, loggedClient]
    }

    // MARK: Redirects

    struct DocumentRequest: Request {
        let host: Hosts = .production
        let path = "/documents/latest"
        let setting = APISetting(redirectPolicy: .never)  // this request sees the 3xx itself
    }

    /// The snippets of "Redirects", compiled here; `redirectPolicies` runs them through a stub.
    static func redirectClients() -> (follow: APIClient, downloads: RedirectPolicy, trusting: RedirectPolicy) {
        let redirectingClient = APIClient(redirectPolicy: .follow(limit: 5))
        let downloads = RedirectPolicy.custom(limit: 3) { hop in
            hop.request.url?.host == "downloads.example.com" ? .follow : .stop
        }
        let trusting = RedirectPolicy.follow.sendingCredentials(to: URL(string: "https://files.example.com")!)
        return (redirectingClient, downloads, trusting)
    }

    // MARK: Authorization

    actor SessionStore: TokenProvider {
        private var accessToken: String
        private let signIn: @Sendable () async throws -> String

        init(accessToken: String, signIn: @escaping @Sendable () async throws -> String) {
            self.accessToken = accessToken
            self.signIn = signIn
        }

        func token() async throws -> String { accessToken }

        func refreshToken() async throws -> String {
            accessToken = try await signIn()
            return accessToken
        }
    }

    struct MeRequest: Request {
        typealias Response = User
        let host: Hosts = .production
        let path = "/me"
        let setting = APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true)
    }

    // MARK: Retries

    struct RankingRequest: Request {
        typealias Response = [User]
        let host: Hosts = .production
        let path = "/ranking"
        let setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 2))
    }

    // MARK: Testing

    actor Waits {
        private(set) var all: [Duration] = []
        func append(_ delay: Duration) { all.append(delay) }
    }

    /// The snippets that create clients over `URLSession`: compiled here, never run, since tests only
    /// talk to 127.0.0.1.
    static func clientsOverURLSession() -> [APIClient] {
        var clients: [APIClient] = []
        do {
            let client = APIClient()  // URLSession.shared and a plain JSONDecoder
            clients.append(client)
        }
        do {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let client = APIClient(decoder: decoder)
            clients.append(client)
        }
        do {
            let client = APIClient(errorBody: ErrorResponse.self)
            clients.append(client)
        }
        do {
            let retryPolicy = RetryPolicy(
                maximumRetries: 3, initialDelay: .seconds(1), maximumDelay: .seconds(20),
                maximumRetryAfter: .seconds(120))
            let client = APIClient(retryPolicy: retryPolicy)
            clients.append(client)
        }
        do {
            let client = APIClient(onAttempt: { attempt in
                print(attempt)  // GET https://api.example.com/users/42 → 200 (succeeded; 84 ms, attempt 1)
            })
            clients.append(client)
        }
        clients.append(makeConfiguredClient())
        return clients
    }

    /// The snippet of "Authorization", compiled here and never run: it would send to api.example.com.
    static func authorizedClientOverURLSession(
        savedToken: String, renewToken: @escaping @Sendable () async throws -> String
    )
        async throws -> User
    {
        let client = APIClient(tokenProvider: SessionStore(accessToken: savedToken, signIn: renewToken))
        let me = try await client.send(MeRequest())
        return me
    }
}

extension ClientGuide {
    @Suite(.timeLimit(.minutes(5))) struct Snippets {
        // Stand-ins for the app code the snippets call.
        let shown = Locked<[String]>([])
        func show(_ user: User) { shown.update { $0.append("user \(user.name)") } }
        func showNotFound() { shown.update { $0.append("not found") } }
        func showOffline() { shown.update { $0.append("offline") } }
        func showAlert(_ message: String) { shown.update { $0.append("alert: \(message)") } }
        let savedToken = "saved"
        let renewToken: @Sendable () async throws -> String = { "renewed" }

        static let ada = StubNetworkSession.Reply.json(#"{"id": 42, "name": "Ada"}"#)

        @Test func sending() async throws {
            let session = StubNetworkSession(
                Self.ada, .json(#"{"id": 42, "name": "Ada"}"#, headers: ["X-RateLimit-Remaining": "9"]))
            let client = APIClient(session: session)
            do {
                let user = try await client.send(UserRequest(id: 42))
                #expect(user.name == "Ada")
            }
            do {
                let response = try await client.response(for: UserRequest(id: 42))
                let user = response.value
                let remaining = response.value(forHTTPHeaderField: "X-RateLimit-Remaining")
                #expect(user.id == 42)
                #expect(remaining == "9")
            }
            #expect(
                session.requests.map(\.url?.absoluteString)
                    == Array(repeating: "https://api.example.com/users/42", count: 2))
        }

        @Test(arguments: [200, 202, 204])
        func deletingAcceptsAnySuccess(status: Int) async throws {
            let client = APIClient(session: StubNetworkSession(.init(status: status, body: Data("{}".utf8))))
            try await client.send(DeleteUser(id: 42))  // 200, 202 or 204: all fine
        }

        @Test func redirectPolicies() async throws {
            let (_, downloads, trusting) = ClientGuide.redirectClients()
            // DocumentRequest sees the 3xx itself.
            let moved = StubNetworkSession(.init(status: 302, headers: ["Location": "https://downloads.example.com/d"]))
            let error = await #expect(throws: APIError.self) {
                try await APIClient(session: moved).send(ClientGuide.DocumentRequest())
            }
            #expect(error?.statusCode == 302)
            // The custom policy follows to the downloads host only.
            let session = StubNetworkSession { request in
                request.url?.path == "/documents/latest"
                    ? .init(status: 302, headers: ["Location": "https://downloads.example.com/d"])
                    : .init(status: 302, headers: ["Location": "https://elsewhere.example.com/e"])
            }
            let client = APIClient(session: session, validation: ResponseValidation(statusCodes: 200..<400))
            struct Latest: Request {
                let host: ClientGuide.Hosts = .production
                let path = "/documents/latest"
                let setting: APISetting
            }
            let last = try await client.response(for: Latest(setting: APISetting(redirectPolicy: downloads)))
            #expect(session.requests.map { $0.url?.host } == ["api.example.com", "downloads.example.com"])
            #expect(last.value(forHTTPHeaderField: "Location") == "https://elsewhere.example.com/e")
            #expect(trusting.credentialOrigins == [URL(string: "https://files.example.com")!])
        }

        @Test func aRequestsOwnDecoder() async throws {
            let client = APIClient(session: StubNetworkSession(.json(#"[{"name": "Launch", "startsAt": 0}]"#)))
            let events = try await client.send(EventsRequest())
            #expect(events.map(\.startsAt) == [Date(timeIntervalSince1970: 0)])
        }

        /// The snippet of "Errors", as a function so that it can be run against several answers.
        func handleErrors(with client: APIClient) async throws {
            do {
                let user = try await client.send(UserRequest(id: 42))
                show(user)
            } catch let error as APIError {
                switch error {
                case .unacceptableStatus where error.statusCode == 404:
                    showNotFound()
                case .transport(let urlError) where urlError.code == .notConnectedToInternet:
                    showOffline()
                case .cancelled:
                    break
                default:
                    showAlert(error.apiError(as: ErrorResponse.self)?.message ?? error.description)
                }
            }
        }

        @Test func handlingErrors() async throws {
            let session = StubNetworkSession(
                Self.ada, .init(status: 404), .failure(URLError(.notConnectedToInternet)),
                .json(#"{"code": "busy", "message": "Try later"}"#, status: 400), .init(status: 400),
                .failure(URLError(.cancelled)))
            let client = APIClient(session: session, errorBody: ErrorResponse.self)
            for _ in 0..<6 { try await handleErrors(with: client) }
            #expect(
                shown.current == [
                    "user Ada", "not found", "offline", "alert: Try later",
                    "alert: Unacceptable status 400 (\(HTTPURLResponse.localizedString(forStatusCode: 400))) from https://api.example.com/users/42; body: (empty)",
                ])
        }

        @Test func theAPIsOwnErrorBody() async throws {
            let session = StubNetworkSession(
                .json(#"{"error": "quota"}"#, status: 429),
                .json(#"{"code": "conflict", "message": "In use"}"#, status: 409))
            let client = APIClient(session: session, errorBody: ErrorResponse.self)
            let error = await #expect(throws: APIError.self) { try await client.send(GooSearchRequest()) }
            #expect(error?.apiError(as: GooError.self)?.error == "quota")
            do {
                try await client.send(DeleteUser(id: 42))
            } catch let error as APIError where error.statusCode == 409 {
                if let conflict = error.apiError(as: ErrorResponse.self) { showAlert(conflict.message) }
            }
            #expect(shown.current == ["alert: In use"])
        }

        func transfer(with client: APIClient) async throws {
            do {
                try await client.send(DeleteUser(id: 42))
            } catch let error as APIError {
                guard let problem = error.apiError(as: ProblemDetails.self) else { throw error }
                showAlert(problem.detail ?? problem.title ?? "Error \(problem.status ?? 0)")
                if case .integer(let balance)? = problem.extensions["balance"] {
                    showAlert("Balance: \(balance)")
                }
            }
        }

        @Test func problemDetails() async throws {
            let session = StubNetworkSession(
                .json(#"{"title": "Out of credit", "detail": "Balance too low", "balance": 30}"#, status: 403))
            try await transfer(with: APIClient(session: session, errorBody: ProblemDetails.self))
            #expect(shown.current == ["alert: Balance too low", "alert: Balance: 30"])
        }

        @Test func authorization() async throws {
            let session = StubNetworkSession { request in
                request.value(forHTTPHeaderField: "Authorization") == "Bearer renewed"
                    ? .json(#"{"id": 7, "name": "Me"}"#) : .init(status: 401)
            }
            do {
                let client = APIClient(
                    session: session, tokenProvider: SessionStore(accessToken: savedToken, signIn: renewToken))
                let me = try await client.send(MeRequest())
                #expect(me.name == "Me")
            }
            #expect(
                session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                    "Bearer saved", "Bearer renewed",
                ])
        }

        @Test func theSHA256StandInMatchesTheStandardsVectors() {
            #expect(sha256Hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            // RFC 4231, test case 2.
            #expect(
                hmacSHA256Hex(key: "Jefe", message: "what do ya want for nothing?")
                    == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        }

        struct AuthorizedUser: Request {
            typealias Response = User
            let host: Hosts = .production
            let path = "/users/42"
            let setting = APISetting(requiresAuthorization: true)
        }

        @Test func authorizationMiddleware() async throws {
            let (apiKey, password, signingKey) = ("k", "open sesame", "s3cret")
            let signing = RequestSigningMiddleware(signedHeaders: ["host", "x-date"]) { canonical in
                let digest = sha256Hex(canonical.body)
                let signature = hmacSHA256Hex(key: signingKey, message: canonical.text + "\n" + digest)
                return ["X-Signature": "keyId=\"app-1\", signature=\"\(signature)\""]
            }
            let chains: [[any ClientMiddleware]] = [
                [APIKeyMiddleware(apiKey, in: .header("X-Api-Key"), scope: .everyRequest)],
                [APIKeyMiddleware(apiKey, in: .queryParameter("key"))],
                [BasicAuthorizationMiddleware(username: "aladdin", password: password)],
                [DateHeader(), signing],
                [RequestID(), BasicAuthorizationMiddleware(username: "a", password: "b")],
            ]
            var sent: [URLRequest] = []
            for middleware in chains {
                let session = StubNetworkSession(Self.ada)
                _ = try await APIClient(session: session, middleware: middleware).send(AuthorizedUser())
                sent += session.requests
            }
            #expect(
                ClientGuide.authorizationClients(apiKey: apiKey, password: password, signingKey: signingKey).count == 7)
            #expect(sent[0].value(forHTTPHeaderField: "X-Api-Key") == "k")
            #expect(sent[1].url?.query == "key=k")
            #expect(sent[2].value(forHTTPHeaderField: "Authorization") == "Basic YWxhZGRpbjpvcGVuIHNlc2FtZQ==")
            let canonical = "GET\n/users/42\n\nhost:api.example.com\nx-date:20261124T060000Z\nhost;x-date"
            let signature = hmacSHA256Hex(key: "s3cret", message: canonical + "\n" + sha256Hex(Data()))
            #expect(sent[3].value(forHTTPHeaderField: "X-Signature") == "keyId=\"app-1\", signature=\"\(signature)\"")
            #expect(sent[4].value(forHTTPHeaderField: "X-Request-ID")?.count == 36)
        }

        @Test func offlineCacheAnswersWhenTheNetworkFails() async throws {
            let session = StubNetworkSession(Self.ada, .failure(URLError(.notConnectedToInternet)))
            let client = APIClient(session: session, middleware: [OfflineCache(cache: ResponseCache())])
            #expect(try await client.send(UserRequest(id: 42)).name == "Ada")
            #expect(try await client.send(UserRequest(id: 42)).name == "Ada", "answered from the cache")
            #expect(session.requests.count == 2)
        }

        @Test func conditionalRequestsAccept304() async throws {
            let session = StubNetworkSession(.init(status: 304))
            try await APIClient(session: session).send(ConditionalUserRequest())
            #expect(session.requests.first?.value(forHTTPHeaderField: "If-None-Match") == "\"v7\"")
        }

        @Test func aRuleOfTheAppsOwnRejectsAnErrorInsideA200() async throws {
            let refused = StubNetworkSession(.json(#"{"ok": false, "error": "channel_not_found"}"#))
            #expect(try await ClientGuide.postHello(session: refused) == "Slack said channel_not_found")
            let accepted = StubNetworkSession(.json(#"{"ok": true}"#))
            #expect(try await ClientGuide.postHello(session: accepted) == nil)
            #expect(accepted.requests.count == 1)
        }

        @Test func cancellation() async throws {
            let client = APIClient(
                session: StubNetworkSession { _ in
                    try await Task.sleep(for: .seconds(3600))
                    return Self.ada
                })
            let task = Task { try await client.send(UserRequest(id: 42)) }
            task.cancel()
            guard case .failure(APIError.cancelled) = await task.result else {
                Issue.record("expected APIError.cancelled")
                return
            }
        }

        @Test func loadsTheUser() async throws {
            let session = StubNetworkSession()
            session.stub(.get, "/users/42", with: .json(#"{"id": 42, "name": "Ada"}"#))
            let client = APIClient(session: session)

            let user = try await client.send(UserRequest(id: 42))

            #expect(user.name == "Ada")
            #expect(session.requests.map(\.url?.path) == ["/users/42"])
        }

        @Test func retriesAfterTheServersDelay() async throws {
            let session = StubNetworkSession(
                .init(status: 503, headers: ["Retry-After": "2"]),
                .json(#"[{"id": 1, "name": "Ada"}]"#)
            )
            let waits = Waits()
            let client = APIClient(session: session, backoff: APIClient.Backoff(sleep: { await waits.append($0) }))

            let ranking = try await client.send(RankingRequest())

            #expect(ranking.count == 1)
            #expect(await waits.all == [.seconds(2)])
        }

        @Test func reportsTheOfflineState() async throws {
            let session = StubNetworkSession(.failure(URLError(.notConnectedToInternet)))
            let client = APIClient(session: session)

            let error = await #expect(throws: APIError.self) { try await client.send(UserRequest(id: 42)) }

            guard case .transport(let urlError)? = error else {
                Issue.record("expected a transport error, got \(String(describing: error))")
                return
            }
            #expect(urlError.code == .notConnectedToInternet)
        }

        @Test func aHandlerDecidesOrSuspends() async throws {
            let session = StubNetworkSession { request in
                if request.value(forHTTPHeaderField: "Authorization") == nil {
                    return .init(status: 401)
                }
                try await Task.sleep(for: .seconds(3600))  // "in flight" until cancelled
                return .init(status: 204)
            }
            let client = APIClient(session: session, tokenProvider: FixedToken(value: "t"))
            let error = await #expect(throws: APIError.self) { try await client.send(DeleteUser(id: 1)) }
            #expect(error?.statusCode == 401)
            let task = Task { try await client.send(Ping(setting: APISetting(requiresAuthorization: true))) }
            task.cancel()
            guard case .failure(APIError.cancelled) = await task.result else {
                Issue.record("expected APIError.cancelled")
                return
            }
        }
    }
}

/// Every Swift block of Docs/Client.md must appear in this file (compared line by line, ignoring
/// indentation and blank lines), so that an edit to either one shows up here.
@Suite(.timeLimit(.minutes(5))) struct ClientGuideMatchesTheDocs {
    @Test func everySnippetIsCompiledHere() throws {
        #expect(try GuideSnippets.blockCount(of: "Docs/Client.md") == 49)
        // The last sections' snippets (redaction, recording, pagination) are in ClientGuideTrafficTests.swift.
        let elsewhere = try GuideSnippets.blocksMissing(from: "Docs/Client.md", compiledIn: clientGuideTrafficFile)
        for block in try GuideSnippets.blocksMissing(from: "Docs/Client.md", compiledIn: #filePath)
        where elsewhere.contains(block) {
            Issue.record(
                "this Docs/Client.md snippet is not in ClientGuideTests.swift:\n\(block.joined(separator: "\n"))")
        }
    }
}
