import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed responses over a real `URLSession`, against `Tests/Scripts/streaming_server.py`.
@Suite(.enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .timeLimit(.minutes(5)))
struct StreamedResponseLoopbackTests {
    struct Get: Request {
        typealias Response = Data
        let host: Loopback
        let path: String
        var query: [String: String] = [:]
        var setting: APISetting = .default
    }

    struct Report: Decodable, Sendable {
        let written: Int
        let finished: Bool
        let broken: Bool
        let requests: Int
    }

    func withServer(_ body: (Loopback) async throws -> Void) async throws {
        try await LoopbackServer.run("streaming_server.py", body)
    }

    /// Waits (bounded) until the server's report for `key` satisfies `done`.
    func report(_ key: String, host: Loopback, until done: (Report) -> Bool) async throws -> Report {
        var last: Report?
        for _ in 0..<300 {
            let data = try await APIClient().send(Get(host: host, path: "/report", query: ["key": key]))
            let report = try JSONDecoder().decode(Report.self, from: data)
            if done(report) { return report }
            last = report
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the server's report on \(key) never got there: \(String(describing: last))")
        return try #require(last)
    }

    @Test func theFirstLineArrivesBeforeTheServerHasWrittenTheRest() async throws {
        try await withServer { host in
            let gate = UUID().uuidString
            let streamed = try await APIClient().stream(
                Get(host: host, path: "/lines", query: ["count": "4", "gate": gate]))
            #expect(streamed.statusCode == 200)
            var lines: [String] = []
            for try await line in streamed.body.lines {
                lines.append(line)
                // The server waits for this before it writes the other lines: a client that read the
                // whole body before handing it over would only get here after the server gave up.
                if lines.count == 1 {
                    _ = try await APIClient().send(Get(host: host, path: "/release", query: ["key": gate]))
                }
            }
            #expect(lines == ["line 0", "line 1", "line 2", "line 3"])
        }
    }

    @Test func theChunksMakeTheBodyExactly() async throws {
        try await withServer { host in
            let size = 300_001
            let streamed = try await APIClient().stream(Get(host: host, path: "/bytes", query: ["size": "\(size)"]))
            var body = Data()
            var chunks = 0
            for try await chunk in streamed.body {
                body.append(chunk)
                chunks += 1
            }
            #expect(body == Data((0..<size).map { UInt8($0 % 251) }))
            #expect(chunks > 1)
        }
    }

    @Test func aConnectionLostMidBodyThrowsATransportErrorFromTheIteration() async throws {
        try await withServer { host in
            let streamed = try await APIClient().stream(Get(host: host, path: "/drop", query: ["after": "5000"]))
            var received = 0
            let error = try #require(
                await #expect(throws: APIError.self) {
                    for try await chunk in streamed.body { received += chunk.count }
                })
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(received <= 5000)
        }
    }

    @Test func theTimeoutAppliesBetweenChunks() async throws {
        try await withServer { host in
            // 3 s, so that the head surely arrives within it on a loaded machine; then 30 s of silence.
            var request = Get(host: host, path: "/stall", query: ["after": "10", "seconds": "30"])
            request.setting.timeout = 3
            let streamed = try await APIClient().stream(request)
            let error = try #require(
                await #expect(throws: APIError.self) {
                    for try await _ in streamed.body {}
                })
            guard case .transport(let urlError) = error else {
                Issue.record("expected a timeout, got \(error)")
                return
            }
            #expect(urlError.code == .timedOut)
        }
    }

    @Test func theSizeLimitStopsAnEndlessBody() async throws {
        try await withServer { host in
            let key = UUID().uuidString
            let client = APIClient(maximumResponseSize: 1_000_000)
            let streamed = try await client.stream(Get(host: host, path: "/endless", query: ["key": key]))
            var received = 0
            let error = try #require(
                await #expect(throws: APIError.self) {
                    for try await chunk in streamed.body { received += chunk.count }
                })
            guard case .responseTooLarge(let limit, let response) = error else {
                Issue.record("expected responseTooLarge, got \(error)")
                return
            }
            #expect(limit == 1_000_000)
            #expect(response.statusCode == 200)
            #expect(received <= 1_000_000)
            let report = try await report(key, host: host) { $0.broken || $0.finished }
            #expect(report.broken, "the transfer went on after the limit")
        }
    }

    // A reader slower than the network: the transfer stops at the limit, and the reader still gets the
    // bytes that were within it before the error (the queued chunks are not thrown away).
    @Test func aReaderThatFallsBehindGetsTheBytesWithinTheLimitThenTheError() async throws {
        try await withServer { host in
            let key = UUID().uuidString
            let client = APIClient(maximumResponseSize: 1_000_000)
            let streamed = try await client.stream(Get(host: host, path: "/endless", query: ["key": key]))
            // Read nothing until the server has seen the connection go.
            let report = try await report(key, host: host) { $0.broken || $0.finished }
            #expect(report.broken, "the transfer went on past the limit")
            var received = 0
            let error = try #require(
                await #expect(throws: APIError.self) {
                    for try await chunk in streamed.body { received += chunk.count }
                })
            guard case .responseTooLarge(1_000_000, _) = error else {
                Issue.record("expected responseTooLarge, got \(error)")
                return
            }
            #expect(received > 0 && received <= 1_000_000)
        }
    }

    @Test func leavingTheLoopEarlyStopsTheTransfer() async throws {
        try await withServer { host in
            let key = UUID().uuidString
            do {
                // No size limit, as in `readEndlessly`: leaving the loop, not the limit, must end the transfer.
                let streamed = try await APIClient().stream(
                    Get(
                        host: host, path: "/endless", query: ["key": key],
                        setting: APISetting(maximumResponseSize: .max)))
                for try await chunk in streamed.body where !chunk.isEmpty { break }
            }
            let report = try await report(key, host: host) { $0.broken || $0.finished }
            #expect(report.broken, "the transfer went on after the reader left")
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
            let error = await Self.error(of: reading)
            guard case .cancelled = error else {
                Issue.record("expected APIError.cancelled, got \(String(describing: error))")
                return
            }
            let report = try await report(key, host: host) { $0.broken || $0.finished }
            #expect(report.broken, "the transfer went on after the cancellation")
        }
    }

    static func readEndlessly(host: Loopback, key: String, started: AsyncStream<Void>.Continuation) async throws {
        // Ended either way, so that a read that fails before its first chunk fails the test, not hangs it.
        defer { started.finish() }
        // No size limit: on a loaded machine (a ThreadSanitizer run, the whole suite in parallel) the
        // cancellation once took effect only after the default 32 MiB had arrived, 5 s of the server's
        // 6.4 MB/s, and the read failed on the limit instead.
        let streamed = try await APIClient().stream(
            Get(host: host, path: "/endless", query: ["key": key], setting: APISetting(maximumResponseSize: .max)))
        for try await _ in streamed.body { started.yield() }
    }

    static func error(of task: Task<Void, any Error>) async -> APIError? {
        do {
            try await task.value
            return nil
        } catch {
            return error as? APIError
        }
    }

    @Test func aRefusedStatusIsReadWholeAndThrownWithItsBody() async throws {
        try await withServer { host in
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await APIClient().stream(Get(host: host, path: "/missing"))
                })
            guard case .unacceptableStatus(let failure) = error, failure.statusCode == 404 else {
                Issue.record("expected a 404, got \(error)")
                return
            }
            #expect(String(decoding: failure.body, as: UTF8.self) == #"{"error":"no such path"}"#)
        }
    }

    @Test func aRetryableStatusIsRetriedUntilTheStreamStarts() async throws {
        try await withServer { host in
            let key = UUID().uuidString
            let attempts = Locked<[APIClient.Attempt]>([])
            let client = APIClient(
                backoff: recordingBackoff(into: Locked([])),
                onAttempt: { attempt in attempts.update { $0.append(attempt) } })
            var request = Get(host: host, path: "/flaky", query: ["key": key, "failures": "2", "status": "503"])
            request.setting.retryPolicy = RetryPolicy(maximumRetries: 2)
            let streamed = try await client.stream(request)
            var lines: [String] = []
            for try await line in streamed.body.lines { lines.append(line) }
            #expect(lines == ["line 0", "line 1", "line 2"])
            #expect(attempts.current.map(\.statusCode) == [503, 503, 200])
            #expect(
                attempts.current.map { String(decoding: $0.responseBody ?? Data(), as: UTF8.self) }.prefix(2) == [
                    #"{"attempt": 1}"#, #"{"attempt": 2}"#,
                ])
        }
    }

    @Test func anUnacceptedMediaTypeIsThrownWithTheBody() async throws {
        try await withServer { host in
            var request = Get(host: host, path: "/typed", query: ["type": "text/html"])
            request.setting.validation = ResponseValidation(contentTypes: ["application/x-ndjson"])
            let error = try #require(
                await #expect(throws: APIError.self) { try await APIClient().stream(request) })
            guard case .unacceptableContentType(let failure) = error else {
                Issue.record("expected unacceptableContentType, got \(error)")
                return
            }
            #expect(failure.mediaType == "text/html")
            #expect(failure.body == Data("first\nsecond\n".utf8))

            let accepted = try await APIClient().stream(
                Get(host: host, path: "/typed", query: ["type": "application/x-ndjson"]))
            var lines: [String] = []
            for try await line in accepted.body.lines { lines.append(line) }
            #expect(lines == ["first", "second"])
        }
    }

}
