import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct ResponseValidationTests {
    @Test(
        arguments: [
            ("application/json", true), ("application/json; charset=utf-8", true), ("Application/JSON", true),
            ("application/problem+json", true), ("application/vnd.api+json", true), ("text/csv", true),
            ("text/html", false), ("application/xml", false), (nil, false), ("", false), ("image/png", true),
        ] as [(String?, Bool)])
    func mediaTypesMatchPatternsWithoutParametersOrCase(contentType: String?, accepted: Bool) {
        let validation = ResponseValidation(contentTypes: ["application/*+json", "TEXT/CSV", "image/*"])
        #expect(validation.accepts(contentType: contentType, bodyIsEmpty: false) == accepted)
        #expect(validation.accepts(contentType: contentType, bodyIsEmpty: true), "an empty body passes")
        #expect(ResponseValidation.default.accepts(contentType: contentType, bodyIsEmpty: false))
    }

    @Test func aMediaTypeTheRequestDoesNotAcceptThrowsWithTheResponseAndBody() async throws {
        let session = StubNetworkSession(
            .init(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data("<html>".utf8)))
        let client = APIClient(session: session, validation: ResponseValidation(contentTypes: ["application/json"]))
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(GetMember()) })
        guard case .unacceptableContentType(let failure) = error else {
            Issue.record("expected unacceptableContentType, got \(error)")
            return
        }
        #expect(failure.mediaType == "text/html")
        #expect(failure.response.statusCode == 200)
        #expect(failure.body == Data("<html>".utf8))
        #expect(error.responseBody == failure.body)
        #expect(
            error.description
                == "Unacceptable content type \"text/html\" in the 200 response from https://api.example.com/users/42; "
                + "body: <html>")
    }

    @Test func aRequestsOwnValidationWinsOverTheClients() async throws {
        let session = StubNetworkSession(.init(status: 304), .init(status: 304))
        let client = APIClient(session: session)
        let notModifiedIsFine = APISetting(validation: ResponseValidation(statusCodes: [200, 304]))
        try await client.send(Ping(setting: notModifiedIsFine))
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(Ping()) })
        #expect(error.statusCode == 304)
    }

    @Test func aClientThatAcceptsOnly200RefusesA201AndDecodesItsErrorBody() async throws {
        let session = StubNetworkSession(.json(#"{"code": "c", "message": "m"}"#, status: 201))
        let client = APIClient(
            session: session, validation: ResponseValidation(statusCodes: [200]), errorBody: ErrorResponse.self)
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(GetMember()) })
        #expect(error.apiError(as: ErrorResponse.self) == ErrorResponse(code: "c", message: "m"))
    }

    @Test func aProblemDetailsBodyIsTheErrorOfAnUnacceptableStatus() async throws {
        let session = StubNetworkSession(
            .init(
                status: 403, headers: ["Content-Type": "application/problem+json"],
                body: Data(
                    #"{"type": "https://example.com/probs/out-of-credit", "title": "No credit", "balance": 30}"#.utf8)))
        let client = APIClient(session: session, errorBody: ProblemDetails.self)
        let error = try #require(await #expect(throws: APIError.self) { try await client.send(GetMember()) })
        let problem = try #require(error.apiError(as: ProblemDetails.self))
        #expect(problem.title == "No credit")
        #expect(problem.extensions["balance"] == .integer(30))
    }
}
