import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `APIClient.events(for:reconnection:)` through a ``StubNetworkSession``: the headers of each connection,
/// what is reconnected and what is not, the waits (recorded by the client's backoff, never slept) and the
/// policy's limits.
@Suite(.timeLimit(.minutes(5)))
struct ReconnectingServerSentEventsTests {
    struct Feed: Request {
        typealias Response = Data
        var method: HTTPMethod = .get
        let host = StubHost.api
        let path = "/events"
        var headers: [String: String] = [:]
        var setting: APISetting = .default
    }

    struct Failing: Request {
        typealias Response = Data
        typealias ErrorBody = GooError
        let host = StubHost.api
        let path = "/events"
    }

    /// An event-stream reply whose body arrives in `chunks`, then breaks with `failure` if given.
    static func stream(_ chunks: String..., failure: URLError.Code? = nil) -> StubNetworkSession.Reply {
        .chunks(
            chunks.map { Data($0.utf8) }, headers: ["Content-Type": "text/event-stream; charset=utf-8"],
            failure: failure.map { URLError($0) })
    }

    static let stop = StubNetworkSession.Reply(status: 204)

    /// The events read until the sequence ends, and the error it ended with, if any.
    static func read(_ events: ReconnectingServerSentEvents) async -> (events: [ServerSentEvent], error: APIError?) {
        var read: [ServerSentEvent] = []
        do {
            for try await event in events { read.append(event) }
            return (read, nil)
        } catch let error as APIError {
            return (read, error)
        } catch {
            Issue.record("an error that is not an APIError: \(error)")
            return (read, nil)
        }
    }

    static func client(
        _ session: StubNetworkSession, delays: Locked<[Duration]>, middleware: [any ClientMiddleware] = []
    )
        -> APIClient
    {
        APIClient(session: session, middleware: middleware, backoff: recordingBackoff(into: delays))
    }

    @Test func eachConnectionAsksForAnEventStreamAndAReconnectionSendsTheLastEventID() async throws {
        let session = StubNetworkSession(
            Self.stream("id: 1\ndata: a\n", "\nid: 2\ndata: cut off"),
            Self.stream("data: b\n\n", failure: .networkConnectionLost),
            Self.stop)
        let delays = Locked<[Duration]>([])
        let (events, error) = await Self.read(Self.client(session, delays: delays).events(for: Feed()))
        #expect(error == nil)
        // The event cut off by the end of the first connection is not delivered, and its `id` not kept.
        #expect(
            events == [
                ServerSentEvent(data: "a", lastEventID: "1"), ServerSentEvent(data: "b", lastEventID: "1"),
            ])
        let requests = session.requests
        #expect(requests.count == 3)
        for request in requests {
            #expect(request.value(forHTTPHeaderField: "Accept") == "text/event-stream")
            #expect(request.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
        }
        #expect(requests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") } == [nil, "1", "1"])
        // Each connection delivered an event: every wait is the default delay.
        #expect(delays.current == [.seconds(3), .seconds(3)])
    }

    @Test func retrySetsTheDelayWhichGrowsWhileReconnectionsDeliverNothingUpToTheMaximum() async throws {
        let session = StubNetworkSession(
            Self.stream("retry: 250\ndata: x\n\n"), Self.stream(": empty\n"), Self.stream(""),
            Self.stream(": empty\n", failure: .timedOut), Self.stop)
        let delays = Locked<[Duration]>([])
        let policy = ReconnectionPolicy(maximumDelay: .milliseconds(600), backoffFactor: 2)
        let (events, error) = await Self.read(
            Self.client(session, delays: delays).events(for: Feed(), reconnection: policy))
        #expect(error == nil)
        #expect(events.map(\.data) == ["x"])
        #expect(delays.current == [.milliseconds(250), .milliseconds(500), .milliseconds(600), .milliseconds(600)])
    }

    @Test func anEventResetsTheBackoff() async throws {
        let session = StubNetworkSession(
            Self.stream("data: 1\n\n"), Self.stream(""), Self.stream("data: 2\n\n"), Self.stream(""), Self.stop)
        let delays = Locked<[Duration]>([])
        let policy = ReconnectionPolicy(defaultDelay: .seconds(1), backoffFactor: 3)
        let (events, _) = await Self.read(
            Self.client(session, delays: delays).events(for: Feed(), reconnection: policy))
        #expect(events.map(\.data) == ["1", "2"])
        #expect(delays.current == [.seconds(1), .seconds(3), .seconds(1), .seconds(3)])
    }

    @Test(arguments: [Double.nan, 0.5, -1, 1])
    func aBackoffFactorBelowOneKeepsTheDelayConstant(factor: Double) async throws {
        let session = StubNetworkSession(Self.stream(""), Self.stream(""), Self.stream(""), Self.stop)
        let delays = Locked<[Duration]>([])
        let policy = ReconnectionPolicy(defaultDelay: .milliseconds(10), backoffFactor: factor)
        _ = await Self.read(Self.client(session, delays: delays).events(for: Feed(), reconnection: policy))
        #expect(delays.current == [.milliseconds(10), .milliseconds(10), .milliseconds(10)])
    }

    @Test func aHugeRetryOrFactorStopsAtTheMaximumDelay() async throws {
        let session = StubNetworkSession(
            Self.stream("retry: 99999999999999999999999\n"), Self.stream(""), Self.stream(""), Self.stop)
        let delays = Locked<[Duration]>([])
        let policy = ReconnectionPolicy(maximumDelay: .seconds(5), backoffFactor: 1e300)
        _ = await Self.read(Self.client(session, delays: delays).events(for: Feed(), reconnection: policy))
        #expect(delays.current == [.seconds(5), .seconds(5), .seconds(5)])
    }

    @Test(arguments: [nil, URLError.Code.networkConnectionLost])
    func thePolicyGivesUpAfterSoManyReconnectionsWithoutAnEvent(failure: URLError.Code?) async throws {
        let session = StubNetworkSession { _ in
            Self.stream(": nothing\n", failure: failure)
        }
        let delays = Locked<[Duration]>([])
        let policy = ReconnectionPolicy(
            defaultDelay: .seconds(1), backoffFactor: 1, maximumReconnectionsWithoutEvent: 3)
        let (events, error) = await Self.read(
            Self.client(session, delays: delays).events(for: Feed(), reconnection: policy))
        #expect(events.isEmpty)
        // The first connection and three reconnections; then the last connection's end is the sequence's.
        #expect(session.requests.count == 4)
        #expect(delays.current.count == 3)
        if let failure {
            guard case .transport(let urlError) = error else {
                Issue.record("expected the last transport error, got \(String(describing: error))")
                return
            }
            #expect(urlError.code == failure)
        } else {
            #expect(error == nil)
        }
    }

    @Test func aReconnectionThatFailsBeforeItsResponseIsTriedAgainAndCounted() async throws {
        let session = StubNetworkSession(
            Self.stream("id: 7\ndata: a\n\n"), .failure(URLError(.cannotConnectToHost)),
            .failure(URLError(.cannotConnectToHost)), Self.stream("data: b\n\n"), Self.stop)
        let delays = Locked<[Duration]>([])
        let policy = ReconnectionPolicy(defaultDelay: .seconds(1), backoffFactor: 2)
        let (events, error) = await Self.read(
            Self.client(session, delays: delays).events(for: Feed(), reconnection: policy))
        #expect(error == nil)
        #expect(events.map(\.data) == ["a", "b"])
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") } == [nil, "7", "7", "7", "7"])
        #expect(delays.current == [.seconds(1), .seconds(2), .seconds(4), .seconds(1)])
    }

    @Test func theFirstConnectionsTransportErrorIsThrownAtOnce() async throws {
        let session = StubNetworkSession(.failure(URLError(.cannotConnectToHost)))
        let (_, error) = await Self.read(Self.client(session, delays: Locked([])).events(for: Feed()))
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .cannotConnectToHost)
        #expect(session.requests.count == 1)
    }

    @Test func theOverallCapLimitsReconnectionsThatDeliverEvents() async throws {
        let session = StubNetworkSession { _ in Self.stream("data: again\n\n") }
        let policy = ReconnectionPolicy(maximumReconnections: 2)
        let (events, error) = await Self.read(
            Self.client(session, delays: Locked([])).events(for: Feed(), reconnection: policy))
        #expect(error == nil)
        #expect(events.count == 3)
        #expect(session.requests.count == 3)
    }

    @Test func neverMeansOneConnection() async throws {
        let session = StubNetworkSession { _ in Self.stream("data: once\n\n", failure: .networkConnectionLost) }
        let (events, error) = await Self.read(
            Self.client(session, delays: Locked([])).events(for: Feed(), reconnection: .never))
        #expect(events.map(\.data) == ["once"])
        guard case .transport(let urlError) = error else {
            Issue.record("expected the connection's error, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .networkConnectionLost)
        #expect(session.requests.count == 1)
    }

    @Test func aStatusOtherThan200FailsTheStreamWithItsBodyAndIsNotReconnected() async throws {
        for status in [404, 503, 201] {
            let session = StubNetworkSession(.json(#"{"error":"gone"}"#, status: status))
            let (events, error) = await Self.read(Self.client(session, delays: Locked([])).events(for: Failing()))
            #expect(events.isEmpty)
            guard case .unacceptableStatus(let failure) = error, failure.statusCode == status else {
                Issue.record("expected unacceptableStatus(\(status)), got \(String(describing: error))")
                continue
            }
            #expect(failure.body == Data(#"{"error":"gone"}"#.utf8))
            // The declared error body is decoded for a status the validation refuses, as for `send`.
            #expect((failure.apiError as? GooError) == (status == 201 ? nil : GooError(error: "gone")))
            #expect(session.requests.count == 1)
        }
    }

    @Test func aStatusRefusedOnAReconnectionEndsTheStream() async throws {
        let session = StubNetworkSession(
            Self.stream("data: a\n\n"), .json(#"{"error":"later"}"#, status: 503), Self.stream("data: b\n\n"))
        let (events, error) = await Self.read(Self.client(session, delays: Locked([])).events(for: Feed()))
        #expect(events.map(\.data) == ["a"])
        #expect(error?.statusCode == 503)
        #expect(session.requests.count == 2)
    }

    @Test(arguments: ["application/json", "text/plain", nil])
    func anotherMediaTypeFailsTheStreamWithItsBody(contentType: String?) async throws {
        let headers = contentType.map { ["Content-Type": $0] } ?? [:]
        let session = StubNetworkSession(.init(status: 200, headers: headers, body: Data("data: x\n\n".utf8)))
        let (events, error) = await Self.read(Self.client(session, delays: Locked([])).events(for: Feed()))
        #expect(events.isEmpty)
        guard case .unacceptableContentType(let failure) = error else {
            Issue.record("expected unacceptableContentType, got \(String(describing: error))")
            return
        }
        #expect(failure.mediaType == contentType)
        #expect(failure.body == Data("data: x\n\n".utf8))
        #expect(session.requests.count == 1)
    }

    @Test func a204AsTheFirstAnswerEndsTheStream() async throws {
        let first = StubNetworkSession(Self.stop, Self.stream("data: never\n\n"))
        let (none, noError) = await Self.read(Self.client(first, delays: Locked([])).events(for: Feed()))
        #expect(none.isEmpty)
        #expect(noError == nil)
        #expect(first.requests.count == 1)
    }

    @Test func theValidationsOwnRulesApplyToo() async throws {
        // A validation that accepts only JSON refuses the event stream, whose body is not read for the error.
        let json = APISetting(validation: ResponseValidation(contentTypes: ["application/json"]))
        let session = StubNetworkSession(Self.stream("data: x\n\n"))
        let (events, error) = await Self.read(
            Self.client(session, delays: Locked([])).events(for: Feed(setting: json)))
        #expect(events.isEmpty)
        guard case .unacceptableContentType(let failure) = error, failure.mediaType == "text/event-stream" else {
            Issue.record("expected unacceptableContentType, got \(String(describing: error))")
            return
        }
        #expect(failure.body.isEmpty)
        // A validation that refuses 200 refuses the stream by its status.
        let created = APISetting(validation: ResponseValidation(statusCodes: [201]))
        let other = StubNetworkSession(Self.stream("data: x\n\n"))
        let (_, statusError) = await Self.read(
            Self.client(other, delays: Locked([])).events(for: Feed(setting: created)))
        #expect(statusError?.statusCode == 200)
        #expect(session.requests.count == 1)
        #expect(other.requests.count == 1)
    }

    @Test func aBodyStreamedFromAFileIsBuiltAgainForAReconnection() async throws {
        struct Upload: Request {
            typealias Response = Data
            let method: HTTPMethod = .put
            let host = StubHost.api
            let path = "/events"
            let file: URL
            var body: RequestBody? { .file(file) }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sse-\(UUID().uuidString).bin")
        try Data("query".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let session = StubNetworkSession(Self.stream("data: 1\n\n"), Self.stream("data: 2\n\n"), Self.stop)
        let (events, error) = await Self.read(Self.client(session, delays: Locked([])).events(for: Upload(file: file)))
        #expect(error == nil)
        #expect(events.map(\.data) == ["1", "2"])
        let streams = session.requests.map(\.httpBodyStream)
        #expect(streams.count == 3)
        #expect(streams.allSatisfy { $0 != nil })
        // Each connection reads a stream of its own: one is read once.
        #expect(Set(streams.compactMap { $0.map(ObjectIdentifier.init) }).count == 3)
        #expect(session.requests.allSatisfy { $0.value(forHTTPHeaderField: "Accept") == "text/event-stream" })
    }

    @Test func aPostIsNotReconnectedUnlessItsSettingAllowsIt() async throws {
        let once = StubNetworkSession { _ in Self.stream("data: reply\n\n") }
        let post = Feed(method: .post)
        let (events, error) = await Self.read(Self.client(once, delays: Locked([])).events(for: post))
        #expect(events.map(\.data) == ["reply"])
        #expect(error == nil)
        #expect(once.requests.count == 1)

        let again = StubNetworkSession(Self.stream("data: 1\n\n"), Self.stream("data: 2\n\n"), Self.stop)
        let allowed = Feed(
            method: .post,
            setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 0, retriesNonIdempotentRequests: true)))
        let (more, _) = await Self.read(Self.client(again, delays: Locked([])).events(for: allowed))
        #expect(more.map(\.data) == ["1", "2"])
        #expect(again.requests.map(\.httpMethod) == ["POST", "POST", "POST"])
    }

    @Test func theRequestsOwnHeadersWinAndItsLastEventIDIsWhereTheStreamStarts() async throws {
        let session = StubNetworkSession(
            Self.stream("data: a\n\n"), Self.stream("id: 50\ndata: b\n\nid\ndata: c\n\n"), Self.stream(""), Self.stop)
        let feed = Feed(headers: ["Accept": "text/event-stream, */*;q=0.1", "Last-Event-ID": "41"])
        let (events, _) = await Self.read(Self.client(session, delays: Locked([])).events(for: feed))
        #expect(
            events == [
                ServerSentEvent(data: "a", lastEventID: "41"), ServerSentEvent(data: "b", lastEventID: "50"),
                ServerSentEvent(data: "c", lastEventID: ""),
            ])
        let requests = session.requests
        #expect(requests.allSatisfy { $0.value(forHTTPHeaderField: "Accept") == "text/event-stream, */*;q=0.1" })
        // An empty `id` reset the last event ID: the last reconnection sends none.
        #expect(requests.map { $0.value(forHTTPHeaderField: "Last-Event-ID") } == ["41", "41", nil, nil])
    }

    @Test func middlewareSeeEachConnectionAndAReconnectionSaysSo() async throws {
        let session = StubNetworkSession(
            Self.stream("id: 3\ndata: a\n\n"), .json("{}", status: 503), Self.stream("data: b\n\n"), Self.stop)
        let contexts = Locked<[MiddlewareContext]>([])
        let client = Self.client(
            session, delays: Locked([]), middleware: [RecordingMiddleware("m", log: Locked([]), contexts: contexts)])
        let feed = Feed(setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 1)))
        let (events, error) = await Self.read(client.events(for: feed))
        #expect(error == nil)
        #expect(events.map(\.data) == ["a", "b"])
        #expect(contexts.current.map(\.attempt) == [1, 1, 2, 1])
        #expect(
            contexts.current.map(\.reason) == [
                .first, .reconnection(lastEventID: "3"), .retryAfterStatus(503), .reconnection(lastEventID: "3"),
            ])
        #expect(AttemptReason.reconnection(lastEventID: "3").description == #"reconnection after event "3""#)
        #expect(AttemptReason.reconnection(lastEventID: "").description == "reconnection")
    }

    @Test func theSizeLimitAppliesToEachConnectionAndIsNotReconnected() async throws {
        let session = StubNetworkSession(Self.stream("data: 1234\n\n", "data: 5678\n\n"), Self.stop)
        let client = APIClient(session: session, maximumResponseSize: 15, backoff: recordingBackoff(into: Locked([])))
        let (events, error) = await Self.read(client.events(for: Feed()))
        #expect(events.map(\.data) == ["1234"])
        guard case .responseTooLarge(15, _) = error else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(session.requests.count == 1)
    }

    @Test func aRequestThatCannotBeBuiltFailsTheFirstNext() async throws {
        let session = StubNetworkSession(Self.stop)
        let feed = Feed(setting: APISetting(timeout: -1))
        let events = Self.client(session, delays: Locked([])).events(for: feed)
        #expect(session.requests.isEmpty)
        let (_, error) = await Self.read(events)
        guard case .invalidRequest = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(session.requests.isEmpty)
    }

    @Test func afterTheEndOrAnErrorNextReturnsNil() async throws {
        let session = StubNetworkSession(.json("{}", status: 500))
        var iterator = Self.client(session, delays: Locked([])).events(for: Feed()).makeAsyncIterator()
        do {
            _ = try await iterator.next()
            Issue.record("a 500 did not fail the stream")
        } catch {
            #expect(error is APIError)
        }
        #expect(try await iterator.next() == nil)
        #expect(session.requests.count == 1)
    }

    @Test func cancellingTheTaskStopsTheWaitBeforeAReconnection() async throws {
        let waiting = Signal()
        let session = StubNetworkSession { _ in Self.stream("data: a\n\n") }
        let backoff = APIClient.Backoff(sleep: { delay in
            await waiting.fire()
            try await Task.sleep(for: .seconds(3600))
        })
        let client = APIClient(session: session, backoff: backoff)
        let task = Task { await Self.read(client.events(for: Feed())) }
        await waiting.wait()
        task.cancel()
        let (events, error) = await task.value
        #expect(events.map(\.data) == ["a"])
        guard case .cancelled = error else {
            Issue.record("expected cancelled, got \(String(describing: error))")
            return
        }
        #expect(session.requests.count == 1)
    }
}
