import Foundation
import IntegrationTestSupport
import QueryRequest
import QueryRequestAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `APIClient` over `AsyncHTTPClientSession`, end to end against the Python echo server on 127.0.0.1.
///
/// The time limit is what fails a timeout or a cancellation that does not work: the server is told to
/// wait far longer than the limit.
@Suite(.enabled(if: EchoServer.canRun, "needs python3 for the loopback server"), .echoServer, .timeLimit(.minutes(5)))
struct AsyncHTTPClientSessionTests {
    let server: EchoServer
    let client = APIClient(session: AsyncHTTPClientSession())

    init() throws {
        server = try #require(EchoServer.current)
    }

    /// A key that makes the server's `X-Echo-Times` count this test's requests only.
    func key(_ name: String = #function) -> String { "\(name)-\(UUID().uuidString)" }

    @Test func aGetWithAQueryArrivesExactlyAsEncoded() async throws {
        struct Query: Encodable, Sendable {
            let text = "a+b c&d=e;f/g?h#i%"
            let emoji = "😀👍🏽"
            let tags = ["x,y", "z"]
        }
        let response = try await client.response(
            for: EchoRequest(host: server.host, query: Query(), headers: ["X-Trace": "t-1"]))
        let echo = response.value
        #expect(echo.method == "GET")
        #expect(echo.path == "/echo")
        #expect(echo.query == (try QueryEncoder().encodeToString(Query())))
        #expect(echo.items == [["text", "a+b c&d=e;f/g?h#i%"], ["emoji", "😀👍🏽"], ["tags", "x,y,z"]])
        #expect(echo.header("X-Trace") == "t-1")
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "content-type") == "application/json")
    }

    /// Posts a JSON body with its Content-Type.
    struct Upload: Request {
        typealias Response = Echo
        let method: HTTPMethod = .post
        let host: Loopback
        let path = "/upload"
        let payload: Data

        func makeURLRequest() throws -> URLRequest {
            var request = try EchoRequest(method: method, host: host, path: path).makeURLRequest()
            request.httpBody = payload
            request.setValue("application/json; charset=utf-8", forHTTPHeaderField: "Content-Type")
            return request
        }
    }

    @Test func aPostedJSONBodyArrivesByteExact() async throws {
        let body = Data(#"{"userName":"Zoë 😀","amounts":[1.5,-2]}"#.utf8)
        let echo = try await client.send(Upload(host: server.host, payload: body))
        #expect(echo.method == "POST")
        #expect(echo.bodyData == body)
        #expect(echo.header("Content-Type") == "application/json; charset=utf-8")
        #expect(echo.header("Content-Length") == "\(body.count)")
    }

    @Test func a503WithRetryAfterIsRetriedAfterTheGivenDelay() async throws {
        let delays = Locked<[Duration]>([])
        let statuses = Locked<[Int]>([])
        let client = APIClient(
            session: AsyncHTTPClientSession(),
            backoff: APIClient.Backoff(jitter: { 1 }, sleep: { delay in delays.update { $0.append(delay) } }),
            onAttempt: { attempt in
                statuses.update { $0.append(attempt.statusCode ?? 0) }
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
        #expect(statuses.current == [503, 200])
    }

    @Test func anErrorStatusSurfacesWithItsBody() async throws {
        let body = #"{"code":"user_not_found"}"#
        let request = EchoRequest(
            host: server.host, path: "/users/42", headers: ["X-Echo-Status": "404", "X-Echo-Body": body])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
        #expect(error.statusCode == 404)
        #expect(error.responseBody == Data(body.utf8))
    }

    @Test func aSlowResponseHitsTheTimeout() async throws {
        let request = EchoRequest(
            host: server.host, setting: APISetting(timeout: 1), headers: ["X-Echo-Delay": "120"])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .timedOut)
    }

    @Test func cancellingCancelsTheRequestInFlight() async throws {
        /// Forwards to the session under test and says when the request is on its way.
        struct Signalling: NetworkSession {
            let sent: Signal
            func data(for request: URLRequest) async throws -> (Data, URLResponse) {
                await sent.fire()
                return try await AsyncHTTPClientSession().data(for: request)
            }
        }
        let sent = Signal()
        let request = EchoRequest(
            host: server.host, setting: APISetting(timeout: 300), headers: ["X-Echo-Delay": "120"])
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
            session: AsyncHTTPClientSession(), backoff: APIClient.Backoff(jitter: { 1 }, sleep: { _ in }),
            onAttempt: { _ in attempts.update { $0 += 1 } })
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await client.send(
                    EchoRequest(
                        host: closed, setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 1), timeout: 10)))
            })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .cannotConnectToHost)
        #expect(attempts.current == 2)
    }

    @Test func aBodyBeyondTheMaximumIsRefused() async throws {
        let client = APIClient(session: AsyncHTTPClientSession(maximumResponseBodySize: 16))
        let request = EchoRequest(host: server.host, headers: ["X-Echo-Body": String(repeating: "x", count: 17)])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .dataLengthExceedsMaximum)
    }

    @Test func theClientsResponseSizeLimitIsPassedToTheSession() async throws {
        let client = APIClient(session: AsyncHTTPClientSession(), maximumResponseSize: 16)
        let request = EchoRequest(host: server.host, headers: ["X-Echo-Body": String(repeating: "x", count: 17)])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
        guard case .responseTooLarge(16, let response) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        #expect(response.statusCode == 200)
        let fits = EchoRequest(host: server.host, headers: ["X-Echo-Body": String(repeating: "x", count: 16)])
        _ = try await APIClient(session: AsyncHTTPClientSession(), maximumResponseSize: 16).send(
            fits.returning(String.self))
    }

    @Test func aMultipartFormWithAFileOnDiskIsStreamedWhole() async throws {
        struct Upload: Request {
            typealias Response = Echo
            let method: HTTPMethod = .post
            let host: Loopback
            let path = "/upload"
            let file: URL
            var body: RequestBody? {
                var form = MultipartForm()
                form.append(.text(name: "title", value: "report"))
                form.append(
                    .file(name: "report", filename: "r.bin", contentType: "application/octet-stream", contentsOf: file))
                return .multipart(form)
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ahc-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        // 300 KiB of varied bytes: several 64 KiB chunks.
        let contents = Data((0..<300 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        try contents.write(to: file)
        let request = Upload(host: server.host, file: file)
        #expect(try request.makeURLRequest().httpBodyStream != nil, "the file is streamed, not loaded")
        let echo = try await client.send(request)
        let body = try #require(echo.bodyData)
        #expect(body.range(of: contents) != nil, "the whole file arrived in the body")
        #expect(body.range(of: Data("name=\"title\"\r\n\r\nreport\r\n".utf8)) != nil)
        // Framed by its length, never chunked, whatever platform built the request (issue 24).
        let headers = echo.headers.map { ($0[0].lowercased(), $0[1]) }
        #expect(headers.first { $0.0 == "content-length" }?.1 == String(body.count))
        #expect(!headers.contains { $0.0 == "transfer-encoding" })
    }

    @Test func aFileBodyGoesWithItsContentLength() async throws {
        struct Upload: Request {
            typealias Response = Echo
            let method: HTTPMethod = .put
            let host: Loopback
            let path = "/upload"
            let file: URL
            var body: RequestBody? { .file(file) }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ahc-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: file) }
        let contents = Data((0..<200 * 1024).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try contents.write(to: file)
        let reports = Locked<[TransferProgress]>([])
        let attempts = Locked<[APIClient.Attempt]>([])
        let reporting = APIClient(
            session: AsyncHTTPClientSession(), onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        let echo = try await reporting.send(Upload(host: server.host, file: file)) { progress in
            reports.update { $0.append(progress) }
        }
        #expect(echo.bodyData == contents)
        let headers = echo.headers.map { ($0[0].lowercased(), $0[1]) }
        #expect(headers.first { $0.0 == "content-length" }?.1 == String(contents.count))
        #expect(!headers.contains { $0.0 == "transfer-encoding" })
        // The session reports as the body goes (64 KiB at a time), with the total, and when the head came.
        let sent = reports.current.map(\.bytesSent)
        #expect(sent.last == Int64(contents.count))
        #expect(sent == sent.sorted(), "the bytes sent never go back")
        #expect(reports.current.allSatisfy { $0.totalBytesToSend == Int64(contents.count) })
        #expect(reports.current.last?.bytesReceived == reports.current.last?.totalBytesToReceive)
        let attempt = try #require(attempts.current.first)
        #expect(try #require(attempt.timing.timeToFirstByte) <= attempt.duration)
    }

    // More uploads at once than the cooperative pool has threads, each from a sequence fed by a task of that
    // pool: the session must not wait for the body's bytes on a thread of the pool, or every thread of it
    // waits for bytes that only the pool can produce. (Measured before the fix, with six uploads on
    // 2 cores: the test process hung.)
    @Test func uploadsFromSequencesFedByThePoolAllArrive() async throws {
        struct Upload: Request {
            typealias Response = Echo
            let method: HTTPMethod = .put
            let host: Loopback
            let path = "/upload"
            let index: Int

            var body: RequestBody? {
                .stream(length: Int64(Self.chunkCount * Self.chunkSize)) { [index] in
                    let (chunks, feed) = AsyncStream<Data>.makeStream(bufferingPolicy: .unbounded)
                    Task.detached {
                        for chunk in 0..<Self.chunkCount {
                            try? await Task.sleep(for: .milliseconds(5))
                            feed.yield(Self.chunk(chunk, of: index))
                        }
                        feed.finish()
                    }
                    return chunks
                }
            }

            static let chunkCount = 6
            static let chunkSize = 16 * 1024
            static func chunk(_ chunk: Int, of index: Int) -> Data {
                Data(repeating: UInt8(truncatingIfNeeded: index &* 16 &+ chunk), count: chunkSize)
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0...ProcessInfo.processInfo.activeProcessorCount {
                group.addTask { [client, server] in
                    let echo = try await client.send(Upload(host: server.host, index: index))
                    let expected = (0..<Upload.chunkCount).reduce(into: Data()) { $0 += Upload.chunk($1, of: index) }
                    #expect(echo.bodyData == expected, "upload \(index)")
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func aHeadAndANoContentAreEmptyResponses() async throws {
        struct Empty: Request {
            let method: HTTPMethod
            let host: Loopback
            let path = "/echo"
            let headers: [String: String]
        }
        let head = try await client.response(
            for: Empty(method: .head, host: server.host, headers: ["X-Echo-Headers": #"{"ETag": "\"v1\""}"#]))
        #expect(head.value(forHTTPHeaderField: "ETag") == #""v1""#)
        let noContent = try await client.response(
            for: Empty(method: .delete, host: server.host, headers: ["X-Echo-Status": "204"]))
        #expect(noContent.value == EmptyResponse())
        #expect(noContent.statusCode == 204)
    }
}

extension AsyncHTTPClientSessionTests {
    /// Hands out `old` until refreshed, then `new-1`, `new-2`, ….
    actor RefreshingTokens: TokenProvider {
        private(set) var refreshes = 0
        private var current = "old"
        func token() async throws -> String { current }
        func refreshToken() async throws -> String {
            refreshes += 1
            current = "new-\(refreshes)"
            return current
        }
    }

    @Test func a401RefreshesTheTokenAndRetries() async throws {
        let tokens = RefreshingTokens()
        let request = EchoRequest(
            host: server.host,
            setting: APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true),
            headers: ["X-Echo-Unauthorized-Unless": "Bearer new-1"])
        let echo = try await APIClient(session: AsyncHTTPClientSession(), tokenProvider: tokens).send(request)
        #expect(echo.header("Authorization") == "Bearer new-1")
        #expect(await tokens.refreshes == 1)
    }

    @Test func theGuidesSnippetSendsARequest() async throws {
        let client = APIClient(session: AsyncHTTPClientSession())
        let echo = try await client.send(
            EchoRequest(host: server.host, setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 2))))
        #expect(echo.method == "GET")
    }
}

/// The AsyncHTTPClient section of Docs/Server.md.
@Test(.timeLimit(.minutes(5))) func theServerGuideShowsTheCodeCompiledHere() throws {
    let sessionTests = URL(fileURLWithPath: #filePath).path
    let (missing, checked) = try ServerGuide.linesMissing(section: "AsyncHTTPClient", compiledIn: sessionTests)
    #expect(missing == [])
    #expect(checked >= 2)
}
