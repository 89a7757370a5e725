import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct ValidationTests {
    @Test(arguments: [200, 201, 203, 299])
    func decodesTheBodyOfAnySuccessStatus(status: Int) async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#, status: status))
        let response = try await APIClient(session: session).response(for: GetMember())
        #expect(response.value == Member(id: 42, name: "Ada"))
        #expect(response.statusCode == status)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func sendsTheBuiltRequest() async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#))
        _ = try await APIClient(session: session).send(GetMember(method: .put))
        #expect(session.requests.map(\.line) == ["PUT /users/42"])
        #expect(session.requests.first?.url?.absoluteString == "https://api.example.com/users/42")
    }

    @Test(arguments: [
        StubNetworkSession.Reply(status: 204),
        StubNetworkSession.Reply(status: 205),
        StubNetworkSession.Reply(status: 200),
        StubNetworkSession.Reply(status: 200, body: Data("ignored, not even JSON".utf8)),
        StubNetworkSession.Reply(status: 202, body: Data(#"{"queued": true}"#.utf8)),
    ])
    func emptyResponseAcceptsAnySuccessWhateverItsBody(reply: StubNetworkSession.Reply) async throws {
        let response = try await APIClient(session: StubNetworkSession(reply)).response(for: Ping())
        #expect(response.value == EmptyResponse())
        #expect((200..<300).contains(response.statusCode))
    }

    @Test func emptyResponseAcceptsHead() async throws {
        let session = StubNetworkSession(.init(status: 200, headers: ["Content-Length": "120"]))
        let value = try await APIClient(session: session).send(Ping(method: .head))
        #expect(value == EmptyResponse())
        #expect(session.requests.map(\.line) == ["HEAD /ping"])
    }

    @Test(arguments: [200, 204])
    func anyOtherTypeWithAnEmptyBodyIsADecodingErrorThatSaysSo(status: Int) async throws {
        let session = StubNetworkSession(.init(status: status))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(GetMember()) })
        guard case .decoding(let failure) = error, case .dataCorrupted(let context) = failure.error else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(failure.response.statusCode == status)
        #expect(failure.body.isEmpty)
        #expect(
            context.debugDescription
                == "the response body is empty (status \(status)), but Member was expected; "
                + "declare `typealias Response = EmptyResponse` for a request whose response has no body")
        #expect(
            error.description.contains("Could not decode the \(status) response from https://api.example.com/users/42"))
    }

    @Test func aHeadRequestForABodyIsADecodingErrorThatNamesHead() async throws {
        let session = StubNetworkSession(.init(status: 200))
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await APIClient(session: session).send(GetMember(method: .head))
            })
        guard case .decoding(let failure) = error, case .dataCorrupted(let context) = failure.error else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(
            context.debugDescription.hasPrefix("the response body is empty (a HEAD request), but Member was expected"))
    }

    @Test(arguments: [100, 199, 300, 304, 400, 401, 404, 500, 503])
    func everyStatusOutside2xxIsUnacceptable(status: Int) async throws {
        let session = StubNetworkSession(.init(status: status, body: Data("nope".utf8)))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(Ping()) })
        guard case .unacceptableStatus(let failure) = error else {
            Issue.record("expected an unacceptable status, got \(error)")
            return
        }
        #expect(failure.statusCode == status)
        #expect(failure.response.statusCode == status)
        #expect(failure.body == Data("nope".utf8))
        #expect(failure.apiError == nil)
    }

    @Test func aNonHTTPResponseIsATransportError() async throws {
        struct FileSession: NetworkSession {
            func data(for request: URLRequest) async throws -> (Data, URLResponse) {
                let url = try #require(request.url)
                return (Data(), URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
            }
        }
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: FileSession()).send(Ping()) })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .badServerResponse)
        #expect(
            error.description
                == "Transport failure from https://api.example.com/ping: the server's response was not an HTTP response (URLError -1011)"
        )
    }

    @Test func usesTheClientsDecoder() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Profile: Decodable, Sendable, Equatable { let displayName: String }
        struct GetProfile: Request {
            typealias Response = Profile
            let host = StubHost.api
            let path = "/profile"
        }
        let session = StubNetworkSession(.json(#"{"display_name": "Ada"}"#))
        #expect(
            try await APIClient(session: session, decoder: decoder).send(GetProfile()) == Profile(displayName: "Ada"))
    }

    @Test func aRequestsOwnDecoderWinsOverTheClients() async throws {
        struct Event: Decodable, Sendable, Equatable { let at: Date }
        struct GetEvent: Request {
            typealias Response = Event
            let host = StubHost.api
            let path = "/event"
            var responseDecoder: JSONDecoder? {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .secondsSince1970
                return decoder
            }
        }
        let session = StubNetworkSession(.json(#"{"at": 86400}"#), .json(#"{"at": 86400}"#))
        let client = APIClient(session: session)
        #expect(try await client.send(GetEvent()) == Event(at: Date(timeIntervalSince1970: 86400)))
        // The default decoder reads dates as seconds since 2001: the same body, another date.
        struct GetEventDefault: Request {
            typealias Response = Event
            let host = StubHost.api
            let path = "/event"
        }
        #expect(try await client.send(GetEventDefault()) == Event(at: Date(timeIntervalSinceReferenceDate: 86400)))
    }
}
