import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct ProblemDetailsTests {
    /// The example of RFC 9457 §3, with an extension member of each JSON kind.
    static let outOfCredit = #"""
        {"type": "https://example.com/probs/out-of-credit", "title": "You do not have enough credit.",
         "detail": "Your current balance is 30, but that costs 50.", "instance": "/account/12345/msgs/abc",
         "status": 403, "balance": 30, "ratio": 0.6, "accounts": ["/account/12345", "/account/67890"],
         "frozen": false, "note": null, "limits": {"daily": 50}}
        """#

    @Test func theClientDecodesAProblemDetailFromAnErrorResponse() async throws {
        let session = StubNetworkSession(
            .init(status: 403, headers: ["Content-Type": "application/problem+json"], body: Data(Self.outOfCredit.utf8))
        )
        let client = APIClient(session: session, errorBody: ProblemDetails.self)
        let error = await #expect(throws: APIError.self) { try await client.send(GetMember()) }
        let problem = try #require(error?.apiError(as: ProblemDetails.self))
        #expect(problem.type == "https://example.com/probs/out-of-credit")
        #expect(problem.title == "You do not have enough credit.")
        #expect(problem.detail == "Your current balance is 30, but that costs 50.")
        #expect(problem.instance == "/account/12345/msgs/abc")
        #expect(problem.status == 403)
        #expect(
            problem.extensions == [
                "balance": .integer(30), "ratio": .number(0.6),
                "accounts": .array([.string("/account/12345"), .string("/account/67890")]), "frozen": .bool(false),
                "note": .null, "limits": .object(["daily": .integer(50)]),
            ])
    }

    @Test func aRequestCanDeclareItAsItsErrorBody() async throws {
        struct Transfer: Request {
            typealias ErrorBody = ProblemDetails
            let method: HTTPMethod = .post
            let host = StubHost.api
            let path = "/transfers"
        }
        let session = StubNetworkSession(.json(#"{"title": "Insufficient funds", "status": 409}"#, status: 409))
        let error = await #expect(throws: APIError.self) { try await APIClient(session: session).send(Transfer()) }
        let problem = try #require(error?.apiError(as: ProblemDetails.self))
        #expect(problem == ProblemDetails(title: "Insufficient funds", status: 409))
        #expect(problem.type == "about:blank", "an absent type means about:blank")
    }

    @Test func membersOfTheWrongTypeAreIgnoredAsTheRFCRequires() throws {
        let json = #"{"type": 7, "title": ["x"], "status": "409", "detail": null, "instance": {}, "extra": 1}"#
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: Data(json.utf8))
        #expect(problem == ProblemDetails(extensions: ["extra": .integer(1)]))
    }

    @Test func wholeNumbersThatFitAnIntAreIntegersAndOthersAreDoubles() throws {
        let json = #"{"a": 3.0, "b": 1e2, "c": -7, "d": 9223372036854775808, "e": 0.25}"#
        let problem = try JSONDecoder().decode(ProblemDetails.self, from: Data(json.utf8))
        #expect(problem.extensions["a"] == .integer(3), "JSONDecoder reads 3.0 as an Int")
        #expect(problem.extensions["b"] == .integer(100))
        #expect(problem.extensions["e"] == .number(0.25))
        #expect(problem.extensions["c"] == .integer(-7))
        #expect(problem.extensions["d"] == .number(9_223_372_036_854_775_808), "too large for an Int")
    }

    @Test func aBodyThatIsNotAnObjectIsNoProblemDetail() async throws {
        let session = StubNetworkSession(.init(status: 500, body: Data("<html>oops</html>".utf8)))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session, errorBody: ProblemDetails.self).send(GetMember())
        }
        #expect(error?.apiError(as: ProblemDetails.self) == nil)
        #expect(error?.responseBody == Data("<html>oops</html>".utf8), "the body is kept")
    }
}
