import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `APIClient.events(for:reconnection:)` over a real `URLSession`, against `Tests/Scripts/sse_server.py`,
/// which streams events, drops connections (mid-event, by closing the socket or by ending the body),
/// resumes after the `Last-Event-ID` it receives and records what each request carried.
///
/// Waits before reconnecting are recorded by the client's backoff instead of slept: nothing here depends
/// on timing, and every wait on the server is bounded.
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .timeLimit(.minutes(5)),
    .sseServer)
struct ServerSentEventLoopbackTests {
    struct EventsRequest: Request {
        typealias Response = Data
        let host: Loopback
        let path: String
        var query: [String: String] = [:]
        var setting: APISetting = .default
    }

    struct Log: Decodable, Sendable {
        struct Received: Decodable, Sendable {
            let path: String
            let lastEventID: String?
            let accept: String?
            let cacheControl: String?
        }
        let requests: [Received]
        let broken: Bool
    }

    var host: Loopback { LoopbackServer.current!.host }

    /// A client whose waits before reconnecting are recorded in `delays`, not slept.
    func client(recording delays: Locked<[Duration]> = Locked([])) -> APIClient {
        APIClient(backoff: recordingBackoff(into: delays))
    }

    func stream(_ path: String, _ query: [String: String] = [:]) -> EventsRequest {
        EventsRequest(host: host, path: path, query: query)
    }

    /// What the server received for `key`, once `done` holds (waiting a bounded time for it).
    func log(_ key: String, until done: (Log) -> Bool = { _ in true }) async throws -> Log {
        var last: Log?
        for _ in 0..<300 {
            let data = try await APIClient().send(stream("/log", ["key": key]))
            let log = try JSONDecoder().decode(Log.self, from: data)
            if done(log) { return log }
            last = log
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the server's log of \(key) never got there: \(String(describing: last))")
        return try #require(last)
    }

    /// `data` in the URL-safe base64 alphabet without padding, for the `/raw` endpoint's query.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func read(_ events: ReconnectingServerSentEvents) async -> (events: [ServerSentEvent], error: APIError?) {
        await ReconnectingServerSentEventsTests.read(events)
    }

    // MARK: The specification's rules, as a server sends them

    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let events: [ServerSentEvent]
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ events: [ServerSentEvent]) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.events = events
        }
    }

    static let examples: [Example] = [
        Example(
            "comments, ids, the optional space",
            ": a comment first\n\ndata: first\nid: 1\n\ndata:second\nid\n\ndata:  third\n\n",
            [
                ServerSentEvent(data: "first", lastEventID: "1"), ServerSentEvent(data: "second"),
                ServerSentEvent(data: " third"),
            ]),
        Example(
            "empty and multi-line data, an unterminated last event",
            "data\n\ndata\ndata\n\ndata:\n",
            [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")]),
        Example(
            "one space removed, not two", "data:same\n\ndata: same\n\n",
            [ServerSentEvent(data: "same"), ServerSentEvent(data: "same")]),
        Example(
            "types, retry and unknown fields, CR LF",
            "event: add\r\ndata: line 1\r\ndata: line 2\r\nretry: 10\r\nfoo: bar\r\n\r\ndata: plain\r\n\r\n",
            [ServerSentEvent(type: "add", data: "line 1\nline 2"), ServerSentEvent(data: "plain")]),
        Example(
            "a byte order mark, CR alone, a non-ASCII id",
            "\u{FEFF}id: é1\rdata: cr\r\rdata: after\r\r",
            [ServerSentEvent(data: "cr", lastEventID: "é1"), ServerSentEvent(data: "after", lastEventID: "é1")]),
        Example(
            "mixed line ends, the type reset, an id with NUL ignored",
            "id: 5\nid: a\u{0}b\nevent: x\ndata: 1\r\n\revent: y\rdata: 2\n\r\ndata: 3\n\n",
            [
                ServerSentEvent(type: "x", data: "1", lastEventID: "5"),
                ServerSentEvent(type: "y", data: "2", lastEventID: "5"), ServerSentEvent(data: "3", lastEventID: "5"),
            ]),
    ]

    @Test(arguments: examples, [1, 4, 4096])
    func theSpecificationsRulesHoldOverTheWire(example: Example, chunkSize: Int) async throws {
        let body = Self.base64URL(Data(example.bytes))
        let events = client().events(
            for: stream("/raw", ["body": body, "split": "\(chunkSize)"]), reconnection: .never)
        let (read, error) = await Self.read(events)
        #expect(error == nil)
        #expect(read == example.events)
    }

    // MARK: Reconnection

    @Test func aDroppedStreamResumesAfterTheLastEventExactlyOnce() async throws {
        let key = UUID().uuidString
        let delays = Locked<[Duration]>([])
        let events = client(recording: delays).events(
            for: stream("/events", ["key": key, "total": "10", "per": "3", "retry": "1234"]))
        let (read, error) = await Self.read(events)
        #expect(error == nil)
        // Every event once, in order; the partial events the server cut off never arrive.
        #expect(read == (1...10).map { ServerSentEvent(data: "event \($0)", lastEventID: "\($0)") })
        let log = try await log(key)
        #expect(log.requests.map(\.lastEventID) == [nil, "3", "6", "9", "10"])
        #expect(log.requests.allSatisfy { $0.accept == "text/event-stream" && $0.cacheControl == "no-cache" })
        // The default wait, then the `retry: 1234` the second connection sent.
        #expect(delays.current == [.seconds(3)] + Array(repeating: .milliseconds(1234), count: 3))
    }

    @Test func aNonASCIILastEventIDIsSentAsUTF8() async throws {
        let key = UUID().uuidString
        let body = Self.base64URL(Data("id: é1\ndata: x\n\n".utf8))
        let policy = ReconnectionPolicy(maximumReconnections: 1)
        let (read, _) = await Self.read(
            client().events(for: stream("/raw", ["key": key, "body": body]), reconnection: policy))
        #expect(read == Array(repeating: ServerSentEvent(data: "x", lastEventID: "é1"), count: 2))
        // Python reads header bytes as Latin-1: one character per byte.
        let received = try await log(key).requests.map { $0.lastEventID.map { Array($0.unicodeScalars.map(\.value)) } }
        #expect(received == [nil, Array("é1".utf8).map(UInt32.init)])
    }

    @Test func aConnectionSilentForLongerThanTheTimeoutIsReconnected() async throws {
        let key = UUID().uuidString
        // The server stays silent for 20 s after the first event: far longer than the 5 s timeout, which
        // itself leaves room for the first event on a loaded machine (at 1 s, a CI run under coverage with the
        // whole suite in parallel once timed out before it).
        let request = EventsRequest(
            host: host, path: "/stall", query: ["key": key], setting: APISetting(timeout: 5))
        let (read, error) = await Self.read(client().events(for: request))
        #expect(error == nil)
        #expect(
            read == [
                ServerSentEvent(data: "before", lastEventID: "1"), ServerSentEvent(data: "after", lastEventID: "2"),
            ])
        #expect(try await log(key).requests.map(\.lastEventID) == [nil, "1", "2"])
    }

    @Test func aSocketClosedMidBodyIsATransportError() async throws {
        let key = UUID().uuidString
        let events = client().events(for: stream("/empty", ["key": key, "abort": "1"]), reconnection: .never)
        let (read, error) = await Self.read(events)
        #expect(read.isEmpty)
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: ["/empty", "/first-then-empty"], [false, true])
    func thePolicyGivesUpAfterReconnectionsThatDeliverNothing(path: String, abort: Bool) async throws {
        let key = UUID().uuidString
        let policy = ReconnectionPolicy(maximumReconnectionsWithoutEvent: 3)
        let query = ["key": key, "abort": abort ? "1" : "0"]
        let (read, error) = await Self.read(client().events(for: stream(path, query), reconnection: policy))
        #expect(read.map(\.data) == (path == "/empty" ? [] : ["the only event"]))
        if abort {
            guard case .transport = error else {
                Issue.record("expected the last connection's transport error, got \(String(describing: error))")
                return
            }
        } else {
            #expect(error == nil)
        }
        #expect(try await log(key).requests.count == 4)
    }

    // MARK: Not reconnected

    @Test(arguments: [404, 500, 503])
    func aRefusedStatusFailsWithItsBodyAndIsNotReconnected(status: Int) async throws {
        let key = UUID().uuidString
        let (read, error) = await Self.read(
            client().events(for: stream("/status", ["key": key, "code": "\(status)"])))
        #expect(read.isEmpty)
        guard case .unacceptableStatus(let failure) = error, failure.statusCode == status else {
            Issue.record("expected unacceptableStatus(\(status)), got \(String(describing: error))")
            return
        }
        #expect(String(decoding: failure.body, as: UTF8.self) == #"{"error": "status \#(status)"}"#)
        #expect(try await log(key).requests.count == 1)
    }

    @Test func anotherMediaTypeFailsWithItsBodyAndIsNotReconnected() async throws {
        let key = UUID().uuidString
        let (read, error) = await Self.read(
            client().events(for: stream("/typed", ["key": key, "type": "text/plain; charset=utf-8"])))
        #expect(read.isEmpty)
        guard case .unacceptableContentType(let failure) = error, failure.mediaType == "text/plain" else {
            Issue.record("expected unacceptableContentType, got \(String(describing: error))")
            return
        }
        #expect(failure.body == Data("data: not an event stream\n\n".utf8))
        #expect(try await log(key).requests.count == 1)
    }

    @Test func noContentEndsTheStream() async throws {
        let key = UUID().uuidString
        let (read, error) = await Self.read(client().events(for: stream("/events", ["key": key, "total": "0"])))
        #expect(read.isEmpty)
        #expect(error == nil)
        #expect(try await log(key).requests.count == 1)
    }

    // MARK: Stopping

    @Test func cancellingTheReadingTaskStopsTheConnection() async throws {
        let key = UUID().uuidString
        let first = Signal()
        let events = client().events(for: stream("/endless", ["key": key]))
        let task = Task {
            var read: [ServerSentEvent] = []
            do {
                for try await event in events {
                    read.append(event)
                    await first.fire()
                }
                return (read, nil as APIError?)
            } catch {
                return (read, error as? APIError)
            }
        }
        await first.wait()
        task.cancel()
        let (read, error) = await task.value
        #expect(read.map(\.data) == ["first"])
        guard case .cancelled = error else {
            Issue.record("expected cancelled, got \(String(describing: error))")
            return
        }
        #expect(try await log(key) { $0.broken }.broken)
    }

    @Test func leavingTheLoopStopsTheConnection() async throws {
        let key = UUID().uuidString
        for try await event in client().events(for: stream("/endless", ["key": key])) {
            #expect(event.data == "first")
            break
        }
        #expect(try await log(key) { $0.broken }.broken)
        #expect(try await log(key).requests.count == 1)
    }
}
