import Foundation
import QueryRequest
import TestSupport
import Testing

// The snippets of Docs/Streaming.md, compiled and checked here so that the guide cannot rot.
// Keep the two in step: the code inside `StreamingGuide` is copied verbatim into the guide.

struct StreamingGuide {
    struct UploadSamplesRequest: Request {
        let method: HTTPMethod = .put
        let host: URL
        let path = "/samples"
        let count: Int

        var body: RequestBody? {
            .stream(length: Int64(count) * 1024) { [count] in
                AsyncStream<[UInt8]> { continuation in
                    for _ in 0..<count { continuation.yield([UInt8](repeating: 0, count: 1024)) }
                    continuation.finish()
                }
            }
        }
    }

    func printEvents(from chunks: AsyncStream<Data>) async throws {
        for try await event in ServerSentEvents(chunks) {
            print(event.type, event.data, event.lastEventID)
        }
    }

    func printEvents(of streamed: Response<ResponseBody>) async throws {
        for try await event in streamed.body.serverSentEvents() {
            print(event.type, event.data)
        }
    }

    struct Delta: Decodable {
        let text: String
    }

    func collectText(from chunks: AsyncStream<Data>) async throws -> String {
        var text = ""
        for try await event in ServerSentEvents(chunks) where event.type == "delta" {
            text += try event.decodeData(as: Delta.self).text
        }
        return text
    }

    func readUntilDisconnected(_ chunks: AsyncStream<Data>) async throws -> (lastEventID: String, retry: Duration?) {
        var events = ServerSentEvents(chunks).makeAsyncIterator()
        while let event = try await events.next() {
            print(event.data)
        }
        return (events.lastEventID, events.reconnectionDelay)
    }

    func parserState() -> (ServerSentEventParser, [ServerSentEvent]) {
        var parser = ServerSentEventParser(lastEventID: "41")
        let events = parser.parse(Data("retry: 3000\nid: 42\ndata: hello\n\n".utf8))
        parser.startNewStream()
        return (parser, events)
    }
}

@Suite(.timeLimit(.minutes(5))) struct StreamingGuideTests {
    private func chunks(_ pieces: [String]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for piece in pieces { continuation.yield(Data(piece.utf8)) }
            continuation.finish()
        }
    }

    @Test func collectsTheDeltas() async throws {
        let text = try await StreamingGuide().collectText(
            from: chunks(["event: delta\ndata: {\"text\":\"Hel\"}\n", "\nevent: delta\ndata: {\"text\":\"lo\"}\n\n"]))
        #expect(text == "Hello")
    }

    @Test func readsTheReconnectionState() async throws {
        let (lastEventID, retry) = try await StreamingGuide().readUntilDisconnected(
            chunks(["retry: 250\nid: 7\ndata: a\n\nid: 8\ndata: b"]))
        #expect(lastEventID == "7")
        #expect(retry == .milliseconds(250))
    }

    @Test func theParserKeepsItsStateAcrossStreams() {
        let (parser, events) = StreamingGuide().parserState()
        #expect(events == [ServerSentEvent(type: "message", data: "hello", lastEventID: "42")])
        #expect(parser.reconnectionDelay == .milliseconds(3000))
        #expect(parser.lastEventID == "42")
    }

    @Test func buildsAStreamedUpload() throws {
        let upload = StreamingGuide.UploadSamplesRequest(host: URL(string: "https://api.example.com")!, count: 3)
        let request = try upload.makeURLRequest()
        #expect(request.httpBodyStream != nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
    }

    @Test func printsEvents() async throws {
        try await StreamingGuide().printEvents(from: chunks([]))
    }

    /// Every code line of the guide's Swift blocks (comments and `print` aside) appears in this file.
    @Test func theGuideShowsTheCodeCompiledHere() throws {
        #expect(try GuideSnippets.codeLineCount(of: "Docs/Streaming.md") > 20)
        #expect(try GuideSnippets.linesMissing(from: "Docs/Streaming.md", compiledIn: #filePath) == [])
    }
}

// The streamed-response snippets of Docs/Streaming.md, verbatim, with the requests they send.
struct StreamedResponseGuide {
    enum Hosts: String, APIHost {
        case api = "https://api.example.com"
    }

    struct LogTail: Request {
        typealias Response = Data
        let host = Hosts.api
        let path = "/logs/tail"
    }

    func tailLogs(with client: APIClient) async throws {
        let streamed = try await client.stream(LogTail())
        for try await line in streamed.body.lines {
            print(line)
        }
    }

    struct CompletionRequest: Request {
        typealias Response = Data
        let prompt: String
        let host = Hosts.api
        let path = "/completions"
        var query: [String: String] { ["prompt": prompt] }
    }

    struct Completion: Decodable {
        let text: String
    }

    func complete(with client: APIClient) async throws -> String {
        var text = ""
        let streamed = try await client.stream(CompletionRequest(prompt: "Hello"))
        for try await line in streamed.body.lines where !line.isEmpty {
            text += try JSONDecoder().decode(Completion.self, from: Data(line.utf8)).text
        }
        return text
    }

    struct ExportRequest: Request {
        typealias Response = Data
        let host = Hosts.api
        let path = "/export"
    }

    func export(with client: APIClient, into file: FileHandle) async throws {
        let streamed = try await client.stream(ExportRequest())
        for try await chunk in streamed.body {
            try file.write(contentsOf: chunk)
        }
    }

}

@Suite(.timeLimit(.minutes(5))) struct StreamedResponseGuideTests {
    @Test func theCompletionIsDecodedLineByLine() async throws {
        let session = StubNetworkSession(
            .chunks([Data(#"{"text":"Hel"}"#.utf8), Data("\n\n".utf8), Data(#"{"text":"lo"}"#.utf8)]))
        let text = try await StreamedResponseGuide().complete(with: APIClient(session: session))
        #expect(text == "Hello")
        #expect(session.requests.first?.url?.absoluteString == "https://api.example.com/completions?prompt=Hello")
    }

    @Test func theExportIsWrittenChunkByChunk() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: path.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: path) }
        let file = try FileHandle(forWritingTo: path)
        let session = StubNetworkSession(.chunks([Data("a,b\n".utf8), Data("1,2\n".utf8)]))
        try await StreamedResponseGuide().export(with: APIClient(session: session), into: file)
        try file.close()
        #expect(try Data(contentsOf: path) == Data("a,b\n1,2\n".utf8))
    }

    typealias LogTail = StreamedResponseGuide.LogTail

    @Test func linesAcrossChunks() async throws {
        let session = StubNetworkSession(
            .chunks([Data("line 1\nli".utf8), Data("ne 2\n".utf8)], failure: URLError(.networkConnectionLost)))
        let streamed = try await APIClient(session: session).stream(LogTail())
        var lines: [String] = []
        await #expect(throws: APIError.self) {
            for try await line in streamed.body.lines { lines.append(line) }
        }
        #expect(lines == ["line 1", "line 2"])
    }

    @Test func tailsTheLogs() async throws {
        try await StreamedResponseGuide().tailLogs(with: APIClient(session: StubNetworkSession(.chunks([]))))
    }
}

// The snippets of "Events from a request" in Docs/Streaming.md.
extension StreamingGuide {
    enum Hosts: String, APIHost {
        case production = "https://api.example.com"
    }

    struct Notice: Decodable {
        let title: String
    }

    struct NotificationsRequest: Request {
        let host = Hosts.production
        let path = "/notifications"
    }

    func showNotices(with client: APIClient) async throws {
        for try await event in client.events(for: NotificationsRequest()) where event.type == "notice" {
            let notice = try event.decodeData(as: Notice.self)
            print(notice.title)
        }
    }

    func patientEvents(with client: APIClient) -> ReconnectingServerSentEvents {
        let patient = ReconnectionPolicy(
            defaultDelay: .seconds(1), maximumDelay: .seconds(10), maximumReconnectionsWithoutEvent: nil)
        let events = client.events(for: NotificationsRequest(), reconnection: patient)
        return events
    }

    struct ResumedNotificationsRequest: Request {
        let host = Hosts.production
        let path = "/notifications"
        let lastEventID: String
        var headers: [String: String] { ["Last-Event-ID": lastEventID] }
    }

    struct Prompt: Encodable {
        let text: String
    }

    struct CompletionRequest: Request {
        let method: HTTPMethod = .post
        let host = Hosts.production
        let path = "/completions"
        let body: Prompt
    }

    func complete(_ prompt: String, with client: APIClient) async throws -> String {
        var text = ""
        for try await event in client.events(for: CompletionRequest(body: Prompt(text: prompt))) {
            if event.data == "[DONE]" { break }
            text += try event.decodeData(as: Delta.self).text
        }
        return text
    }

    struct LiveFeedRequest: Request {
        let host = Hosts.production
        let path = "/feed"
        // The server sends a comment every 30 s: wait a little longer before calling the connection lost.
        let setting = APISetting(timeout: 45, maximumResponseSize: 256 * 1024 * 1024)
    }

    func readTwoConnections() async throws -> [String] {
        let session = StubNetworkSession(
            .chunks([Data("id: 1\ndata: hello\n\n".utf8)], headers: ["Content-Type": "text/event-stream"]),
            .chunks([Data("data: again\n\n".utf8)], headers: ["Content-Type": "text/event-stream"]),
            .init(status: 204))
        let client = APIClient(session: session, backoff: APIClient.Backoff(sleep: { _ in }))
        var received: [String] = []
        for try await event in client.events(for: NotificationsRequest()) {
            received.append(event.data)
        }
        return received
    }
}

@Suite(.timeLimit(.minutes(5))) struct EventsGuideTests {
    static func eventStream(_ texts: String...) -> StubNetworkSession.Reply {
        .chunks(texts.map { Data($0.utf8) }, headers: ["Content-Type": "text/event-stream"])
    }

    @Test func readsTheNotices() async throws {
        let session = StubNetworkSession(
            Self.eventStream("event: notice\ndata: {\"title\":\"Hi\"}\n\ndata: other\n\n"), .init(status: 204))
        // The reconnection after the first connection waits through this backoff: not at all.
        let client = APIClient(session: session, backoff: APIClient.Backoff(sleep: { _ in }))
        try await StreamingGuide().showNotices(with: client)
        #expect(session.requests.map { $0.url?.path } == ["/notifications", "/notifications"])
    }

    @Test func completesAPromptUntilDone() async throws {
        let session = StubNetworkSession(
            Self.eventStream("data: {\"text\":\"Hel\"}\n\ndata: {\"text\":\"lo\"}\n\n", "data: [DONE]\n\n"))
        let text = try await StreamingGuide().complete("Hi", with: APIClient(session: session))
        #expect(text == "Hello")
        #expect(session.requests.map(\.httpMethod) == ["POST"])
    }

    @Test func theRequestsDeclareWhatTheGuideSays() async throws {
        let resumed = try StreamingGuide.ResumedNotificationsRequest(lastEventID: "42").makeURLRequest()
        #expect(resumed.value(forHTTPHeaderField: "Last-Event-ID") == "42")
        let live = try StreamingGuide.LiveFeedRequest().makeURLRequest()
        #expect(live.timeoutInterval == 45)
        let session = StubNetworkSession(.init(status: 204))
        var events = StreamingGuide().patientEvents(with: APIClient(session: session)).makeAsyncIterator()
        #expect(try await events.next() == nil)
    }

    @Test func aStubAnswersEachConnection() async throws {
        #expect(try await StreamingGuide().readTwoConnections() == ["hello", "again"])
    }
}

// The snippets of Docs/Streaming.md's "Downloads" section.
struct DownloadGuide {
    struct ExportRequest: Request {
        typealias Response = Data
        let host = URL(string: "https://api.example.com")!
        let path = "/exports"
        let year: Int
        var query: [String: Int] { ["year": year] }
    }

    func downloadExport(with client: APIClient, to file: URL) async throws {
        try await client.download(ExportRequest(year: 2025), to: file, ifExists: .replace) { progress in
            if let fraction = progress.fractionReceived { print("\(Int(fraction * 100)) %") }
        }
    }

    func downloadOnce(with client: APIClient, to file: URL) async throws -> Bool {
        do {
            try await client.download(ExportRequest(year: 2025), to: file)
        } catch APIError.fileSystem(let path, let error as CocoaError) where error.code == .fileWriteFileExists {
            print("\(path) is already there")
            return false
        }
        return true
    }

    func downloadArchive(with client: APIClient, to file: URL, partial: URL) async throws {
        // Cancelled, cut off or ended with the app: a later call with the same checkpoint goes on from there.
        let checkpoint = DownloadCheckpoint(file: partial)
        try await client.download(ExportRequest(year: 2025), to: file, ifExists: .replace, checkpoint: checkpoint)
    }
}

@Suite(.timeLimit(.minutes(5))) struct DownloadGuideTests {
    @Test func theSnippetsDownloadAndRefuseAnExistingFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "download-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("export.csv")
        let session = StubNetworkSession(
            .init(body: Data("year,total\n2025,42\n".utf8)), .init(body: Data("year,total\n2025,43\n".utf8)),
            .init(headers: ["ETag": "\"v44\""], body: Data("year,total\n2025,44\n".utf8)))
        let client = APIClient(session: session)

        #expect(try await DownloadGuide().downloadOnce(with: client, to: file))
        #expect(try String(contentsOf: file, encoding: .utf8) == "year,total\n2025,42\n")
        #expect(try await !DownloadGuide().downloadOnce(with: client, to: file))
        try await DownloadGuide().downloadExport(with: client, to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "year,total\n2025,43\n")
        let partial = directory.appendingPathComponent("export.part")
        try await DownloadGuide().downloadArchive(with: client, to: file, partial: partial)
        #expect(try String(contentsOf: file, encoding: .utf8) == "year,total\n2025,44\n")
        // Complete: the checkpoint's file became the destination, and its record is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["export.csv"])
        #expect(DownloadCheckpoint(file: partial).bytesReceived == 0)
        #expect(
            session.requests.map { $0.url?.absoluteString }
                == Array(repeating: "https://api.example.com/exports?year=2025", count: 3))
    }
}
