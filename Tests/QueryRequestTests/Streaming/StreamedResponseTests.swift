import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed responses through a ``StubNetworkSession`` and middleware: what the client hands over,
/// whatever produced the chunks.
struct StreamedResponseTests {
    struct Feed: Request {
        typealias Response = Data
        let host = StubHost.api
        let path = "/feed"
        var setting: APISetting = .default
    }

    static func chunks(_ texts: String...) -> [Data] { texts.map { Data($0.utf8) } }

    static func read(_ body: ResponseBody) async throws -> [Data] {
        var chunks: [Data] = []
        for try await chunk in body { chunks.append(chunk) }
        return chunks
    }

    static func lines(_ streamed: Response<ResponseBody>) async throws -> [String] {
        var lines: [String] = []
        for try await line in streamed.body.lines { lines.append(line) }
        return lines
    }

    @Test func aStreamedBodyReadsAsServerSentEvents() async throws {
        let session = StubNetworkSession(
            .chunks(Self.chunks("data: a\nid: 1", "\n\nevent: b\rdata: x\r", "\r: comment\n"), headers: [:]))
        let streamed = try await APIClient(session: session).stream(Feed())
        var events: [ServerSentEvent] = []
        for try await event in streamed.body.serverSentEvents(lastEventID: "0") { events.append(event) }
        #expect(
            events == [
                ServerSentEvent(type: "message", data: "a", lastEventID: "1"),
                ServerSentEvent(type: "b", data: "x", lastEventID: "1"),
            ])
    }

    @Test func aStubsChunksArriveOneByOne() async throws {
        let session = StubNetworkSession(.chunks(Self.chunks("a", "bc", "def"), headers: ["X-Kind": "feed"]))
        let streamed = try await APIClient(session: session).stream(Feed())
        #expect(streamed.statusCode == 200)
        #expect(streamed.value(forHTTPHeaderField: "X-Kind") == "feed")
        #expect(try await Self.read(streamed.body) == Self.chunks("a", "bc", "def"))
    }

    @Test func aConnectionThatBreaksAfterTheChunksThrowsATransportError() async throws {
        let session = StubNetworkSession(.chunks(Self.chunks("a", "b"), failure: URLError(.networkConnectionLost)))
        let streamed = try await APIClient(session: session).stream(Feed())
        var received: [Data] = []
        let error = try #require(
            await #expect(throws: APIError.self) {
                for try await chunk in streamed.body { received.append(chunk) }
            })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .networkConnectionLost)
        #expect(received == Self.chunks("a", "b"))
    }

    @Test func aBodyIsReadOnce() async throws {
        let streamed = try await APIClient(session: StubNetworkSession(.chunks(Self.chunks("a")))).stream(Feed())
        #expect(try await Self.read(streamed.body) == Self.chunks("a"))
        await #expect(throws: ResponseBody.IterationError.self) { _ = try await Self.read(streamed.body) }
    }

    @Test func theSizeLimitCountsTheChunksOfAnySession() async throws {
        let session = StubNetworkSession(.chunks(Self.chunks("12345", "67890", "abcde")))
        let streamed = try await APIClient(session: session, maximumResponseSize: 12).stream(Feed())
        var received = 0
        let error = try #require(
            await #expect(throws: APIError.self) {
                for try await chunk in streamed.body { received += chunk.count }
            })
        guard case .responseTooLarge(12, _) = error else {
            Issue.record("expected responseTooLarge(12), got \(error)")
            return
        }
        #expect(received == 10)
    }

    @Test func aRefusedStatusIsThrownWithTheWholeBody() async throws {
        let session = StubNetworkSession(.chunks(Self.chunks(#"{"err"#, #"or":"gone"}"#), status: 410))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).stream(Feed()) })
        guard case .unacceptableStatus(let failure) = error, failure.statusCode == 410 else {
            Issue.record("expected a 410, got \(error)")
            return
        }
        #expect(failure.body == Data(#"{"error":"gone"}"#.utf8))
    }

    @Test func sendReadsAStubsChunksWhole() async throws {
        let session = StubNetworkSession(.chunks(Self.chunks("ab", "cd")))
        #expect(try await APIClient(session: session).send(Feed()) == Data("abcd".utf8))
    }

    /// A body that streams (read once), of one chunk.
    static func streamed(_ text: String) -> ResponseBody {
        ResponseBody(
            AsyncStream<Data> { continuation in
                continuation.yield(Data(text.utf8))
                continuation.finish()
            })
    }

    @Test func aMiddlewareSeesTheStreamAndCanTransformIt() async throws {
        let seen = Locked<[Bool]>([])
        let upper = ClosureMiddleware { request, _, next in
            let answer = try await next(request)
            seen.update { $0.append(answer.body.data == nil) }
            guard answer.body.data == nil else { return answer }
            let stream = answer.body
            let transformed = AsyncThrowingStream<Data, any Error> { continuation in
                let pump = Task {
                    do {
                        for try await chunk in stream {
                            continuation.yield(Data(String(decoding: chunk, as: UTF8.self).uppercased().utf8))
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in pump.cancel() }
            }
            return ClientResponse(response: answer.response, body: ResponseBody(transformed))
        }
        let session = StubNetworkSession(.chunks(Self.chunks("one\ntw", "o\n")), .init(body: Data("whole".utf8)))
        let client = APIClient(session: session, middleware: [upper])
        #expect(try await Self.lines(client.stream(Feed())) == ["ONE", "TWO"])
        #expect(try await client.send(Feed()) == Data("whole".utf8))
        #expect(seen.current == [true, false])
    }

    @Test func aMiddlewaresOwnAnswerWorksForBothKindsOfCall() async throws {
        let cached = ClosureMiddleware { request, context, _ in
            let head = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            return context.attempt == 1 && request.value(forHTTPHeaderField: "X-Stream") == nil
                ? ClientResponse(response: head, body: Data("cached\nlines\n".utf8))
                : ClientResponse(response: head, body: Self.streamed("streamed\n"))
        }
        let client = APIClient(session: StubNetworkSession(), middleware: [cached])
        // A whole body where the caller streams: one chunk.
        #expect(try await Self.lines(client.stream(Feed())) == ["cached", "lines"])
        // A stream where the caller wants the body whole: read whole, within the limit.
        let streamingCache = ClosureMiddleware { request, _, _ in
            let head = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
            return ClientResponse(response: head, body: Self.streamed("streamed"))
        }
        let second = APIClient(session: StubNetworkSession(), middleware: [streamingCache])
        #expect(try await second.send(Feed()) == Data("streamed".utf8))
        let limited = APIClient(session: StubNetworkSession(), middleware: [streamingCache], maximumResponseSize: 4)
        let error = try #require(await #expect(throws: APIError.self) { try await limited.send(Feed()) })
        guard case .responseTooLarge(4, _) = error else {
            Issue.record("expected responseTooLarge(4), got \(error)")
            return
        }
    }

    @Test func theLoggingMiddlewareSaysTheBodyIsStreamed() async throws {
        let messages = Locked<[String]>([])
        let logging = LoggingMiddleware(
            level: .debug, destination: .custom { message in messages.update { $0.append(message.text) } })
        let client = APIClient(session: StubNetworkSession(.chunks(Self.chunks("a"))), middleware: [logging])
        _ = try await Self.read(client.stream(Feed()).body)
        let text = messages.current.joined(separator: "\n")
        #expect(text.contains("body streamed"))
        #expect(text.contains("Response body: (streamed)"))
    }
}

/// Where lines end, whatever the chunks.
struct ResponseLinesTests {
    static let cases: [(body: String, lines: [String])] = [
        ("a\nb\n", ["a", "b"]),
        ("a\r\nb", ["a", "b"]),
        ("a\n\nb\n", ["a", "", "b"]),
        ("a\rb\n", ["a", "b"]),
        ("a\r\r\nb", ["a", "", "b"]),
        ("\n", [""]),
        ("", []),
        ("no line end", ["no line end"]),
        ("é\u{1F600}\n", ["é\u{1F600}"]),
    ]

    /// Every case, cut at every byte position into two chunks, and byte by byte.
    @Test func linesEndAtLFCRLFAndCRWhereverTheChunksAreCut() async throws {
        for (body, expected) in Self.cases {
            let bytes = Array(body.utf8)
            var splits: [[Data]] = (0...bytes.count).map { cut in [Data(bytes[..<cut]), Data(bytes[cut...])] }
            splits.append(bytes.map { Data([$0]) })
            for chunks in splits {
                var lines: [String] = []
                let stream = AsyncStream<Data> { continuation in
                    for chunk in chunks { continuation.yield(chunk) }
                    continuation.finish()
                }
                for try await line in ResponseLines(ResponseBody(stream)) { lines.append(line) }
                #expect(lines == expected, "\(body.debugDescription) cut as \(chunks.map { Array($0) })")
            }
        }
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() async throws {
        var lines: [String] = []
        for try await line in ResponseLines(ResponseBody(Data([0x61, 0xFF, 0x62, 0x0A]))) { lines.append(line) }
        #expect(lines == ["a\u{FFFD}b"])
    }
}
