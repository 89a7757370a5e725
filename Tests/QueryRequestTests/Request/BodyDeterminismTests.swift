import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The body `makeURLRequest()` shows is, byte for byte, the body every attempt sends: `JSONEncoder` on Linux writes a
/// dictionary's keys in another order on each encode, so a JSON body is encoded with sorted keys unless the
/// request names an encoder, and once per `send`.
@Suite(.timeLimit(.minutes(5))) struct BodyDeterminismTests {
    /// Enough keys that two unsorted encodes practically never agree.
    static let counts = Dictionary(uniqueKeysWithValues: (0..<64).map { ("key\($0)", $0) })

    struct Tally: Request {
        let method: HTTPMethod = .post
        let host = URL(string: "https://api.example.com")!
        let path = "/tally"
        let body: [String: Int]
        let setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1, retriesNonIdempotentRequests: true))
    }

    struct TallyAsRequestBody: Request {
        let method: HTTPMethod = .put
        let host = URL(string: "https://api.example.com")!
        let path = "/tally"
        let counts: [String: Int]
        var body: RequestBody? { .json(counts) }
    }

    @Test func theBodyShownIsTheBodySentOnEveryAttemptAndHop() async throws {
        let request = Tally(body: Self.counts)
        let shown = try #require(try request.makeURLRequest().httpBody)
        let session = StubNetworkSession(
            .init(status: 503), .init(status: 307, headers: ["Location": "/tally/moved"]), .json("{}"))
        let client = APIClient(session: session, backoff: APIClient.Backoff(sleep: { _ in }))
        try await client.send(request)
        let sent = session.requests
        #expect(sent.map(\.url?.path) == ["/tally", "/tally", "/tally/moved"])
        for attempt in sent { #expect(attempt.httpBody == shown) }
    }

    @Test func aJSONBodyIsTheSameBytesWheneverItIsEncoded() throws {
        let declared = try #require(try Tally(body: Self.counts).makeURLRequest().httpBody)
        let built = try #require(try TallyAsRequestBody(counts: Self.counts).makeURLRequest().httpBody)
        #expect(declared == built)
        for _ in 0..<20 {
            #expect(try Tally(body: Self.counts).makeURLRequest().httpBody == declared)
            #expect(try TallyAsRequestBody(counts: Self.counts).makeURLRequest().httpBody == declared)
        }
        let decoded = try JSONDecoder().decode([String: Int].self, from: declared)
        #expect(decoded == Self.counts)
    }

    @Test func theClientsBodyEncoderIsUsedAsGiven() async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let session = StubNetworkSession(.json("{}"))
        try await APIClient(session: session, bodyEncoder: encoder).send(Tally(body: ["b": 2, "a": 1]))
        let body = try #require(session.requests.first?.httpBody)
        #expect(String(decoding: body, as: UTF8.self) == "{\n  \"a\" : 1,\n  \"b\" : 2\n}")
    }
}
