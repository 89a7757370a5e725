import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(FoundationXML)
    import FoundationXML  // on Linux, XMLParser lives here
#endif

// The snippets of Docs/Porting.md, compiled and run here so that the guide cannot rot. The code inside
// `PortingGuide` is copied verbatim into the guide (indentation aside).

enum PortingGuide {
    struct Note: Codable, Sendable, Equatable {
        let id: Int
        let text: String
    }

    struct NewNote: Encodable, Sendable {
        let text: String
    }

    // MARK: The hand-written shape

    protocol APIRequest {
        associatedtype Response: Decodable
        var baseURL: URL { get }
        var path: String { get }
        var method: String { get }
        var headers: [String: String]? { get }
        var queryItems: [URLQueryItem]? { get }
        var httpBody: Data? { get }
    }

    // MARK: Ported

    struct CreateNote: Request {
        typealias Response = Note
        let note: NewNote
        var host: URL { URL(string: "https://api.example.com/v1")! }  // was baseURL
        let path = "/notes"
        let method = "POST"  // a String (or your own enum) works as it is
        var headers: [String: String]? { ["X-Client": "ios"] }  // optional works as it is
        var query: [URLQueryItem]? { [URLQueryItem(name: "draft", value: "true")] }  // was queryItems
        var body: NewNote { note }  // was httpBody: the value itself, sent as JSON
    }

    struct UploadAttachment: Request {
        let method = "PUT"
        let host = URL(string: "https://api.example.com/v1")!
        let noteID: Int
        let bytes: Data
        var path: String { "/notes/\(segment: noteID)/attachment" }
        var body: Data { bytes }  // raw bytes, as application/octet-stream
        var headers: [String: String] { ["Content-Type": "image/png"] }
    }

    // MARK: Serializers

    struct ExportNotes: Request {
        typealias Response = [[String]]
        let host = URL(string: "https://api.example.com/v1")!
        let path = "/notes/export.csv"
        var responseDecoder: some ResponseDecoder {
            CustomResponseDecoder { body, _ in
                String(decoding: body, as: UTF8.self).split(separator: "\n").map { line in
                    line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
            }
        }
    }

    struct NoteText: Request {
        typealias Response = String  // the body as text, in the charset of Content-Type
        let host = URL(string: "https://api.example.com/v1")!
        let id: Int
        var path: String { "/notes/\(segment: id).txt" }
    }

    /// Reads the text of every `<title>` element of an XML body, as `[String]`.
    struct XMLTitlesDecoder: ResponseDecoder {
        func decode<Value>(_ type: Value.Type, from body: Data, response: HTTPURLResponse) throws -> Value {
            let titles = TitleCollector()
            let parser = XMLParser(data: body)
            parser.delegate = titles
            // On Linux, parse() returns true for some malformed documents: parserError tells.
            guard parser.parse(), parser.parserError == nil else {
                throw parser.parserError ?? CocoaError(.coderReadCorrupt)
            }
            guard let value = titles.found as? Value else {
                throw ResponseDecodingError.unsupportedType(type, decoder: "XMLTitlesDecoder")
            }
            return value
        }
    }

    final class TitleCollector: NSObject, XMLParserDelegate {
        var found: [String] = []
        private var text: String?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            if element == "title" { text = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text? += string
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "title", let text { found.append(text) }
            if element == "title" { text = nil }
        }
    }

    struct FeedTitles: Request {
        typealias Response = [String]
        let host = URL(string: "https://api.example.com/v1")!
        let path = "/feed.xml"
        var responseDecoder: some ResponseDecoder { XMLTitlesDecoder() }
    }

    // MARK: An enum of endpoints

    enum NoteEndpoint: Request {
        case list(page: Int)
        case note(id: Int)
        case create(NewNote)
        case delete(id: Int)

        var host: URL { URL(string: "https://api.example.com/v1")! }

        var method: HTTPMethod {
            switch self {
            case .list, .note: .get
            case .create: .post
            case .delete: .delete
            }
        }

        var path: String {
            switch self {
            case .list, .create: "/notes"
            case .note(let id), .delete(let id): "/notes/\(segment: id)"
            }
        }

        var query: [String: Int]? {
            if case .list(let page) = self { ["page": page] } else { nil }
        }

        var body: NewNote? {
            if case .create(let note) = self { note } else { nil }
        }
    }
}

extension PortingGuide.NoteEndpoint {
    static func notes(page: Int) -> TypedRequest<Self, [PortingGuide.Note]> { .init(.list(page: page)) }
    static func note(_ id: Int) -> TypedRequest<Self, PortingGuide.Note> { .init(.note(id: id)) }
}

@Suite(.timeLimit(.minutes(5))) struct PortingGuideTests {
    typealias Note = PortingGuide.Note
    typealias NewNote = PortingGuide.NewNote
    typealias CreateNote = PortingGuide.CreateNote
    typealias NoteEndpoint = PortingGuide.NoteEndpoint

    @Test func thePortedRequestSendsWhatTheHandWrittenOneDid() async throws {
        let session = StubNetworkSession(.json(#"{"id": 1, "text": "hi"}"#, status: 201))
        let client = APIClient(session: session)
        let created = try await client.send(CreateNote(note: NewNote(text: "hi")))
        let sent = try #require(session.requests.first)
        #expect(created == Note(id: 1, text: "hi"))
        #expect(sent.httpMethod == "POST")
        #expect(sent.url?.absoluteString == "https://api.example.com/v1/notes?draft=true")
        #expect(sent.value(forHTTPHeaderField: "X-Client") == "ios")
        #expect(sent.httpBody == Data(#"{"text":"hi"}"#.utf8))
    }

    @Test func rawBytesKeepTheirContentType() throws {
        let request = try PortingGuide.UploadAttachment(noteID: 3, bytes: Data([1, 2])).makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(request.httpBody == Data([1, 2]))
    }

    @Test func serializers() async throws {
        let session = StubNetworkSession(
            .init(body: Data("a,b\nc,".utf8)),
            .init(headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data("hello".utf8)))
        let client = APIClient(session: session)
        let rows = try await client.send(PortingGuide.ExportNotes())
        let text = try await client.send(PortingGuide.NoteText(id: 2))
        #expect(rows == [["a", "b"], ["c", ""]])
        #expect(text == "hello")
    }

    @Test func anXMLDecoder() async throws {
        let feed = "<feed><title>Notes</title><item><title>a &amp; b</title></item><item><title/></item></feed>"
        let session = StubNetworkSession(.init(body: Data(feed.utf8)), .init(body: Data("<feed><title>a</feed>".utf8)))
        let client = APIClient(session: session)
        #expect(try await client.send(PortingGuide.FeedTitles()) == ["Notes", "a & b", ""])
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(PortingGuide.FeedTitles()) })
        guard case .decoding(let failure) = error else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(failure.body == Data("<feed><title>a</feed>".utf8))
        let other = PortingGuide.XMLTitlesDecoder()
        let response = try #require(
            HTTPURLResponse(
                url: URL(string: "https://a.example")!, statusCode: 200, httpVersion: nil, headerFields: nil))
        #expect(throws: ResponseDecodingError.self) {
            try other.decode(Int.self, from: Data("<a/>".utf8), response: response)
        }
    }

    @Test func anEnumOfEndpoints() async throws {
        let session = StubNetworkSession()
        session.stub(.get, "/v1/notes", with: .json(#"[{"id": 1, "text": "hi"}]"#))
        session.stub(.get, "/v1/notes/1", with: .json(#"{"id": 1, "text": "hi"}"#))
        session.stub(.delete, "/v1/notes/1", with: .init(status: 204))
        let client = APIClient(session: session)

        let notes = try await client.send(NoteEndpoint.notes(page: 2))  // [Note]
        let note = try await client.send(NoteEndpoint.note(1))  // Note
        try await client.send(NoteEndpoint.delete(id: 1))  // no response body
        let response = try await client.response(for: NoteEndpoint.note(1))

        #expect(notes == [Note(id: 1, text: "hi")])
        #expect(note == response.value && response.statusCode == 200)
        #expect(session.requests.first?.url?.query == "page=2")
    }

    @Test func aClientForAHostChosenAtRunTime() async throws {
        let port = 8080
        let session = StubNetworkSession(.json(#"{"id": 1, "text": "hi"}"#))
        let client = APIClient(session: session, hostOverride: URL(string: "http://127.0.0.1:\(port)/v1")!)
        _ = try await client.send(NoteEndpoint.note(1))
        #expect(session.requests.first?.url?.absoluteString == "http://127.0.0.1:8080/v1/notes/1")
    }

    @Test func everySnippetIsCompiledHere() throws {
        #expect(try GuideSnippets.linesMissing(from: "Docs/Porting.md", compiledIn: #filePath) == [])
        #expect(try GuideSnippets.codeLineCount(of: "Docs/Porting.md") > 60)
    }
}
