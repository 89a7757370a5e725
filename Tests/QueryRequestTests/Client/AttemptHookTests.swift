import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct AttemptHookTests {
    @Test func reportsEveryAttemptWithItsRequestAndOutcome() async throws {
        let session = StubNetworkSession(
            .failure(URLError(.timedOut)), .init(status: 503), .json(#"{"id": 42, "name": "Ada"}"#))
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            session: session, tokenProvider: FixedToken(value: "t"), backoff: recordingBackoff(into: Locked([])),
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        _ = try await client.send(
            GetMember(setting: APISetting(requiresAuthorization: true, retryPolicy: RetryPolicy(maximumRetries: 2))))

        let seen = attempts.current
        #expect(seen.map(\.number) == [1, 2, 3])
        #expect(
            seen.map { $0.request.value(forHTTPHeaderField: "Authorization") } == ["Bearer t", "Bearer t", "Bearer t"])
        #expect(seen.allSatisfy { $0.duration >= .zero })
        guard case .transport(let urlError)? = seen[0].error else {
            Issue.record("expected a transport failure, got \(seen[0])")
            return
        }
        #expect(urlError.code == .timedOut)
        #expect(seen[0].response == nil && seen[0].statusCode == nil && !seen[0].succeeded)
        #expect(seen[1].statusCode == 503 && seen[1].error == nil)
        #expect(!seen[1].succeeded, "a 503 is an answer, not a success")
        #expect(seen[2].statusCode == 200 && seen[2].succeeded)
        #expect(seen[2].responseBody == Data(#"{"id": 42, "name": "Ada"}"#.utf8))
    }

    @Test func aClientErrorStatusIsAnAnswerButNotASuccess() async throws {
        let session = StubNetworkSession(.json(#"{"error": "bad"}"#, status: 400))
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(session: session, onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        await #expect(throws: APIError.self) { try await client.send(GetMember()) }
        let attempt = try #require(attempts.current.first)
        #expect(attempt.statusCode == 400)
        #expect(!attempt.succeeded)
        #expect(attempt.error == nil)
        #expect(attempt.responseBody == Data(#"{"error": "bad"}"#.utf8))
        #expect(attempt.description.hasPrefix("GET https://api.example.com/users/42 → 400 (failed; "))
    }

    @Test func describesAnAttemptOnOneLine() async throws {
        let session = StubNetworkSession(.init(status: 503), .failure(URLError(.cannotFindHost)))
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(session: session, onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        await #expect(throws: APIError.self) { try await client.send(GetMember()) }
        await #expect(throws: APIError.self) { try await client.send(GetMember(method: .delete)) }
        let lines = attempts.current.map(\.description)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("GET https://api.example.com/users/42 → 503 (failed; "))
        #expect(lines[0].hasSuffix(" ms, attempt 1)"))
        #expect(
            lines[1].hasPrefix(
                "DELETE https://api.example.com/users/42 → no response: Transport failure from https://api.example.com/users/42: the host name could not be resolved (URLError -1003) ("
            ))
    }

    @Test func reportsNothingForARequestThatWasNotSent() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            session: StubNetworkSession(.init(status: 204)),
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        await #expect(throws: APIError.self) {
            try await client.send(Ping(setting: APISetting(requiresAuthorization: true)))
        }
        #expect(attempts.current.isEmpty)
    }
}
