import Foundation
import GeneratedColorsAPI
import GeneratedPetsAPI
import QueryRequest
import Testing

/// Generated requests sent through `APIClient` (a stub session): the response and the API's error body decode
/// as the types the document gives.
@Suite struct ClientTests {
    @Test func theResponseDecodesWithTheAPIsDateFormat() async throws {
        let session = StubNetworkSession(
            .json(
                #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Teal","rgb":{"R":0,"G":128,"B":128},"createdAt":"2024-01-31T10:00:00Z"}]"#
            ))
        let client = APIClient(session: session, middleware: [APISecurity.apiKey("secret")])
        let colors = try await client.send(ListColorsRequest(query: .init(limit: 10)))
        #expect(colors.map(\.name) == ["Teal"])
        #expect(colors.first?.createdAt == Date(timeIntervalSince1970: 1_706_695_200))
        #expect(session.requests.first?.url?.absoluteString == "https://api.example.com/v1/colors?limit=10")
    }

    /// Operations with security requirements carry credentials from the scheme's middleware; the others do not.
    @Test func securitySchemesBecomeMiddleware() async throws {
        let session = StubNetworkSession(.json("[]"), .init(status: 200, body: Data("teal".utf8)))
        let client = APIClient(session: session, middleware: [APISecurity.apiKey("secret")])
        _ = try await client.send(ListColorsRequest(query: .init(limit: 1)))
        _ = try await client.send(GetColorsByColorIdShadesByStatusRequest(colorId: 1, status: .active))
        #expect(session.requests.map { $0.value(forHTTPHeaderField: "X-API-Key") } == ["secret", nil])
        #expect(ListColorsRequest(query: .init(limit: 1)).setting.requiresAuthorization)
    }

    @Test func theErrorBodyOfTheDefaultResponseDecodes() async throws {
        let session = StubNetworkSession(.json(#"{"message":"no such pet"}"#, status: 404))
        let petID = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
        do {
            _ = try await APIClient(session: session).send(ShowPetRequest(petId: petID))
            Issue.record("no error")
        } catch let error as APIError {
            #expect(error.statusCode == 404)
            #expect(error.apiError(as: ErrorModel.self) == ErrorModel(message: "no such pet"))
        }
    }

    @Test func aNoContentResponseIsEmpty() async throws {
        let session = StubNetworkSession(.init(status: 204))
        _ = try await APIClient(session: session).send(DeleteColorRequest(colorId: "teal"))
        #expect(session.requests.first?.httpMethod == "DELETE")
    }

    /// The bearer and Basic factories give middleware that authorizes the requests needing credentials.
    @Test func bearerAndBasicSchemesAuthorizeRequests() async throws {
        struct FixedToken: TokenProvider {
            func token() async throws -> String { "t0k3n" }
            func refreshToken() async throws -> String { "t0k3n" }
        }
        let session = StubNetworkSession(.json("[]"), .json("[]"))
        let bearer = APIClient(session: session, middleware: [APISecurity.bearerAuth(tokenProvider: FixedToken())])
        _ = try await bearer.send(ListColorsRequest(query: .init(limit: 1)))
        let basic = APIClient(session: session, middleware: [APISecurity.basicAuth(username: "ada", password: "pw")])
        _ = try await basic.send(ListColorsRequest(query: .init(limit: 1)))
        #expect(
            session.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "Bearer t0k3n", "Basic " + Data("ada:pw".utf8).base64EncodedString(),
            ])
    }
}
