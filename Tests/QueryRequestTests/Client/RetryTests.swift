import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct RetryTests {
    static let user = StubNetworkSession.Reply.json(#"{"id": 42, "name": "Ada"}"#)

    static func retrying(
        _ count: Int, nonIdempotent: Bool = false, initialDelay: Duration = .milliseconds(100),
        maximumDelay: Duration = .seconds(30)
    ) -> APISetting {
        APISetting(
            retryPolicy: RetryPolicy(
                maximumRetries: count, retriesNonIdempotentRequests: nonIdempotent, initialDelay: initialDelay,
                maximumDelay: maximumDelay))
    }

    @Test func retriesAServerErrorAndSucceeds() async throws {
        let session = StubNetworkSession(.init(status: 503), .init(status: 500), Self.user)
        let delays = Locked<[Duration]>([])
        let client = APIClient(session: session, backoff: recordingBackoff(into: delays))
        let user = try await client.send(GetMember(setting: Self.retrying(2)))
        #expect(user == Member(id: 42, name: "Ada"))
        #expect(session.requests.count == 3)
        #expect(delays.current == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func throwsTheLastResponseWhenTheRetriesAreUsedUp() async throws {
        let session = StubNetworkSession(.init(status: 503), .init(status: 502), .init(status: 504), Self.user)
        let delays = Locked<[Duration]>([])
        let client = APIClient(session: session, backoff: recordingBackoff(into: delays))
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.retrying(2))) })
        #expect(error.statusCode == 504)
        #expect(session.requests.count == 3)
        #expect(delays.current.count == 2)
    }

    @Test func doesNotRetryWithoutARetryCount() async throws {
        let session = StubNetworkSession(.init(status: 503), Self.user)
        let error = try #require(
            await #expect(throws: APIError.self) { try await APIClient(session: session).send(GetMember()) })
        #expect(error.statusCode == 503)
        #expect(session.requests.count == 1)
    }

    @Test func aNegativeRetryCountMeansNoRetries() async throws {
        let session = StubNetworkSession(.init(status: 503), Self.user)
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.retrying(-3))) }
        #expect(session.requests.count == 1)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504])
    func retriesStatusesThatMeanTryAgain(status: Int) async throws {
        let session = StubNetworkSession(.init(status: status), Self.user)
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        _ = try await client.send(GetMember(setting: Self.retrying(1)))
        #expect(session.requests.count == 2)
    }

    @Test(arguments: [400, 401, 403, 404, 409, 422, 501, 505])
    func doesNotRetryOtherStatuses(status: Int) async throws {
        let session = StubNetworkSession(.init(status: status), Self.user)
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.retrying(3))) })
        #expect(error.statusCode == status)
        #expect(session.requests.count == 1)
    }

    @Test(arguments: [
        URLError.Code.timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
        .notConnectedToInternet,
    ])
    func retriesTransportErrorsWorthRetrying(code: URLError.Code) async throws {
        let session = StubNetworkSession(.failure(URLError(code)), Self.user)
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        _ = try await client.send(GetMember(setting: Self.retrying(1)))
        #expect(session.requests.count == 2)
    }

    @Test(arguments: [
        URLError.Code.badURL, .unsupportedURL, .secureConnectionFailed, .serverCertificateUntrusted,
        .userAuthenticationRequired, .badServerResponse, .dataLengthExceedsMaximum,
    ])
    func doesNotRetryOtherTransportErrors(code: URLError.Code) async throws {
        let session = StubNetworkSession(.failure(URLError(code)), Self.user)
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.retrying(3))) })
        guard case .transport(let urlError) = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(urlError.code == code)
        #expect(session.requests.count == 1)
    }

    @Test(arguments: [HTTPMethod.get, .head, .put, .delete, .options])
    func retriesIdempotentMethods(method: HTTPMethod) async throws {
        let session = StubNetworkSession(.init(status: 503), .init(status: 204))
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        _ = try await client.send(Ping(method: method, setting: Self.retrying(1)))
        #expect(session.requests.map(\.line) == ["\(method.rawValue) /ping", "\(method.rawValue) /ping"])
    }

    /// Foundation sends `"get"` as `GET`: its semantics are GET's, retries included.
    @Test(arguments: ["get", "Get", "head", "put", "delete", "options"])
    func retriesIdempotentMethodsSpelledInLowercase(spelling: String) async throws {
        let session = StubNetworkSession(.init(status: 503), .init(status: 204))
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        _ = try await client.send(Ping(method: HTTPMethod(rawValue: spelling), setting: Self.retrying(1)))
        // Foundation uppercases some standard methods as it stores them: compare without case.
        #expect(session.requests.map { $0.httpMethod?.uppercased() } == [spelling.uppercased(), spelling.uppercased()])
    }

    @Test(arguments: ["post", "patch", "Post"])
    func doesNotRetryNonIdempotentMethodsSpelledInLowercase(spelling: String) async throws {
        let session = StubNetworkSession(.init(status: 503), .init(status: 204))
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        await #expect(throws: APIError.self) {
            try await client.send(Ping(method: HTTPMethod(rawValue: spelling), setting: Self.retrying(3)))
        }
        #expect(session.requests.count == 1)
    }

    @Test(arguments: [HTTPMethod.post, .patch])
    func doesNotRetryNonIdempotentMethodsUnlessTheRequestOptsIn(method: HTTPMethod) async throws {
        let session = StubNetworkSession(
            .init(status: 503), .failure(URLError(.networkConnectionLost)), .init(status: 503), .init(status: 204))
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        await #expect(throws: APIError.self) { try await client.send(Ping(method: method, setting: Self.retrying(3))) }
        #expect(session.requests.count == 1)
        await #expect(throws: APIError.self) { try await client.send(Ping(method: method, setting: Self.retrying(3))) }
        #expect(session.requests.count == 2)
        _ = try await client.send(Ping(method: method, setting: Self.retrying(3, nonIdempotent: true)))
        #expect(session.requests.count == 4)
    }

    @Test func backoffDoublesFromTheInitialDelayUpToTheMaximum() async throws {
        let session = StubNetworkSession(
            .init(status: 503), .init(status: 503), .init(status: 503), .init(status: 503), .init(status: 503),
            .init(status: 204))
        let delays = Locked<[Duration]>([])
        let backoff = recordingBackoff(into: delays)
        _ = try await APIClient(session: session, backoff: backoff).send(
            Ping(setting: Self.retrying(5, initialDelay: .milliseconds(300), maximumDelay: .seconds(2))))
        #expect(
            delays.current == [.milliseconds(300), .milliseconds(600), .milliseconds(1200), .seconds(2), .seconds(2)])
    }

    @Test func jitterPicksAFractionOfTheCeiling() async throws {
        let session = StubNetworkSession(.init(status: 500), .init(status: 500), .init(status: 500), .init(status: 204))
        let delays = Locked<[Duration]>([])
        let fractions = Locked<[Double]>([0.25, 0, 0.5])
        let backoff = APIClient.Backoff(
            jitter: { fractions.update { $0.removeFirst() } }, sleep: { delay in delays.update { $0.append(delay) } })
        _ = try await APIClient(session: session, backoff: backoff).send(
            Ping(setting: Self.retrying(3, initialDelay: .seconds(1))))
        #expect(delays.current == [.milliseconds(250), .zero, .seconds(2)])
    }

    @Test(arguments: [(-1.0, Duration.zero), (.nan, .zero), (7, .seconds(1))])
    func jitterOutsideZeroToOneIsClamped(fraction: Double, expected: Duration) async throws {
        let session = StubNetworkSession(.init(status: 500), .init(status: 204))
        let delays = Locked<[Duration]>([])
        let backoff = APIClient.Backoff(jitter: { fraction }, sleep: { delay in delays.update { $0.append(delay) } })
        _ = try await APIClient(session: session, backoff: backoff).send(
            Ping(setting: Self.retrying(1, initialDelay: .seconds(1))))
        #expect(delays.current == [expected])
    }

    @Test func aLargeRetryCountDoesNotOverflowTheBackoff() async throws {
        let count = 70
        let session = StubNetworkSession(handler: { _ in .init(status: 503) })
        let delays = Locked<[Duration]>([])
        let backoff = recordingBackoff(into: delays)
        await #expect(throws: APIError.self) {
            try await APIClient(session: session, backoff: backoff).send(
                Ping(setting: Self.retrying(count, initialDelay: .seconds(1), maximumDelay: .seconds(10))))
        }
        #expect(session.requests.count == count + 1)
        #expect(delays.current.suffix(60) == Array(repeating: .seconds(10), count: 60))
    }

    @Test func neverRetriesACancellation() async throws {
        let session = StubNetworkSession(.failure(URLError(.cancelled)), Self.user)
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.retrying(3))) })
        guard case .cancelled = error else {
            Issue.record("expected a cancellation, got \(error)")
            return
        }
        #expect(session.requests.count == 1)
    }

    @Test func aSleepThatThrowsEndsTheRetriesAsACancellation() async throws {
        let session = StubNetworkSession(.init(status: 503), Self.user)
        let backoff = APIClient.Backoff(sleep: { _ in throw CancellationError() })
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await APIClient(session: session, backoff: backoff).send(GetMember(setting: Self.retrying(3)))
            })
        guard case .cancelled = error else {
            Issue.record("expected a cancellation, got \(error)")
            return
        }
        #expect(session.requests.count == 1)
    }

    @Test func theRefreshRetryDoesNotUseUpARetry() async throws {
        let tokens = CountingTokens()
        let session = StubNetworkSession(.init(status: 401), .init(status: 503), Self.user)
        let setting = APISetting(
            requiresAuthorization: true, refreshesTokenOnUnauthorized: true, retryPolicy: RetryPolicy(maximumRetries: 1)
        )
        let client = APIClient(session: session, tokenProvider: tokens, backoff: recordingBackoff(into: Locked([])))
        _ = try await client.send(GetMember(setting: setting))
        #expect(
            session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "Bearer old", "Bearer new-1", "Bearer new-1",
            ])
    }
}
