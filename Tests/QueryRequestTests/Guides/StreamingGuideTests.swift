import Foundation
import QueryRequest
import TestSupport
import Testing

// The snippets of Docs/Streaming.md, compiled and checked here so that the guide cannot rot.
// Keep the two in step: the code inside `StreamingGuide` is copied verbatim into the guide.

struct StreamingGuide {
    func printEvents(from chunks: AsyncStream<Data>) async throws {
        for try await event in ServerSentEvents(chunks) {
            print(event.type, event.data, event.lastEventID)
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

@Suite struct StreamingGuideTests {
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

    @Test func printsEvents() async throws {
        try await StreamingGuide().printEvents(from: chunks([]))
    }

    /// Every code line of the guide's Swift blocks (comments and `print` aside) appears in this file.
    @Test func theGuideShowsTheCodeCompiledHere() throws {
        #expect(try GuideSnippets.codeLineCount(of: "Docs/Streaming.md") > 20)
        #expect(try GuideSnippets.linesMissing(from: "Docs/Streaming.md", compiledIn: #filePath) == [])
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
}

@Suite struct DownloadGuideTests {
    @Test func theSnippetsDownloadAndRefuseAnExistingFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "download-guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("export.csv")
        let session = StubNetworkSession(
            .init(body: Data("year,total\n2025,42\n".utf8)), .init(body: Data("year,total\n2025,43\n".utf8)))
        let client = APIClient(session: session)

        #expect(try await DownloadGuide().downloadOnce(with: client, to: file))
        #expect(try String(contentsOf: file, encoding: .utf8) == "year,total\n2025,42\n")
        #expect(try await !DownloadGuide().downloadOnce(with: client, to: file))
        try await DownloadGuide().downloadExport(with: client, to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "year,total\n2025,43\n")
        #expect(
            session.requests.map { $0.url?.absoluteString }
                == Array(repeating: "https://api.example.com/exports?year=2025", count: 2))
    }
}
