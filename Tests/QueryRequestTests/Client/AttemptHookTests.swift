import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct AttemptHookTests {
    @Test func reportsEveryAttemptWithItsRequestAndOutcome() async throws {
        let session = StubNetworkSession(
            .failure(URLError(.timedOut)), .init(status: 503), .json(#"{"id": 42, "name": "Ada"}"#))
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            session: session, tokenProvider: FixedToken(value: "t"), backoff: recordingBackoff(into: Locked([])),
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        _ = try await client.send(GetMember(setting: APISetting(requiresAuthorization: true, retryCount: 2)))

        let seen = attempts.current
        #expect(seen.map(\.number) == [1, 2, 3])
        #expect(
            seen.map { $0.request.value(forHTTPHeaderField: "Authorization") } == ["Bearer t", "Bearer t", "Bearer t"])
        #expect(seen.allSatisfy { $0.duration >= .zero })
        guard case .failure(.transport(let urlError)) = seen[0].result else {
            Issue.record("expected a transport failure, got \(seen[0].result)")
            return
        }
        #expect(urlError.code == .timedOut)
        #expect((try? seen[1].result.get().response.statusCode) == 503)
        #expect((try? seen[2].result.get().body) == Data(#"{"id": 42, "name": "Ada"}"#.utf8))
    }

    @Test func describesAnAttemptOnOneLine() async throws {
        let session = StubNetworkSession(.init(status: 503), .failure(URLError(.cannotFindHost)))
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(session: session, onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        await #expect(throws: APIError.self) { try await client.send(GetMember()) }
        await #expect(throws: APIError.self) { try await client.send(GetMember(method: .delete)) }
        let lines = attempts.current.map(\.description)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("GET https://api.example.com/users/42 → 503 ("))
        #expect(lines[0].hasSuffix(" ms, attempt 1)"))
        #expect(
            lines[1].hasPrefix(
                "DELETE https://api.example.com/users/42 → Transport failure from https://api.example.com/users/42: the host name could not be resolved (URLError -1003) ("
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
