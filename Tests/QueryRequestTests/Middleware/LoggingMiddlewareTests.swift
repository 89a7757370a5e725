import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct LoggingMiddlewareTests {
    static func collecting(_ log: Locked<[LoggingMiddleware.Message]>) -> LoggingMiddleware.Destination {
        .custom { message in log.update { $0.append(message) } }
    }

    @Test func oneLinePerAttemptWithStatusMetricsAndRetryReason() async throws {
        let log = Locked<[LoggingMiddleware.Message]>([])
        let session = StubNetworkSession(.init(status: 503), .json(#"{"id": 1, "name": "Ada"}"#))
        let client = APIClient(
            session: session, middleware: [LoggingMiddleware(destination: Self.collecting(log))],
            backoff: .init(sleep: { _ in }))
        _ = try await client.send(GetMember(setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))))
        let lines = log.current.map(\.text).map {
            $0.replacingOccurrences(of: #"\(\d+ ms"#, with: "(N ms", options: .regularExpression)
        }
        #expect(
            lines == [
                "GET https://api.example.com/users/42 → 503 (N ms, 0 B sent, 0 B received; GetMember, attempt 1)",
                "GET https://api.example.com/users/42 → 200 (N ms, 0 B sent, 24 B received; GetMember, attempt 2, "
                    + "retry after status 503)",
            ])
        #expect(log.current.allSatisfy { $0.level == .info })
    }

    @Test func whatAuthorizationMiddlewarePlacedIsRedactedWithoutBeingNamed() async throws {
        let log = Locked<[LoggingMiddleware.Message]>([])
        let client = APIClient(
            session: StubNetworkSession(.json(#"{"id": 1, "name": "Ada"}"#)),
            middleware: [
                APIKeyMiddleware("query-secret", in: .queryParameter("api_key"), scope: .everyRequest),
                CustomSecretMiddleware(),
                LoggingMiddleware(level: .debug, destination: Self.collecting(log)),
            ])
        _ = try await client.send(GetMember())
        let text = log.current.map(\.text).joined(separator: "\n")
        #expect(text.contains("api_key=REDACTED"))
        #expect(text.contains("X-Custom-Secret: REDACTED"))
        for secret in ["query-secret", "custom-secret", "custom-sig"] {
            #expect(!text.contains(secret), "\(text)")
        }

        // Redaction.none is an explicit opt-out: nothing is hidden.
        let plain = Locked<[LoggingMiddleware.Message]>([])
        let unredacted = APIClient(
            session: StubNetworkSession(.json(#"{"id": 1, "name": "Ada"}"#)),
            middleware: [
                APIKeyMiddleware("query-secret", in: .queryParameter("api_key"), scope: .everyRequest),
                LoggingMiddleware(redaction: .none, destination: Self.collecting(plain)),
            ])
        _ = try await unredacted.send(GetMember())
        #expect(plain.current.first?.text.contains("api_key=query-secret") == true)
    }

    @Test func debugWritesRedactedHeadersAndBodies() async throws {
        struct Login: Request {
            typealias Response = String
            let method = HTTPMethod.post
            let host = StubHost.api
            let path = "/login"
            let query = ["api_key": "query-secret", "page": "2"]
            let headers = ["X-Api-Key": "header-secret", "Accept": "text/plain"]
            let body = RequestBody.text(String(repeating: "b", count: 20))
            let setting = APISetting(requiresAuthorization: true)
        }
        let log = Locked<[LoggingMiddleware.Message]>([])
        let session = StubNetworkSession(
            .init(
                status: 200, headers: ["Set-Cookie": "sid=cookie-secret", "Content-Type": "text/plain"],
                body: Data("welcome".utf8)))
        let logging = LoggingMiddleware(
            level: .debug, redaction: .default.redactingHeaders("x-api-key").redactingQueryParameters("API_KEY"),
            maximumBodyLength: 8, destination: Self.collecting(log))
        let client = APIClient(session: session, tokenProvider: CountingTokens("token-secret"), middleware: [logging])
        #expect(try await client.send(Login()) == "welcome")
        let text = log.current.map(\.text).joined(separator: "\n")
        for secret in ["query-secret", "header-secret", "cookie-secret", "token-secret"] {
            #expect(!text.contains(secret), "\(secret) leaked: \(text)")
        }
        #expect(log.current.map(\.level) == [.info, .debug])
        let debug = try #require(log.current.last?.text)
        #expect(debug.contains("  Authorization: REDACTED"))
        #expect(debug.contains("  X-Api-Key: REDACTED"))
        #expect(debug.contains("  Accept: text/plain"))
        #expect(debug.contains("Request body:\nbbbbbbbb … (20 B)"))
        #expect(debug.contains("Response body:\nwelcome"))
        #expect(text.contains("api_key=REDACTED&page=2") || text.contains("page=2&api_key=REDACTED"))
        // The secrets still went to the server.
        #expect(session.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer token-secret")
    }

    @Test func aFailedAttemptIsLoggedWithARedactedURLAndRethrown() async throws {
        let log = Locked<[LoggingMiddleware.Message]>([])
        let session = StubNetworkSession(.failure(URLError(.timedOut)))
        let client = APIClient(
            session: session,
            middleware: [
                LoggingMiddleware(
                    redaction: .default.redactingQueryParameters("key"), destination: Self.collecting(log)),
                APIKeyMiddleware("key-secret", in: .queryParameter("key"), scope: .everyRequest),
            ])
        await #expect(throws: APIError.self) { try await client.send(GetMember()) }
        // Logged before the key middleware: the URL has no key.
        let line = try #require(log.current.first?.text)
        #expect(line.hasPrefix("GET https://api.example.com/users/42 → failed: Transport failure"))
        #expect(!line.contains("key-secret"))

        let after = Locked<[LoggingMiddleware.Message]>([])
        let keyFirst = APIClient(
            session: StubNetworkSession(.failure(URLError(.timedOut))),
            middleware: [
                APIKeyMiddleware("key-secret", in: .queryParameter("key"), scope: .everyRequest),
                LoggingMiddleware(
                    redaction: .default.redactingQueryParameters("key"), destination: Self.collecting(after)),
            ])
        await #expect(throws: APIError.self) { try await keyFirst.send(GetMember()) }
        let redactedLine = try #require(after.current.first?.text)
        #expect(redactedLine.contains("https://api.example.com/users/42?key=REDACTED"))
        #expect(!redactedLine.contains("key-secret"), "the error's URL is redacted too: \(redactedLine)")
    }

    @Test func aBinaryBodyIsDescribedNotWritten() {
        let logging = LoggingMiddleware(level: .debug)
        var request = URLRequest(url: URL(string: "https://api.example.com/upload")!)
        request.httpMethod = "PUT"
        request.httpBody = Data([0xFF, 0xFE, 0x00])
        let messages = logging.messages(
            for: request, context: MiddlewareContext(requestName: "Upload", method: .put),
            outcome: .success(ClientResponse(response: httpResponse(204), body: Data())), duration: .milliseconds(3))
        #expect(
            messages.first?.text
                == "PUT https://api.example.com/upload → 204 (3 ms, 3 B sent, 0 B received; Upload, attempt 1)")
        #expect(messages.last?.text.contains("Request body: 3 B, not UTF-8") == true)
        #expect(messages.last?.text.contains("Response body: (empty)") == true)
    }
}
