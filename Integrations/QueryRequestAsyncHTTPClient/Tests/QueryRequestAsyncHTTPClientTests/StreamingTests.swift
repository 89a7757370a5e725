import Foundation
import QueryRequest
import QueryRequestAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed responses through AsyncHTTPClient, against the root package's `Tests/Scripts/streaming_server.py`.
@Suite(.enabled(if: EchoServer.canRun, "needs python3 for the loopback server"), .timeLimit(.minutes(5)))
struct StreamingTests {
    struct Get: Request {
        typealias Response = Data
        let host: Loopback
        let path: String
        var query: [String: String] = [:]
        var setting = APISetting.default
    }

    struct Report: Decodable, Sendable {
        let broken: Bool
        let finished: Bool
    }

    func withServer(_ body: (Loopback) async throws -> Void) async throws {
        let server = try EchoServer(script: "streaming_server.py")
        defer { server.stop() }
        try await body(server.host)
    }

    @Test func theFirstLineArrivesBeforeTheServerHasWrittenTheRest() async throws {
        try await withServer { host in
            let client = APIClient(session: AsyncHTTPClientSession())
            let gate = UUID().uuidString
            let streamed = try await client.stream(
                Get(host: host, path: "/lines", query: ["count": "3", "gate": gate]))
            var lines: [String] = []
            for try await line in streamed.body.lines {
                lines.append(line)
                if lines.count == 1 {
                    _ = try await client.send(Get(host: host, path: "/release", query: ["key": gate]))
                }
            }
            #expect(lines == ["line 0", "line 1", "line 2"])
        }
    }

    @Test func theChunksMakeTheBodyExactly() async throws {
        try await withServer { host in
            let streamed = try await APIClient(session: AsyncHTTPClientSession()).stream(
                Get(host: host, path: "/bytes", query: ["size": "200003"]))
            var body = Data()
            for try await chunk in streamed.body { body.append(chunk) }
            #expect(body == Data((0..<200_003).map { UInt8($0 % 251) }))
        }
    }

    @Test func theSizeLimitStopsAnEndlessBody() async throws {
        try await withServer { host in
            let key = UUID().uuidString
            let client = APIClient(session: AsyncHTTPClientSession(), maximumResponseSize: 500_000)
            let streamed = try await client.stream(Get(host: host, path: "/endless", query: ["key": key]))
            let error = try #require(
                await #expect(throws: APIError.self) {
                    for try await _ in streamed.body {}
                })
            guard case .responseTooLarge(500_000, _) = error else {
                Issue.record("expected responseTooLarge, got \(error)")
                return
            }
            #expect(try await brokenReport(key, host: host))
        }
    }

    /// The session's own bound (`maximumResponseBodySize`) is for bodies held whole: a stream and a download go
    /// past it, and a body collected for `send` that passes it fails with an error that names it.
    @Test func theSessionsBodyBoundAppliesOnlyToWholeBodies() async throws {
        try await withServer { host in
            let client = APIClient(session: AsyncHTTPClientSession(maximumResponseBodySize: 1000))
            let expected = Data((0..<200_003).map { UInt8($0 % 251) })
            let request = Get(host: host, path: "/bytes", query: ["size": "200003"])

            let streamed = try await client.stream(request)
            var body = Data()
            for try await chunk in streamed.body { body.append(chunk) }
            #expect(body == expected)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("bytes")
            let response = try await client.download(request, to: file)
            #expect(response.statusCode == 200)
            #expect(try Data(contentsOf: file) == expected)

            let error = try #require(await #expect(throws: APIError.self) { try await client.send(request) })
            guard case .transport(let urlError) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(urlError.code == .dataLengthExceedsMaximum)
            #expect(error.description.contains("maximumResponseBodySize (1000 bytes)"))
        }
    }

    @Test func aBodyThatStallsAfterItsHeadHitsTheRequestsTimeout() async throws {
        try await withServer { host in
            // The head and 100 bytes come at once, the end 30 s later. AsyncHTTPClient's own deadline bounds the
            // wait for the head only; the session's timeout bounds the body read whole too.
            let request = Get(
                host: host, path: "/stall", query: ["after": "100", "seconds": "30"],
                setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 0), timeout: 1))
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await APIClient(session: AsyncHTTPClientSession()).send(request)
                })
            guard case .transport(let urlError) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(urlError.code == .timedOut)
        }
    }

    @Test func aConnectionLostMidBodyIsATransportError() async throws {
        try await withServer { host in
            let streamed = try await APIClient(session: AsyncHTTPClientSession()).stream(
                Get(host: host, path: "/drop", query: ["after": "5000"]))
            let error = try #require(
                await #expect(throws: APIError.self) {
                    for try await _ in streamed.body {}
                })
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
        }
    }

    @Test func leavingTheLoopEarlyStopsTheTransfer() async throws {
        try await withServer { host in
            let key = UUID().uuidString
            do {
                let streamed = try await APIClient(session: AsyncHTTPClientSession()).stream(
                    Get(host: host, path: "/endless", query: ["key": key]))
                for try await chunk in streamed.body where !chunk.isEmpty { break }
            }
            #expect(try await brokenReport(key, host: host))
        }
    }

    @Test func cancellingTheReadingTaskStopsTheTransfer() async throws {
        try await withServer { host in
            let key = UUID().uuidString
            let (started, starting) = AsyncStream<Void>.makeStream()
            let reading = Task { [host, key, starting] in
                try await Self.readEndlessly(host: host, key: key, started: starting)
            }
            var firstChunk = started.makeAsyncIterator()
            _ = await firstChunk.next()
            reading.cancel()
            var failure: APIError?
            do { try await reading.value } catch { failure = error as? APIError }
            guard case .cancelled = failure else {
                Issue.record("expected APIError.cancelled, got \(String(describing: failure))")
                return
            }
            let broken = try await brokenReport(key, host: host)
            #expect(broken)
        }
    }

    static func readEndlessly(host: Loopback, key: String, started: AsyncStream<Void>.Continuation) async throws {
        let client = APIClient(session: AsyncHTTPClientSession())
        let streamed = try await client.stream(Get(host: host, path: "/endless", query: ["key": key]))
        for try await _ in streamed.body { started.yield() }
    }

    /// Waits (bounded) for the server to say whether the client went away before the end.
    func brokenReport(_ key: String, host: Loopback) async throws -> Bool {
        for _ in 0..<300 {
            let data = try await APIClient().send(Get(host: host, path: "/report", query: ["key": key]))
            let report = try JSONDecoder().decode(Report.self, from: data)
            if report.broken || report.finished { return report.broken }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
