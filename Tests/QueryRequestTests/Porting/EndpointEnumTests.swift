import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The endpoint-enum pattern of Moya's TargetType and of many apps, as Docs/Porting.md declares it
// (`PortingGuide.NoteEndpoint`): one enum, a case per endpoint.

@Suite(.timeLimit(.minutes(5))) struct EndpointEnumTests {
    typealias NoteEndpoint = PortingGuide.NoteEndpoint
    typealias Note = PortingGuide.Note

    @Test func eachCaseDecidesMethodPathQueryAndBody() throws {
        let list = try NoteEndpoint.list(page: 2).makeURLRequest()
        #expect(list.httpMethod == "GET")
        #expect(list.url?.absoluteString == "https://api.example.com/v1/notes?page=2")
        #expect(list.httpBody == nil)
        let create = try NoteEndpoint.create(PortingGuide.NewNote(text: "hi")).makeURLRequest()
        #expect(create.httpMethod == "POST")
        #expect(create.url?.absoluteString == "https://api.example.com/v1/notes")
        #expect(create.httpBody == Data(#"{"text":"hi"}"#.utf8))
        #expect(create.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let delete = try NoteEndpoint.delete(id: 7).makeURLRequest()
        #expect(delete.httpMethod == "DELETE")
        #expect(delete.url?.absoluteString == "https://api.example.com/v1/notes/7")
        #expect(delete.httpBody == nil)
    }

    @Test func theCaseDecidesTheResponseTypeAndAWrongBodyIsADecodingError() async throws {
        let session = StubNetworkSession()
        session.stub(.get, "/v1/notes/1", with: .json(#"{"id": 1, "text": "hi"}"#), .json(#"[]"#))
        let client = APIClient(session: session)
        let note: Note = try await client.send(NoteEndpoint.note(1))
        #expect(note == Note(id: 1, text: "hi"))
        await #expect {
            try await client.send(NoteEndpoint.note(1))
        } throws: { error in
            guard case .decoding(let failure) = error as? APIError else { return false }
            return failure.body == Data("[]".utf8)
        }
    }

    @Test func aTypedRequestIsSentExactlyAsItsBase() throws {
        let base = try NoteEndpoint.create(PortingGuide.NewNote(text: "Ann")).makeURLRequest()
        let typed = try NoteEndpoint.create(PortingGuide.NewNote(text: "Ann")).returning(Note.self).makeURLRequest()
        #expect(typed == base)
        #expect(TypedRequest(NoteEndpoint.note(id: 3), as: Note.self).base.path == "/notes/3")
    }
}
