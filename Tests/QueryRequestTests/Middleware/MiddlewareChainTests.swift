import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct MiddlewareChainTests {
    @Test func theFirstMiddlewareSeesTheRequestFirstAndTheResponseLast() async throws {
        let log = Locked<[String]>([])
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(
            session: session,
            middleware: [
                RecordingMiddleware("a", log: log), HeaderMiddleware(name: "X-Order", value: "b"),
                HeaderMiddleware(name: "X-Order", value: "c"), RecordingMiddleware("d", log: log),
            ])
        try await client.send(Ping())
        #expect(log.current == ["a → 1", "d → 1", "d ← 204", "a ← 204"])
        #expect(session.requests.first?.value(forHTTPHeaderField: "X-Order") == "b,c")
    }

    @Test func everyRetryPassesThroughEveryMiddlewareWithItsReason() async throws {
        let log = Locked<[String]>([])
        let contexts = Locked<[MiddlewareContext]>([])
        let session = StubNetworkSession(
            .failure(URLError(.timedOut)), .init(status: 503), .json(#"{"id": 1, "name": "Ada"}"#))
        let client = APIClient(
            session: session, middleware: [RecordingMiddleware("m", log: log, contexts: contexts)],
            backoff: .init(sleep: { _ in }))
        let member = try await client.send(GetMember(setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 2))))
        #expect(member == Member(id: 1, name: "Ada"))
        #expect(contexts.current.map(\.attempt) == [1, 2, 3])
        #expect(
            contexts.current.map(\.reason) == [.first, .retryAfterTransportError(.timedOut), .retryAfterStatus(503)])
        #expect(contexts.current.allSatisfy { $0.requestName == "GetMember" && $0.method == .get })
        #expect(log.current == ["m → 1", "m → 2", "m ← 503", "m → 3", "m ← 200"])
    }

    @Test func theRetryAfterATokenRefreshPassesThroughMiddlewareOnBothSidesOfTheBearer() async throws {
        let log = Locked<[String]>([])
        let contexts = Locked<[MiddlewareContext]>([])
        let tokens = CountingTokens()
        let session = StubNetworkSession(.init(status: 401), .init(status: 204))
        let client = APIClient(
            session: session,
            middleware: [
                RecordingMiddleware("before", log: log, contexts: contexts),
                BearerTokenMiddleware(tokenProvider: tokens), RecordingMiddleware("after", log: log),
            ])
        try await client.send(
            Ping(setting: APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true)))
        #expect(
            log.current == [
                "before → 1", "after → 1", "after ← 401", "before ← 401",
                "before → 2", "after → 2", "after ← 204", "before ← 204",
            ])
        #expect(contexts.current.map(\.reason) == [.first, .retryAfterTokenRefresh])
        #expect(
            session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", "Bearer new-1"])
        #expect(await tokens.refreshes == 1)
    }

    @Test func theTokenProviderParameterIsABearerMiddlewareBeforeTheOthers() async throws {
        let seen = Locked<[String?]>([])
        let session = StubNetworkSession(.init(status: 204), .init(status: 204))
        let client = APIClient(
            session: session, tokenProvider: CountingTokens(),
            middleware: [
                ClosureMiddleware { request, _, next in
                    seen.update { $0.append(request.value(forHTTPHeaderField: "Authorization")) }
                    return try await next(request)
                }
            ])
        try await client.send(Ping(setting: APISetting(requiresAuthorization: true)))
        try await client.send(Ping())
        #expect(seen.current == ["Bearer old", nil], "only a request whose setting requires it is authorized")
    }

    @Test func aMiddlewareCanAnswerWithoutSending() async throws {
        let session = StubNetworkSession()
        let cached = ClosureMiddleware { request, _, _ in
            ClientResponse(
                response: httpResponse(200, url: request.url, headers: ["Content-Type": "application/json"]),
                body: Data(#"{"id": 7, "name": "Cached"}"#.utf8))
        }
        let attempts = Locked(0)
        let client = APIClient(
            session: session, middleware: [cached], onAttempt: { _ in attempts.update { $0 += 1 } })
        #expect(try await client.send(GetMember()) == Member(id: 7, name: "Cached"))
        #expect(session.requests.isEmpty)
        #expect(attempts.current == 0, "an answer that reached no session is not an attempt")
    }

    @Test func aMiddlewareCanReplaceTheResponse() async throws {
        let session = StubNetworkSession(.init(status: 500, body: Data("oops".utf8)))
        let rewrite = ClosureMiddleware { request, _, next in
            var response = try await next(request)
            if response.statusCode == 500 {
                response = ClientResponse(
                    response: httpResponse(200, url: request.url), body: Data(#"{"id": 1, "name": "B"}"#.utf8))
            }
            return response
        }
        #expect(
            try await APIClient(session: session, middleware: [rewrite]).send(GetMember()) == Member(id: 1, name: "B"))
    }

    @Test func aMiddlewareCanCatchATransportErrorFromNext() async throws {
        let session = StubNetworkSession(.failure(URLError(.notConnectedToInternet)))
        let fallback = ClosureMiddleware { request, _, next in
            do {
                return try await next(request)
            } catch let error as APIError {
                guard case .transport(let urlError) = error, urlError.code == .notConnectedToInternet else {
                    throw error
                }
                return ClientResponse(
                    response: httpResponse(200, url: request.url), body: Data(#"{"id": 0, "name": "Offline"}"#.utf8))
            }
        }
        #expect(
            try await APIClient(session: session, middleware: [fallback]).send(GetMember())
                == Member(id: 0, name: "Offline"))
    }

    struct Refused: Error, Equatable {}

    @Test func anErrorAMiddlewareThrowsIsReportedWithItsName() async throws {
        let session = StubNetworkSession(.init(status: 204))
        let log = Locked<[String]>([])
        let client = APIClient(
            session: session,
            middleware: [
                RecordingMiddleware("outer", log: log), ClosureMiddleware { _, _, _ in throw Refused() },
            ])
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(Ping()) })
        guard case .middleware(let underlying, let name) = error else {
            Issue.record("expected a middleware error, got \(error)")
            return
        }
        #expect(underlying as? Refused == Refused())
        #expect(name == "ClosureMiddleware")
        #expect(error.description == "The middleware ClosureMiddleware failed: Refused()")
        #expect(session.requests.isEmpty)
        #expect(log.current == ["outer → 1"], "the outer middleware saw the error, not a response")
    }

    @Test func anAPIErrorAMiddlewareThrowsIsThrownUnchangedAndATransportOneIsRetried() async throws {
        let thrown = Locked(0)
        let flaky = ClosureMiddleware { request, _, next in
            if thrown.update({
                $0 += 1
                return $0
            }) == 1 {
                throw APIError.transport(URLError(.networkConnectionLost))
            }
            return try await next(request)
        }
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(session: session, middleware: [flaky], backoff: .init(sleep: { _ in }))
        try await client.send(Ping(setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))))
        #expect(session.requests.count == 1)
        #expect(thrown.current == 2)

        let cancelling = ClosureMiddleware { _, _, _ in throw CancellationError() }
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await APIClient(session: session, middleware: [cancelling]).send(Ping())
            })
        guard case .cancelled = error else {
            Issue.record("expected cancelled, got \(error)")
            return
        }
    }

    @Test func callingNextTwiceSendsTwiceAndInnerMiddlewareSeeBoth() async throws {
        let log = Locked<[String]>([])
        let hedge = ClosureMiddleware { request, _, next in
            _ = try await next(request)
            return try await next(request)
        }
        let session = StubNetworkSession(.init(status: 500), .init(status: 204))
        try await APIClient(session: session, middleware: [hedge, RecordingMiddleware("inner", log: log)]).send(Ping())
        #expect(log.current == ["inner → 1", "inner ← 500", "inner → 1", "inner ← 204"])
    }

    @Test func theAttemptHookReportsMetricsOfEachExchange() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let session = StubNetworkSession(.init(status: 503), .init(status: 200, body: Data("12345".utf8)))
        struct Upload: Request {
            typealias Response = String
            let method = HTTPMethod.put
            let host = StubHost.api
            let path = "/files/a"
            let body = RequestBody.text("hello, world")
            let setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))
        }
        let client = APIClient(
            session: session, backoff: .init(sleep: { _ in }),
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        #expect(try await client.send(Upload()) == "12345")
        #expect(attempts.current.map(\.number) == [1, 2])
        #expect(attempts.current.map(\.reason) == [.first, .retryAfterStatus(503)])
        #expect(attempts.current.map(\.bytesSent) == [12, 12])
        #expect(attempts.current.map(\.bytesReceived) == [0, 5])
        #expect(attempts.current.map(\.requestName) == ["Upload", "Upload"])
        #expect(attempts.current.map(\.statusCode) == [503, 200])
    }
}
