import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct StubNetworkSessionTests {
    func send(_ session: StubNetworkSession, _ method: String, _ url: String) async throws -> (Int, String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        let (body, response) = try await session.data(for: request)
        return (try #require(response as? HTTPURLResponse).statusCode, String(decoding: body, as: UTF8.self))
    }

    @Test func answersFromTheQueueInOrderAndThenFailsNamingTheRequest() async throws {
        let session = StubNetworkSession(.init(status: 201, body: Data("a".utf8)), .init(status: 202))
        session.enqueue(.init(status: 203))
        #expect(try await send(session, "GET", "https://x.test/1") == (201, "a"))
        #expect(try await send(session, "POST", "https://x.test/2") == (202, ""))
        #expect(try await send(session, "PUT", "https://x.test/3") == (203, ""))
        let error = try #require(
            await #expect(throws: URLError.self) { try await send(session, "GET", "https://x.test/4") })
        #expect(error.code == .resourceUnavailable)
        #expect(error.localizedDescription == "StubNetworkSession has no reply for GET https://x.test/4")
        #expect(session.requests.map(\.line) == ["GET /1", "POST /2", "PUT /3", "GET /4"])
    }

    @Test func stubsMatchMethodAndPathAndRepeatTheirLastReply() async throws {
        let session = StubNetworkSession(.init(status: 299))
        session.stub(.get, "/users", with: .init(status: 503), .json("[]"))
        session.stub(.post, "/users", with: .init(status: 201))
        #expect(try await send(session, "GET", "https://x.test/users?page=2") == (503, ""))
        #expect(try await send(session, "GET", "https://x.test/users") == (200, "[]"))
        #expect(try await send(session, "GET", "https://x.test/users") == (200, "[]"))
        #expect(try await send(session, "POST", "https://x.test/users") == (201, ""))
        #expect(try await send(session, "DELETE", "https://x.test/users") == (299, ""))  // the queue
    }

    @Test func stubsMatchThePathAsSentPercentEncoded() async throws {
        let session = StubNetworkSession()
        session.stub(.get, "/files/a%2Fb", with: .init(status: 204))
        #expect(try await send(session, "GET", "https://x.test/files/a%2Fb") == (204, ""))
        await #expect(throws: URLError.self) { try await send(session, "GET", "https://x.test/files/a/b") }
    }

    @Test func theHandlerAnswersWhatNoStubOrQueueDoes() async throws {
        let session = StubNetworkSession { request in
            if request.url?.path == "/fail" { throw URLError(.networkConnectionLost) }
            return .init(status: 200, headers: ["X-Path": request.url?.path ?? ""], body: Data("handled".utf8))
        }
        session.stub(.get, "/stubbed", with: .init(status: 204))
        #expect(try await send(session, "GET", "https://x.test/stubbed") == (204, ""))
        #expect(try await send(session, "GET", "https://x.test/other") == (200, "handled"))
        let error = try #require(
            await #expect(throws: URLError.self) { try await send(session, "GET", "https://x.test/fail") })
        #expect(error.code == .networkConnectionLost)
    }

    @Test func jsonRepliesAreLabelledUnlessTheyCarryTheirOwnContentType() async throws {
        var request = URLRequest(url: try #require(URL(string: "https://x.test/")))
        request.httpMethod = "GET"
        let session = StubNetworkSession(
            .json(#"{"a": 1}"#, status: 422, headers: ["X-Id": "1"]),
            .json("{}", headers: ["content-type": "application/problem+json"]))
        let (body, first) = try await session.data(for: request)
        let response = try #require(first as? HTTPURLResponse)
        #expect(body == Data(#"{"a": 1}"#.utf8))
        #expect(response.statusCode == 422)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "X-Id") == "1")
        let second = try #require(try await session.data(for: request).1 as? HTTPURLResponse)
        #expect(second.value(forHTTPHeaderField: "Content-Type") == "application/problem+json")
    }

    @Test func recordsTheRequestsAsSent() async throws {
        let session = StubNetworkSession(.init(status: 204))
        var request = URLRequest(url: try #require(URL(string: "https://x.test/upload?x=1")))
        request.httpMethod = "PUT"
        request.httpBody = Data("payload".utf8)
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        _ = try await session.data(for: request)
        let seen = try #require(session.requests.first)
        #expect(seen.url?.absoluteString == "https://x.test/upload?x=1")
        #expect(seen.httpBody == Data("payload".utf8))
        #expect(seen.value(forHTTPHeaderField: "Content-Type") == "text/plain")
    }
}
