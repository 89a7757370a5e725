import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A rule of the app's own in `ResponseValidation`: `APIError.rejectedResponse`, for every call.
@Suite(.timeLimit(.minutes(5))) struct ValidationRuleTests {
    struct MissingSignature: Error, Equatable {}

    /// Rejects a response without an `X-Signature` header.
    static let signed = ResponseValidation { response in
        if response.value(forHTTPHeaderField: "X-Signature") == nil { throw MissingSignature() }
    }

    @Test func aRejectedResponseCarriesTheAppsErrorTheResponseAndItsBody() async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session, validation: Self.signed).send(GetMember())
        }
        guard case .rejectedResponse(let rejection) = error else {
            Issue.record("expected a rejection, got \(String(describing: error))")
            return
        }
        #expect(rejection.error as? MissingSignature == MissingSignature())
        #expect(rejection.response.statusCode == 200)
        #expect(rejection.body == Data(#"{"id": 42, "name": "Ada"}"#.utf8))
        #expect(error?.responseBody == rejection.body)
        #expect(error.map { "\($0)" }?.contains("rejected by the request's validation") == true)
        #expect(error.map { "\($0)" }?.contains("api.example.com/users/42") == true)
    }

    @Test func anAcceptedResponseIsDecodedAsUsual() async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#, headers: ["X-Signature": "s"]))
        let member = try await APIClient(session: session, validation: Self.signed).send(GetMember())
        #expect(member == Member(id: 42, name: "Ada"))
    }

    @Test func aRequestsValidationReplacesTheClientsRule() async throws {
        let session = StubNetworkSession(.json(#"{"id": 42, "name": "Ada"}"#))
        let member = try await APIClient(session: session, validation: Self.signed).send(
            GetMember(setting: APISetting(validation: .default)))
        #expect(member.id == 42)
    }

    @Test func aStreamedCallsRuleSeesTheHeadAndNoBody() async throws {
        let seen = Locked<[Data?]>([])
        let validation = ResponseValidation { response in
            seen.update { $0.append(response.value) }
            throw MissingSignature()
        }
        let session = StubNetworkSession(.init(status: 200, body: Data("chunk".utf8)))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session, validation: validation).stream(GetMember())
        }
        guard case .rejectedResponse(let rejection) = error else {
            Issue.record("expected a rejection, got \(String(describing: error))")
            return
        }
        #expect(rejection.body == nil)
        #expect(seen.current == [nil])
    }

    @Test func aRejectionIsNotRetried() async throws {
        let session = StubNetworkSession(.json("{}"), .json("{}"))
        let client = APIClient(
            session: session, validation: Self.signed, retryPolicy: RetryPolicy(maximumRetries: 3),
            backoff: RetryPolicyTests.noWait)
        await #expect(throws: APIError.self) { try await client.send(Ping()) }
        #expect(session.requests.count == 1)
    }

    @Test func aRuleRunsOnlyOnResponsesThatPassedTheStatusCheck() async throws {
        let calls = Locked(0)
        let validation = ResponseValidation { _ in calls.update { $0 += 1 } }
        let session = StubNetworkSession(.init(status: 404))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session, validation: validation).send(Ping())
        }
        #expect(error?.statusCode == 404)
        #expect(calls.current == 0)
    }

    @Test func validationsWithRulesCompareByTheRulesAssignment() {
        #expect(Self.signed == Self.signed)
        #expect(ResponseValidation { _ in } != ResponseValidation { _ in })
        #expect(ResponseValidation() == .default)
    }
}
