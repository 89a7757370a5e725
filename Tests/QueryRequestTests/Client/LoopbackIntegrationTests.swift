import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `APIClient` over a real `URLSession` against the Python echo server on 127.0.0.1.
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .echoServer, .timeLimit(.minutes(5)))
struct LoopbackIntegrationTests {
    let server: LoopbackServer

    init() throws {
        server = try #require(LoopbackServer.current)
    }

    /// A key that makes the server's `X-Echo-Times` count this test's requests only.
    func key(_ name: String = #function) -> String { "\(name)-\(UUID().uuidString)" }

    @Test func theRawQueryArrivesExactlyAsEncoded() async throws {
        struct Query: Encodable, Sendable {
            let text = "a+b c&d=e;f/g?h#i%"
            let emoji = "😀👍🏽"
            let plus = "+"
            let tags = ["x,y", "z"]
        }
        let echo = try await APIClient().send(EchoRequest(host: server.host, query: Query()))
        let encoded = try QueryEncoder().encodeToString(Query())
        #expect(echo.query == encoded)
        // Python's parse_qsl reads a raw "+" as a space: every value survives only because "+" is escaped.
        #expect(
            echo.items == [
                ["text", "a+b c&d=e;f/g?h#i%"], ["emoji", "😀👍🏽"], ["plus", "+"], ["tags", "x,y,z"],
            ])
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo")
    }

    @Test func aRequestWithoutQueryHasNoQuestionMark() async throws {
        let echo = try await APIClient().send(EchoRequest(host: server.host, path: "/plain"))
        #expect(echo.query == nil)
        #expect(echo.path == "/plain")
    }

    /// Carries a body and its Content-Type. It builds its `URLRequest` itself (the client sends whatever
    /// `makeURLRequest()` returns), so that these tests do not depend on how bodies are declared.
    struct Upload: Request {
        typealias Response = Echo
        let method: HTTPMethod = .post
        let host: Loopback
        let path = "/upload"
        let payload: Data
        let contentType: String

        func makeURLRequest() throws -> URLRequest {
            var request = try EchoRequest(method: method, host: host, path: path).makeURLRequest()
            request.httpBody = payload
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            return request
        }
    }

    @Test func aJSONBodyArrivesByteExactWithItsContentType() async throws {
        struct Payload: Encodable {
            let userName = "Zoë 😀"
            let note = "line\nbreak \"quoted\" \\ /"
            let amounts = [1.5, -2, 1e300]
        }
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let body = try encoder.encode(Payload())
        let echo = try await APIClient().send(
            Upload(host: server.host, payload: body, contentType: "application/json; charset=utf-8"))
        #expect(echo.method == "POST")
        #expect(echo.bodyData == body)
        #expect(echo.header("Content-Type") == "application/json; charset=utf-8")
        #expect(echo.header("Content-Length") == "\(body.count)")
    }

    @Test func aFormBodyArrivesByteExactWithItsContentType() async throws {
        struct Form: Encodable {
            let name = "a+b c&d"
            let city = "Zürich"
        }
        let body = Data(try QueryEncoder().encodeToString(Form()).utf8)
        let echo = try await APIClient().send(
            Upload(host: server.host, payload: body, contentType: "application/x-www-form-urlencoded"))
        #expect(echo.bodyData == body)
        #expect(String(decoding: body, as: UTF8.self) == "name=a%2Bb%20c%26d&city=Z%C3%BCrich")
        #expect(echo.header("Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func headersMergeAsDocumented() async throws {
        let setting = APISetting(
            headers: ["X-Api-Key": "k", "X-Shared": "from setting", "Authorization": "Basic replaced"],
            requiresAuthorization: true)
        let request = EchoRequest(
            host: server.host, setting: setting, headers: ["X-Shared": "from request", "X-Trace": "t-1"])
        let echo = try await APIClient(tokenProvider: FixedToken(value: "tok")).send(request)
        #expect(echo.header("X-Api-Key") == "k")
        #expect(echo.header("X-Shared") == "from request")
        #expect(echo.header("X-Trace") == "t-1")
        #expect(echo.header("Authorization") == "Bearer tok")
        #expect(echo.headers.filter { $0.first?.lowercased() == "x-shared" }.count == 1)
    }

    @Test func aNotFoundWithAJSONErrorBodySurfacesAsTheTypedAPIError() async throws {
        let body = #"{"code": "user_not_found", "message": "No user 42"}"#
        let request = EchoRequest(
            host: server.host, path: "/users/42", headers: ["X-Echo-Status": "404", "X-Echo-Body": body])
        let client = APIClient(errorBody: ErrorResponse.self)
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
        #expect(error.statusCode == 404)
        #expect(error.apiError(as: ErrorResponse.self) == ErrorResponse(code: "user_not_found", message: "No user 42"))
        #expect(error.responseBody == Data(body.utf8))
        #expect(error.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(
            error.description
                == "Unacceptable status 404 (\(HTTPURLResponse.localizedString(forStatusCode: 404))) from "
                + "\(server.baseURL.absoluteString)/users/42; body: \(body)")
    }

    @Test func a503WithRetryAfterIsRetriedAfterTheGivenDelay() async throws {
        let delays = Locked<[Duration]>([])
        let attempts = Locked<[Int]>([])
        let client = APIClient(
            backoff: recordingBackoff(into: delays),
            onAttempt: { attempt in attempts.update { $0.append(attempt.statusCode ?? 0) }
            })
        let request = EchoRequest(
            host: server.host, setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 2)),
            headers: [
                "X-Echo-Key": key(), "X-Echo-Times": "1", "X-Echo-Status": "503",
                "X-Echo-Headers": #"{"Retry-After": "1"}"#,
            ])
        let echo = try await client.send(request)
        #expect(echo.attempt == 2)
        #expect(delays.current == [.seconds(1)])
        #expect(attempts.current == [503, 200])
    }

    @Test func aNoContentIsAnEmptyResponse() async throws {
        struct Delete: Request {
            let method: HTTPMethod = .delete
            let host: Loopback
            let path = "/users/42"
            let headers = ["X-Echo-Status": "204"]
        }
        let response = try await APIClient().response(for: Delete(host: server.host))
        #expect(response.value == EmptyResponse())
        #expect(response.statusCode == 204)
    }

    @Test func aHeadIsAnEmptyResponseWithTheHeaders() async throws {
        struct Head: Request {
            let method: HTTPMethod = .head
            let host: Loopback
            let path = "/echo"
            let headers = ["X-Echo-Headers": #"{"ETag": "\"v1\""}"#]
        }
        let response = try await APIClient().response(for: Head(host: server.host))
        #expect(response.value == EmptyResponse())
        #expect(response.value(forHTTPHeaderField: "ETag") == #""v1""#)
    }

    @Test func responseHeadersAreReadableNextToTheValue() async throws {
        let request = EchoRequest(host: server.host, headers: ["X-Echo-Headers": #"{"X-RateLimit-Remaining": "41"}"#])
        let response = try await APIClient().response(for: request)
        #expect(response.value.method == "GET")
        #expect(response.url.path == "/echo")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "x-ratelimit-remaining") == "41")
    }

    @Test func aSlowResponseHitsTheTimeout() async throws {
        let request = EchoRequest(
            host: server.host, setting: APISetting(timeout: 1), headers: ["X-Echo-Delay": "30"])
        let error = try #require(await #expect(throws: APIError.self) { try await APIClient().send(request) })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .timedOut)
    }

    /// What a request with a timeout gave: its value, or a timeout after how long.
    enum TimedOutcome<Value> {
        case value(Value)
        case timedOut(after: Duration)
    }

    /// Sends `request`: its value, or the timeout it ran into and how long after the call began.
    ///
    /// These tests never bound a time from above, which a busy machine could pass: a timeout may come late,
    /// never early. `InactivityTimeoutTests` checks that the interval is the one asked for, to the nanosecond.
    func valueOrTimeout<R: Request>(_ request: R) async throws -> TimedOutcome<R.Response> {
        let start = ContinuousClock.now
        do {
            return .value(try await APIClient().send(request))
        } catch APIError.transport(let error) where error.code == .timedOut {
            #expect(error.failingURL?.path == "/echo")
            return .timedOut(after: ContinuousClock.now - start)
        }
    }

    @Test func aSubSecondTimeoutDoesNotFailAFastResponse() async throws {
        // FoundationNetworking truncates timeouts to whole seconds, which made 0.9 s time out at once.
        let outcome = try await valueOrTimeout(EchoRequest(host: server.host, setting: APISetting(timeout: 0.9)))
        if case .timedOut(let elapsed) = outcome {
            #expect(elapsed >= .milliseconds(900), "timed out after \(elapsed), before its 0.9 s")
        }
    }

    @Test func aFractionalTimeoutIsNotTruncated() async throws {
        // 3.05 s of silence: within 3.9 s, past the 3 s that truncating would leave, which would time out then.
        let outcome = try await valueOrTimeout(
            EchoRequest(host: server.host, setting: APISetting(timeout: 3.9), headers: ["X-Echo-Delay": "3.05"]))
        switch outcome {
        case .value(let echo): #expect(echo.method == "GET")
        case .timedOut(let elapsed): #expect(elapsed >= .milliseconds(3900), "timed out after \(elapsed), before 3.9 s")
        }
    }

    @Test func aFractionalTimeoutRunsOutOnASilentServer() async throws {
        let outcome = try await valueOrTimeout(
            EchoRequest(host: server.host, setting: APISetting(timeout: 1.1), headers: ["X-Echo-Delay": "30"]))
        guard case .timedOut(let elapsed) = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
        #expect(elapsed >= .milliseconds(1100))
    }

    @Test func a401RefreshesTheTokenAndRetries() async throws {
        let tokens = CountingTokens()
        let request = EchoRequest(
            host: server.host,
            setting: APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true),
            headers: ["X-Echo-Unauthorized-Unless": "Bearer new-1"])
        let echo = try await APIClient(tokenProvider: tokens).send(request)
        #expect(echo.header("Authorization") == "Bearer new-1")
        #expect(await tokens.refreshes == 1)
    }

    @Test func anUndecodableBodyIsADecodingErrorWithTheBody() async throws {
        let request = EchoRequest(host: server.host, headers: ["X-Echo-Body": "<html>oops</html>"])
        let error = try #require(await #expect(throws: APIError.self) { try await APIClient().send(request) })
        guard case .decoding(let failure) = error, case .dataCorrupted = failure.error else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(failure.response.statusCode == 200)
        #expect(failure.body == Data("<html>oops</html>".utf8))
    }

    @Test func cancellingCancelsTheRequestInFlight() async throws {
        /// Forwards to `URLSession` and says when the request is on its way.
        struct Signalling: NetworkSession {
            let sent: Signal
            func data(for request: URLRequest) async throws -> (Data, URLResponse) {
                await sent.fire()
                return try await URLSession.shared.data(for: request)
            }
        }
        let sent = Signal()
        let request = EchoRequest(host: server.host, headers: ["X-Echo-Delay": "30"])
        let task = Task { try await APIClient(session: Signalling(sent: sent)).send(request) }
        await sent.wait()
        task.cancel()
        guard case .failure(let error) = await task.result, case .cancelled? = error as? APIError else {
            Issue.record("expected APIError.cancelled")
            return
        }
    }

    @Test func aRefusedConnectionIsARetryableTransportError() async throws {
        // Nothing listens on port 1 (binding it needs root), so the connection is refused.
        let closed = Loopback(baseURL: try #require(URL(string: "http://127.0.0.1:1")))
        let attempts = Locked(0)
        let client = APIClient(
            backoff: recordingBackoff(into: Locked([])), onAttempt: { _ in attempts.update { $0 += 1 } })
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await client.send(
                    EchoRequest(host: closed, setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))))
            })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .cannotConnectToHost)
        #expect(attempts.current == 2)
    }
}
