import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Attempt.timing` and HAR `timings` against `Tests/Scripts/echo_server.py`, which waits `X-Echo-Delay` seconds
/// before the head of its answer. Times are bounded from below only (the machine may be slow, never fast).
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .echoServer,
    .timeLimit(.minutes(5)))
struct AttemptTimingLoopbackTests {
    let host: Loopback

    init() throws {
        host = try #require(LoopbackServer.current).host
    }

    var delayed: EchoRequest<EmptyQuery> {
        EchoRequest(host: host, headers: ["X-Echo-Delay": "0.3"])
    }

    @Test func theTimeToFirstByteIncludesTheServersWait() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        _ = try await client.send(delayed)
        let attempt = try #require(attempts.current.first)
        let firstByte = try #require(attempt.timing.timeToFirstByte, "URLSession notes the head")
        #expect(firstByte >= .milliseconds(300))
        #expect(firstByte <= attempt.duration)
        for phase in [attempt.timing.domainLookup, attempt.timing.connect, attempt.timing.secureConnection] {
            #expect((phase ?? .zero) <= attempt.duration)
        }
    }

    @Test func eachAttemptHasItsOwnTiming() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            retryPolicy: RetryPolicy(maximumRetries: 1), backoff: .init(sleep: { _ in }),
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        var request = delayed
        request.headers["X-Echo-Key"] = UUID().uuidString
        request.headers["X-Echo-Times"] = "1"
        request.headers["X-Echo-Status"] = "503"
        _ = try await client.send(request)
        #expect(attempts.current.count == 2)
        // The server waits (and answers 503) on the first attempt only.
        let first = try #require(attempts.current.first?.timing.timeToFirstByte)
        #expect(first >= .milliseconds(300))
        let second = try #require(attempts.current.last)
        #expect(try #require(second.timing.timeToFirstByte) <= second.duration)
    }

    @Test func aHARRecordingsTimingsAddUpAndShowTheWait() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("timing-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder = try HARRecordingSession(wrapping: URLSession.shared, to: file)
        _ = try await APIClient(session: recorder).send(delayed)
        let archive = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        let log = try #require(archive?["log"] as? [String: Any])
        let entry = try #require((log["entries"] as? [[String: Any]])?.first)
        let timings = try #require(entry["timings"] as? [String: Double])
        let time = try #require(entry["time"] as? Double)
        #expect(try #require(timings["wait"]) >= 300)
        #expect(timings["blocked"] == -1, "a client session never knows it")
        for name in ["dns", "connect", "ssl"] {
            let value = try #require(timings[name], "\(name) is written, -1 where unknown")
            #expect(value == -1 || value >= 0)
        }
        let sum = ["dns", "connect", "send", "wait", "receive"].compactMap { timings[$0] }.filter { $0 >= 0 }
            .reduce(0, +)
        #expect(abs(sum - time) < 0.01, "the phases add up to the entry's time")
    }
}

/// What a session other than `URLSession` can say of an attempt's timing.
@Suite(.timeLimit(.minutes(5))) struct AttemptTimingTests {
    @Test func aSessionThatReadsTheBodyWholeCannotSayWhenTheHeadCame() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            session: StubNetworkSession(.init(status: 204)),
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        try await client.send(Ping())
        #expect(attempts.current.first?.timing == APIClient.Attempt.Timing())
    }

    @Test func aStreamedCallNotesTheHeadWhateverTheSession() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            session: StubNetworkSession(.init(status: 200, body: Data("chunk".utf8))),
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        let response = try await client.stream(Ping())
        _ = try await response.value.collect(upTo: 100)
        let attempt = try #require(attempts.current.first)
        let firstByte = try #require(attempt.timing.timeToFirstByte)
        #expect(firstByte <= attempt.duration)
    }
}
