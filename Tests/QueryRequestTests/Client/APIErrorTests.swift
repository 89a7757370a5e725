import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct APIErrorTests {
    struct BrokenHost: APIHost {
        struct NotAURL: Error, CustomStringConvertible {
            var description: String { "not a URL" }
        }
        var baseURL: URL { get throws { throw NotAURL() } }
    }

    struct ToBrokenHost: Request {
        let host = BrokenHost()
        let path = "/x"
    }

    @Test func aRequestThatCannotBeBuiltIsInvalidAndNothingIsSent() async throws {
        let session = StubNetworkSession(.init(status: 200))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(ToBrokenHost()) })
        guard case .invalidRequest(let underlying) = error else {
            Issue.record("expected an invalid request, got \(error)")
            return
        }
        #expect(underlying is BrokenHost.NotAURL)
        #expect(error.description == "Invalid request, nothing was sent: not a URL")
        #expect(session.requests.isEmpty)
        #expect(error.statusCode == nil && error.response == nil && error.responseBody == nil)
    }

    @Test func aURLErrorIsATransportError() async throws {
        let session = StubNetworkSession(.failure(URLError(.cannotConnectToHost)))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(Ping()) })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .cannotConnectToHost)
        #expect(urlError.failingURL?.absoluteString == "https://api.example.com/ping")
        #expect(
            error.description
                == "Transport failure from https://api.example.com/ping: could not connect to the host (URLError -1004)"
        )
        #expect(error.statusCode == nil)
    }

    @Test func anotherErrorOfTheSessionIsWrappedAsTheUnderlyingErrorOfAURLError() async throws {
        struct Unplugged: Error, CustomStringConvertible {
            var description: String { "unplugged" }
        }
        let session = StubNetworkSession(.failure(Unplugged()))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(Ping()) })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == .unknown)
        #expect(urlError.userInfo[NSUnderlyingErrorKey] is Unplugged)
        #expect(error.description.hasSuffix("(URLError -1), caused by: unplugged"))
    }

    @Test func anUnacceptableStatusCarriesTheResponseAndBody() async throws {
        let body = #"{"code": "gone", "message": "This user left"}"#
        let session = StubNetworkSession(.json(body, status: 410, headers: ["X-Request-Id": "r1"]))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(GetMember()) })
        #expect(error.statusCode == 410)
        #expect(error.response?.value(forHTTPHeaderField: "X-Request-Id") == "r1")
        #expect(error.responseBody == Data(body.utf8))
        #expect(error.apiError(as: ErrorResponse.self) == nil)  // none declared
        #expect(
            error.description == "Unacceptable status 410 (\(HTTPURLResponse.localizedString(forStatusCode: 410)))"
                + #" from https://api.example.com/users/42; body: {"code": "gone", "message": "This user left"}"#)
    }

    @Test func theClientsErrorBodyIsDecodedForEveryRequestThatDeclaresNone() async throws {
        let session = StubNetworkSession(.json(#"{"code": "missing", "message": "No such user"}"#, status: 404))
        let client = APIClient(session: session, errorBody: ErrorResponse.self)
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(GetMember()) })
        #expect(error.apiError(as: ErrorResponse.self) == ErrorResponse(code: "missing", message: "No such user"))
        guard case .unacceptableStatus(let failure) = error, failure.statusCode == 404,
            let apiError = failure.apiError as? ErrorResponse
        else {
            Issue.record("expected a 404 with an ErrorResponse, got \(error)")
            return
        }
        #expect(apiError.message == "No such user")
    }

    @Test func aRequestsOwnErrorBodyWinsOverTheClients() async throws {
        let session = StubNetworkSession(.json(#"{"error": "bad query"}"#, status: 400))
        let client = APIClient(session: session, errorBody: ErrorResponse.self)
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(SearchMembers()) })
        #expect(error.apiError(as: GooError.self) == GooError(error: "bad query"))
        #expect(error.apiError(as: ErrorResponse.self) == nil)
    }

    @Test func aBodyThatIsNotTheDeclaredErrorTypeLeavesApiErrorEmptyButKeepsTheBody() async throws {
        let page = "<html><body>502 Bad Gateway</body></html>"
        let session = StubNetworkSession(.init(status: 502, body: Data(page.utf8)))
        let client = APIClient(session: session, errorBody: ErrorResponse.self)
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(GetMember()) })
        #expect(error.statusCode == 502)
        #expect(error.apiError(as: ErrorResponse.self) == nil)
        #expect(error.responseBody == Data(page.utf8))
    }

    @Test func aDecodingErrorSaysWhereAndCarriesTheBody() async throws {
        let body = #"{"id": 42}"#
        let session = StubNetworkSession(.json(body))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(GetMember()) })
        guard case .decoding(let failure) = error, case .keyNotFound(let key, _) = failure.error else {
            Issue.record("expected a missing key, got \(error)")
            return
        }
        #expect(key.stringValue == "name")
        #expect(failure.response.statusCode == 200)
        #expect(failure.body == Data(body.utf8))
        #expect(error.statusCode == 200)
        #expect(error.responseBody == Data(body.utf8))
        #expect(
            error.description == #"Could not decode the 200 response from https://api.example.com/users/42: "#
                + #"key "name" not found at the top level; body: {"id": 42}"#)
    }

    @Test func aDecodingErrorNamesTheCodingPath() async throws {
        struct Team: Decodable, Sendable { let members: [Member] }
        struct GetTeam: Request {
            typealias Response = Team
            let host = StubHost.api
            let path = "/team"
        }
        let session = StubNetworkSession(.json(#"{"members": [{"id": 1, "name": "A"}, {"id": "two", "name": "B"}]}"#))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(GetTeam()) })
        #expect(error.description.contains("type mismatch for Int at .members[1].id: "))
    }

    @Test func anErrorThrownByACustomDecodableIsKeptAsTheUnderlyingError() async throws {
        struct Refused: Error {}
        struct Picky: Decodable, Sendable {
            init(from decoder: any Decoder) throws { throw Refused() }
        }
        struct GetPicky: Request {
            typealias Response = Picky
            let host = StubHost.api
            let path = "/picky"
        }
        let session = StubNetworkSession(.json("{}"))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(GetPicky()) })
        guard case .decoding(let failure) = error, case .dataCorrupted(let context) = failure.error else {
            Issue.record("expected a decoding error, got \(error)")
            return
        }
        #expect(context.underlyingError is Refused)
    }

    @Test func longBodiesAreCutToAShortOneLineExcerpt() async throws {
        let body = "line one\nline two\t" + String(repeating: "é", count: 200)
        let session = StubNetworkSession(.init(status: 500, body: Data(body.utf8)))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(Ping()) })
        // 200 bytes: 18 ASCII bytes, then 91 two-byte "é" (182 bytes); the cut falls between characters.
        let expected = "line one line two " + String(repeating: "é", count: 91) + "… (418 bytes)"
        #expect(error.description.hasSuffix("; body: " + expected))
    }

    @Test func aCutThroughAMultiByteCharacterDropsItsFirstBytes() async throws {
        let body = "x" + String(repeating: "€", count: 100)  // "€" is 3 bytes: the 200-byte cut splits one
        let session = StubNetworkSession(.init(status: 500, body: Data(body.utf8)))
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(Ping()) })
        #expect(error.description.hasSuffix("; body: x" + String(repeating: "€", count: 66) + "… (301 bytes)"))
    }

    @Test func binaryAndEmptyBodiesAreDescribedNotPrinted() async throws {
        let session = StubNetworkSession(.init(status: 500, body: Data([0xFF, 0xFE, 0x00])), .init(status: 500))
        let client = APIClient(session: session)
        let binary = try #require(await #expect(throws: APIError.self) { try await client.send(Ping()) })
        #expect(binary.description.hasSuffix("; body: (3 bytes, not UTF-8 text)"))
        let empty = try #require(await #expect(throws: APIError.self) { try await client.send(Ping()) })
        #expect(empty.description.hasSuffix("; body: (empty)"))
    }

    @Test func localizedDescriptionIsTheDescription() {
        let error: any Error = APIError.cancelled
        #expect(error.localizedDescription == "The request was cancelled.")
    }
}
