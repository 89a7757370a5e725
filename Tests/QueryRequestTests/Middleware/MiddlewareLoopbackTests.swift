import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Middleware over a real `URLSession` against the Python echo server on 127.0.0.1.
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .echoServer, .timeLimit(.minutes(5)))
struct MiddlewareLoopbackTests {
    let server: LoopbackServer

    init() throws {
        server = try #require(LoopbackServer.current)
    }

    @Test func credentialsOfEachSchemeArriveAsSent() async throws {
        let authorized = APISetting(requiresAuthorization: true)
        let keyed = APIClient(middleware: [APIKeyMiddleware("k 1", in: .queryParameter("key"))])
        let echo = try await keyed.send(EchoRequest(host: server.host, setting: authorized))
        #expect(echo.items == [["key", "k 1"]])

        let basic = APIClient(middleware: [BasicAuthorizationMiddleware(username: "Aladdin", password: "open sesame")])
        let basicEcho = try await basic.send(EchoRequest(host: server.host, setting: authorized))
        #expect(basicEcho.header("Authorization") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")

        let canonicalText = Locked("")
        let signing = RequestSigningMiddleware(signedHeaders: ["host"]) { canonical in
            canonicalText.update { $0 = canonical.text }
            return ["X-Signature": "s"]
        }
        let signedEcho = try await APIClient(middleware: [signing]).send(
            EchoRequest(host: server.host, path: "/signed", setting: authorized))
        #expect(signedEcho.header("X-Signature") == "s")
        // The host line is what the server received as Host.
        #expect(canonicalText.current == "GET\n/signed\n\nhost:\(try #require(signedEcho.header("Host")))\nhost")
    }

    @Test func aRefreshedTokenIsSentOnTheRetryThroughEveryMiddleware() async throws {
        let log = Locked<[String]>([])
        let client = APIClient(
            tokenProvider: CountingTokens(), middleware: [RecordingMiddleware("m", log: log)])
        let setting = APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true)
        let echo = try await client.send(
            EchoRequest(host: server.host, setting: setting, headers: ["X-Echo-Unauthorized-Unless": "Bearer new-1"]))
        #expect(echo.header("Authorization") == "Bearer new-1")
        #expect(log.current == ["m → 1", "m ← 401", "m → 2", "m ← 200"])
    }

    @Test func aResponseLargerThanTheLimitThrowsOverURLSession() async throws {
        let client = APIClient(maximumResponseSize: 100)
        let large = String(repeating: "x", count: 1000)
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await client.send(EchoRequest(host: server.host, headers: ["X-Echo-Body": large]))
            })
        guard case .responseTooLarge(100, let response) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        #expect(response.statusCode == 200)
    }
}
