import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Response<Value>`: what `response(for:)`, `download` and each page return.
@Suite(.timeLimit(.minutes(5))) struct ResponseTests {
    @Test func itHoldsTheValueTheStatusAndTheHeaders() async throws {
        let session = StubNetworkSession(
            .json(#"{"id": 42, "name": "Ada"}"#, status: 201, headers: ["X-RateLimit-Remaining": "9"]))
        let response = try await APIClient(session: session).response(for: GetMember())
        #expect(response.value == Member(id: 42, name: "Ada"))
        #expect(response.statusCode == 201)
        #expect(response.value(forHTTPHeaderField: "x-ratelimit-remaining") == "9")
        #expect(response.httpResponse.statusCode == 201)
        #expect(response.url.absoluteString == "https://api.example.com/users/42")
    }

    @Test func itsURLIsTheOneThatAnsweredAfterRedirects() async throws {
        let session = redirectingSession([
            RedirectFollowingTests.start: (302, "/moved"), "https://api.example.com/moved": (301, "/final?x=1"),
        ])
        let response = try await APIClient(session: session).response(for: RedirectedRequest())
        #expect(response.statusCode == 200)
        #expect(response.url.absoluteString == "https://api.example.com/final?x=1")
    }

    @Test func sendReturnsTheSameValue() async throws {
        let session = StubNetworkSession(.json(#"{"id": 1, "name": "A"}"#), .json(#"{"id": 1, "name": "A"}"#))
        let client = APIClient(session: session)
        #expect(try await client.send(GetMember()) == client.response(for: GetMember()).value)
    }

    @Test func mapKeepsTheHTTPResponseAndTheURL() throws {
        let url = try #require(URL(string: "https://api.example.com/users/42"))
        let http = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: ["A": "b"]))
        let response = Response(value: 21, httpResponse: http)
        let doubled = response.map { String($0 * 2) }
        #expect(doubled.value == "42")
        #expect(doubled.url == url)
        #expect(doubled.value(forHTTPHeaderField: "a") == "b")
        let elsewhere = try #require(URL(string: "https://cdn.example.com/x"))
        #expect(Response(value: 0, httpResponse: http, url: elsewhere).url == elsewhere)
    }
}
