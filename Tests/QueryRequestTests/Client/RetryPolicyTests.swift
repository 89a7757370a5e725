import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a `RetryPolicy` decides, for the whole client and for one request.
@Suite(.timeLimit(.minutes(5))) struct RetryPolicyTests {
    static let noWait = APIClient.Backoff(sleep: { _ in })

    @Test func theClientsPolicyAppliesToARequestWithoutOne() async throws {
        let session = StubNetworkSession(.init(status: 503), .init(status: 503), .init(status: 204))
        let client = APIClient(session: session, retryPolicy: RetryPolicy(maximumRetries: 2), backoff: Self.noWait)
        try await client.send(Ping())
        #expect(session.requests.count == 3)
    }

    @Test func aRequestsPolicyReplacesTheClientsWhole() async throws {
        let session = StubNetworkSession(.init(status: 503), .init(status: 204))
        let client = APIClient(session: session, retryPolicy: RetryPolicy(maximumRetries: 5), backoff: Self.noWait)
        let error = await #expect(throws: APIError.self) {
            try await client.send(Ping(setting: APISetting(retryPolicy: .never)))
        }
        #expect(error?.statusCode == 503)
        #expect(session.requests.count == 1)
    }

    @Test func theStatusesRetriedAreThePolicys() async throws {
        let policy = RetryPolicy(maximumRetries: 1, retryableStatusCodes: [409])
        let conflict = StubNetworkSession(.init(status: 409), .init(status: 204))
        try await APIClient(session: conflict, retryPolicy: policy, backoff: Self.noWait).send(Ping())
        #expect(conflict.requests.count == 2, "409 is in the policy's statuses")

        let unavailable = StubNetworkSession(.init(status: 503), .init(status: 204))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: unavailable, retryPolicy: policy, backoff: Self.noWait).send(Ping())
        }
        #expect(error?.statusCode == 503)
        #expect(unavailable.requests.count == 1, "503 is not in the policy's statuses")
    }

    @Test func theTransportErrorsRetriedAreThePolicys() async throws {
        let policy = RetryPolicy(maximumRetries: 1, retryableErrorCodes: [.badServerResponse])
        let bad = StubNetworkSession(.failure(URLError(.badServerResponse)), .init(status: 204))
        try await APIClient(session: bad, retryPolicy: policy, backoff: Self.noWait).send(Ping())
        #expect(bad.requests.count == 2)

        let timedOut = StubNetworkSession(.failure(URLError(.timedOut)), .init(status: 204))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: timedOut, retryPolicy: policy, backoff: Self.noWait).send(Ping())
        }
        guard case .transport(let urlError) = error else {
            Issue.record("expected the transport error, got \(String(describing: error))")
            return
        }
        #expect(urlError.code == .timedOut)
        #expect(timedOut.requests.count == 1)
    }

    @Test func aPostIsRetriedOnlyWhenThePolicySays() async throws {
        let refused = StubNetworkSession(.init(status: 503), .init(status: 204))
        await #expect(throws: APIError.self) {
            try await APIClient(session: refused, retryPolicy: RetryPolicy(maximumRetries: 1), backoff: Self.noWait)
                .send(Ping(method: .post))
        }
        #expect(refused.requests.count == 1)

        let allowed = StubNetworkSession(.init(status: 503), .init(status: 204))
        let policy = RetryPolicy(maximumRetries: 1, retriesNonIdempotentRequests: true)
        try await APIClient(session: allowed, retryPolicy: policy, backoff: Self.noWait).send(Ping(method: .post))
        #expect(allowed.requests.count == 2)
    }

    @Test func theDelaysAreThePolicys() async throws {
        let session = StubNetworkSession(.init(status: 500), .init(status: 500), .init(status: 204))
        let delays = Locked<[Duration]>([])
        let policy = RetryPolicy(maximumRetries: 2, initialDelay: .seconds(2), maximumDelay: .seconds(3))
        try await APIClient(session: session, retryPolicy: policy, backoff: recordingBackoff(into: delays)).send(
            Ping())
        #expect(delays.current == [.seconds(2), .seconds(3)])
    }

    @Test func policiesCompareByWhatTheySay() {
        #expect(RetryPolicy.never == RetryPolicy(maximumRetries: 0, maximumResumes: 0))
        #expect(RetryPolicy(maximumRetries: 0) != .never, "resumes are counted apart")
        #expect(RetryPolicy() != .never)
        #expect(RetryPolicy().retryableStatusCodes == [408, 429, 500, 502, 503, 504])
        #expect(APISetting(retryPolicy: RetryPolicy()) == APISetting(retryPolicy: RetryPolicy()))
    }
}
