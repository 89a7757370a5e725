import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A token provider that hands out `old` until refreshed, then `new-1`, `new-2`, …
actor CountingTokens: TokenProvider {
    private var current: String
    private(set) var refreshes = 0
    /// When set, refreshing waits until this many requests were answered 401 (see `arrived`).
    private var gate: (count: Int, waiters: [CheckedContinuation<Void, Never>])?
    private var unauthorizedCount = 0

    init(_ token: String = "old", holdRefreshUntil count: Int? = nil) {
        current = token
        gate = count.map { ($0, []) }
    }

    func token() async throws -> String { current }

    func refreshToken() async throws -> String {
        refreshes += 1
        if let gate, unauthorizedCount < gate.count {
            await withCheckedContinuation { self.gate?.waiters.append($0) }
        }
        current = "new-\(refreshes)"
        return current
    }

    /// Called by the stub for every 401 it sends.
    func arrived() {
        unauthorizedCount += 1
        if let gate, unauthorizedCount >= gate.count {
            for waiter in gate.waiters { waiter.resume() }
            self.gate = nil
        }
    }
}

struct FailingTokens: TokenProvider {
    struct SignedOut: Error {}
    func token() async throws -> String { throw SignedOut() }
    func refreshToken() async throws -> String { throw SignedOut() }
}

struct FixedToken: TokenProvider {
    let value: String
    func token() async throws -> String { value }
    func refreshToken() async throws -> String { value }
}

@Suite(.timeLimit(.minutes(5))) struct AuthorizationTests {
    static let authorized = APISetting(requiresAuthorization: true)
    static let autoLogin = APISetting(requiresAuthorization: true, refreshesTokenOnUnauthorized: true)

    /// Answers 401 unless the request carries `Bearer <expected>`, then `{"id":42,"name":"Ada"}`.
    static func session(accepting expected: @escaping @Sendable (String?) -> Bool, tokens: CountingTokens? = nil)
        -> StubNetworkSession
    {
        StubNetworkSession { request in
            guard expected(request.value(forHTTPHeaderField: "Authorization")) else {
                await tokens?.arrived()
                return .json(#"{"code": "expired", "message": "Token expired"}"#, status: 401)
            }
            return .json(#"{"id": 42, "name": "Ada"}"#)
        }
    }

    @Test func sendsTheBearerTokenWhenTheSettingRequiresIt() async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#))
        let client = APIClient(session: session, tokenProvider: FixedToken(value: "t0k3n"))
        _ = try await client.send(GetMember(setting: Self.authorized))
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer t0k3n"])
    }

    @Test func sendsNoTokenWhenTheSettingDoesNotRequireIt() async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#))
        let client = APIClient(session: session, tokenProvider: FixedToken(value: "t0k3n"))
        _ = try await client.send(GetMember())
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [nil])
    }

    @Test func theClientsTokenReplacesAnAuthorizationHeaderOfTheRequest() async throws {
        let session = StubNetworkSession(.init(status: 204))
        let setting = APISetting(headers: ["Authorization": "Basic abc"], requiresAuthorization: true)
        _ = try await APIClient(session: session, tokenProvider: FixedToken(value: "t")).send(Ping(setting: setting))
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer t"])
    }

    @Test func withoutATokenProviderNothingIsSent() async throws {
        let session = StubNetworkSession(.init(status: 204))
        let error = try #require(
            await #expect(throws: APIError.self) {
                try await APIClient(session: session).send(Ping(setting: Self.authorized))
            })
        guard case .authorization(let problem as AuthorizationError) = error else {
            Issue.record("expected an authorization error, got \(error)")
            return
        }
        #expect(problem == .noAuthorizationMiddleware)
        #expect(
            error.description
                == "Authorization failed, nothing was sent: the request requires authorization, but the APIClient "
                + "has no token provider and no authorization middleware (BearerTokenMiddleware, APIKeyMiddleware, "
                + "BasicAuthorizationMiddleware, RequestSigningMiddleware or your own AuthorizationMiddleware)"
        )
        #expect(session.requests.isEmpty)
    }

    @Test func theProvidersErrorIsPassedOnAndNothingIsSent() async throws {
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(session: session, tokenProvider: FailingTokens())
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(Ping(setting: Self.authorized)) })
        guard case .authorization(let underlying) = error else {
            Issue.record("expected an authorization error, got \(error)")
            return
        }
        #expect(underlying is FailingTokens.SignedOut)
        #expect(session.requests.isEmpty)
    }

    @Test(arguments: ["", "abc\r\nX-Injected: 1", "abc\n", "a\u{0}b", "a\u{7F}"])
    func aTokenThatCannotBeSentInAHeaderIsRefused(token: String) async throws {
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(session: session, tokenProvider: FixedToken(value: token))
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(Ping(setting: Self.authorized)) })
        guard case .authorization(let problem as AuthorizationError) = error else {
            Issue.record("expected an authorization error, got \(error)")
            return
        }
        #expect(problem == .unsendableToken)
        #expect(session.requests.isEmpty)
    }

    @Test func a401RefreshesTheTokenOnceAndRetriesOnce() async throws {
        let tokens = CountingTokens()
        let session = Self.session(accepting: { $0 == "Bearer new-1" })
        let client = APIClient(session: session, tokenProvider: tokens)
        let user = try await client.send(GetMember(setting: Self.autoLogin))
        #expect(user == Member(id: 42, name: "Ada"))
        #expect(await tokens.refreshes == 1)
        #expect(
            session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", "Bearer new-1"])
    }

    @Test func aPostIsRetriedOnceAfterARefreshToo() async throws {
        let tokens = CountingTokens()
        let session = Self.session(accepting: { $0 == "Bearer new-1" })
        _ = try await APIClient(session: session, tokenProvider: tokens).send(
            GetMember(method: .post, setting: Self.autoLogin))
        #expect(session.requests.map(\.line) == ["POST /users/42", "POST /users/42"])
    }

    @Test func a401AfterTheRefreshIsThrownWithoutAnotherRefresh() async throws {
        let tokens = CountingTokens()
        let session = Self.session(accepting: { _ in false })
        let client = APIClient(session: session, tokenProvider: tokens, errorBody: ErrorResponse.self)
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.autoLogin)) })
        #expect(error.statusCode == 401)
        #expect(error.apiError(as: ErrorResponse.self)?.code == "expired")
        #expect(await tokens.refreshes == 1)
        #expect(session.requests.count == 2)
    }

    @Test func a401IsThrownAsIsWhenTheSettingDoesNotRefresh() async throws {
        let tokens = CountingTokens()
        let session = Self.session(accepting: { $0 == "Bearer new-1" })
        let client = APIClient(session: session, tokenProvider: tokens)
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.authorized)) })
        #expect(error.statusCode == 401)
        #expect(await tokens.refreshes == 0)
        #expect(session.requests.count == 1)
    }

    @Test func aRefreshFailureIsAnAuthorizationError() async throws {
        struct ExpiredRefresh: TokenProvider {
            struct LoginRequired: Error {}
            func token() async throws -> String { "old" }
            func refreshToken() async throws -> String { throw LoginRequired() }
        }
        let session = Self.session(accepting: { _ in false })
        let client = APIClient(session: session, tokenProvider: ExpiredRefresh())
        let error = try #require(
            await #expect(throws: APIError.self) { try await client.send(GetMember(setting: Self.autoLogin)) })
        guard case .authorization(let underlying) = error else {
            Issue.record("expected an authorization error, got \(error)")
            return
        }
        #expect(underlying is ExpiredRefresh.LoginRequired)
        #expect(session.requests.count == 1)
    }

    @Test func concurrent401sShareOneRefresh() async throws {
        let count = 8
        // The refresh is held until all eight requests were answered 401 with the old token, so that
        // they all overlap with it.
        let tokens = CountingTokens(holdRefreshUntil: count)
        let session = Self.session(accepting: { $0 == "Bearer new-1" }, tokens: tokens)
        let client = APIClient(session: session, tokenProvider: tokens)
        let users = try await withThrowingTaskGroup(of: Member.self) { group in
            for _ in 0..<count {
                group.addTask { try await client.send(GetMember(setting: Self.autoLogin)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(users == Array(repeating: Member(id: 42, name: "Ada"), count: count))
        #expect(await tokens.refreshes == 1)
        let sent = session.requests.compactMap { $0.value(forHTTPHeaderField: "Authorization") }
        #expect(sent.filter { $0 == "Bearer old" }.count == count)
        #expect(sent.filter { $0 == "Bearer new-1" }.count == count)
    }

    @Test func a401ForATokenOlderThanTheLatestRefreshUsesThatRefreshsToken() async throws {
        // Two requests are sent with the old token; the first one's 401 refreshes it before the second's
        // 401 arrives. The second must not refresh again.
        let tokens = CountingTokens()
        let secondSent = Signal()
        let firstDone = Signal()
        let session = StubNetworkSession { request in
            let path = request.url?.path
            guard request.value(forHTTPHeaderField: "Authorization") == "Bearer old" else {
                return path == "/users/42" ? .json(#"{"id": 42, "name": "Ada"}"#) : .init(status: 204)
            }
            if path == "/ping" {
                // Hold the second request's 401 until the first request has finished.
                await secondSent.fire()
                await firstDone.wait()
            }
            return .init(status: 401)
        }
        let client = APIClient(session: session, tokenProvider: tokens)
        async let second = client.send(Ping(setting: Self.autoLogin))
        await secondSent.wait()
        _ = try await client.send(GetMember(setting: Self.autoLogin))
        await firstDone.fire()
        _ = try await second
        #expect(await tokens.refreshes == 1)
        #expect(
            session.requests.map { "\($0.line) \($0.value(forHTTPHeaderField: "Authorization") ?? "")" } == [
                "GET /ping Bearer old", "GET /users/42 Bearer old", "GET /users/42 Bearer new-1",
                "GET /ping Bearer new-1",
            ])
    }
}
