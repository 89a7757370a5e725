import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct ResponseLimitTests {
    static func body(_ count: Int) -> StubNetworkSession.Reply { .init(status: 200, body: Data(count: count)) }

    @Test func aBodyUpToTheLimitIsReadAndALargerOneThrows() async throws {
        let session = StubNetworkSession(Self.body(10), Self.body(11))
        let client = APIClient(session: session, maximumResponseSize: 10)
        struct Bytes: Request {
            typealias Response = Data
            let host = StubHost.api
            let path = "/bytes"
        }
        #expect(try await client.send(Bytes()).count == 10)
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(Bytes()) })
        guard case .responseTooLarge(let limit, let response) = error else {
            Issue.record("expected responseTooLarge, got \(error)")
            return
        }
        #expect(limit == 10)
        #expect(response.statusCode == 200)
        #expect(error.responseBody == nil, "the body is not kept")
        #expect(error.description.contains("is larger than the limit of 10 bytes"))
    }

    @Test func aRequestsOwnLimitWinsOverTheClients() async throws {
        let session = StubNetworkSession(Self.body(100), Self.body(100))
        let client = APIClient(session: session, maximumResponseSize: 10)
        try await client.send(Ping(setting: APISetting(maximumResponseSize: 100)))
        await #expect(throws: APIError.self) {
            try await client.send(Ping(setting: APISetting(maximumResponseSize: 99)))
        }
    }

    @Test func theDefaultLimitIs32MiB() {
        #expect(APIClient.defaultMaximumResponseSize == 33_554_432)
    }

    /// A session that stops reading early reports the limit itself; the client passes it the limit.
    @Test func aSessionThatEnforcesTheLimitItselfIsAskedWithTheRequestsLimit() async throws {
        final class EarlyStop: NetworkSession, @unchecked Sendable {
            let limits = Locked<[Int]>([])
            func data(for request: URLRequest) async throws -> (Data, URLResponse) {
                Issue.record("the client should call data(for:upTo:)")
                return (Data(), httpResponse(200))
            }
            func data(for request: URLRequest, upTo limit: Int) async throws -> (Data, URLResponse) {
                limits.update { $0.append(limit) }
                throw ResponseTooLargeError(
                    limit: limit, response: httpResponse(200, headers: ["Content-Length": "999"]))
            }
        }
        let session = EarlyStop()
        let client = APIClient(session: session, maximumResponseSize: 500)
        await #expect(throws: APIError.self) {
            try await client.send(Ping(setting: APISetting(maximumResponseSize: 7)))
        }
        await #expect(throws: APIError.self) { try await client.send(Ping()) }
        #expect(session.limits.current == [7, 500])
    }
}
