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
