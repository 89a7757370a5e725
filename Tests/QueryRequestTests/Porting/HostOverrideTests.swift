import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Existing requests sent to a host chosen at run time, with every URL rule kept.

@Suite(.timeLimit(.minutes(5))) struct HostOverrideTests {
    @Test func makeURLRequestForAnotherHostKeepsPathQueryAndHeaders() throws {
        let local = try #require(URL(string: "http://127.0.0.1:8080/v2"))
        let request = try GetMember().makeURLRequest(host: local)
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/v2/users/42")
    }

    @Test func theClientsHostOverrideServesEveryRequest() async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#), .init(status: 204))
        let staging = try #require(URL(string: "https://staging.example.com/api"))
        let client = APIClient(session: session, hostOverride: staging)
        _ = try await client.send(GetMember())
        try await client.send(Ping())
        #expect(
            session.requests.map { $0.url?.absoluteString } == [
                "https://staging.example.com/api/users/42", "https://staging.example.com/api/ping",
            ])
    }

    @Test func anOverrideKeepsEveryPathRule() throws {
        struct Hostile: Request {
            let host = StubHost.api
            var path: String
        }
        let local = try #require(URL(string: "http://127.0.0.1:9000/base"))
        #expect(try Hostile(path: "//evil.com/x").makeURLRequest(host: local).url?.host == "127.0.0.1")
        #expect(throws: RequestBuildingError.self) { try Hostile(path: "/../admin").makeURLRequest(host: local) }
        let withCredentials = try #require(URL(string: "https://user:secret@example.com"))
        #expect(throws: RequestBuildingError.self) { try Hostile(path: "/x").makeURLRequest(host: withCredentials) }
    }

    @Test func anEnvironmentChosenAtRunTime() async throws {
        enum Environment: String, APIHost, CaseIterable {
            case production = "api.example.com"
            case staging = "staging.example.com"
        }
        let configured = "staging"  // read from a launch argument or settings screen
        let environment = try #require(Environment.allCases.first { "\($0)" == configured })
        let session = StubNetworkSession(.init(status: 204))
        try await APIClient(session: session, hostOverride: environment).send(Ping())
        #expect(session.requests.first?.url?.absoluteString == "https://staging.example.com/ping")
    }

    @Test func aRequestThatBuildsItsOwnURLCannotEscapeTheOverride() async throws {
        struct Handmade: Request {
            let host = StubHost.api
            let path = "/x"
            func makeURLRequest() throws -> URLRequest {
                URLRequest(url: URL(string: "https://elsewhere.example.org/x")!)
            }
        }
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(session: session, hostOverride: URL(string: "http://127.0.0.1:1")!)
        await #expect {
            try await client.send(Handmade())
        } throws: { error in
            guard case .invalidRequest(RequestBuildingError.invalidHost(_, let reason)) = error as? APIError else {
                return false
            }
            return reason.contains("did not use the client's hostOverride")
        }
        #expect(session.requests.isEmpty)
    }

    @Test func aRequestThatBuildsThroughAnotherRequestGetsTheOverrideToo() async throws {
        struct Wrapped: Request {
            let host = StubHost.api
            let path = "/wrapped"
            func makeURLRequest() throws -> URLRequest {
                var request = try GetMember().makeURLRequest()
                request.setValue("1", forHTTPHeaderField: "X-Wrapped")
                return request
            }
        }
        let session = StubNetworkSession(.init(status: 204))
        try await APIClient(session: session, hostOverride: URL(string: "http://127.0.0.1:1")!).send(Wrapped())
        #expect(session.requests.first?.url?.absoluteString == "http://127.0.0.1:1/users/42")
        #expect(session.requests.first?.value(forHTTPHeaderField: "X-Wrapped") == "1")
    }
}

@Suite(.timeLimit(.minutes(5))) struct HostOverrideSpellingTests {
    @Test func anOverrideSpelledWithCapitalsOrEscapesIsTheSameHost() async throws {
        let session = StubNetworkSession(.init(status: 204), .init(status: 204))
        for spelling in ["https://API.Example.com/v1", "https://api%2Dexample.com/v1"] {
            let override: URL = try #require(URL(string: spelling))
            let client = APIClient(session: session, hostOverride: override)
            try await client.send(Ping())
        }
        #expect(session.requests.count == 2, "both spellings name the host the request is built for")
    }
}
