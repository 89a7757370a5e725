import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct NewUser: Encodable {
    let firstName: String
    let userID: Int
}

struct CreateUserRequest: Request {
    let method: HTTPMethod = .post
    let host: Hosts = .test
    let path = "/users"
    let user: NewUser

    var body: RequestBody? {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        return .json(user, encoder: encoder)
    }
}

@Suite(.timeLimit(.minutes(5))) struct BodyTests {
    @Test func encodesAJSONBodyWithTheRequestsEncoder() throws {
        let urlRequest = try CreateUserRequest(user: NewUser(firstName: "Ann", userID: 7)).makeURLRequest()
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.url?.absoluteString == "https://test.jp/users")
        #expect(urlRequest.httpBody == Data(#"{"first_name":"Ann","user_id":7}"#.utf8))
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func encodesAJSONBodyWithADefaultEncoder() throws {
        let body = RequestBody.json(["b": 1])
        let urlRequest = try Endpoint("/x", method: .put, body: body).makeURLRequest()
        #expect(urlRequest.httpBody == Data(#"{"b":1}"#.utf8))
        #expect(body.contentType == "application/json")
    }

    @Test func encodesAFormBodyThroughTheQueryEncoder() throws {
        struct Login: Encodable {
            let userName: String
            let password: String
            let scopes: [String]
        }
        let login = Login(userName: "ann lee", password: "p&ss=w+rd", scopes: ["read", "write"])
        let urlRequest = try Endpoint("/login", method: .post, body: .form(login)).makeURLRequest()
        #expect(urlRequest.httpBody == Data("userName=ann%20lee&password=p%26ss%3Dw%2Brd&scopes=read,write".utf8))
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")

        var encoder = QueryEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.arrayEncodingStrategy = .repeatedKeys
        encoder.spaceEncodingStrategy = .plus
        let custom = try Endpoint("/login", method: .post, body: .form(login, encoder: encoder)).makeURLRequest()
        #expect(custom.httpBody == Data("user_name=ann+lee&password=p%26ss%3Dw%2Brd&scopes=read&scopes=write".utf8))
    }

    @Test func sendsRawDataWithItsContentType() throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let urlRequest = try Endpoint("/upload", method: .post, body: .data(bytes, contentType: "image/png"))
            .makeURLRequest()
        #expect(urlRequest.httpBody == bytes)
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "image/png")
    }

    @Test func keepsAContentTypeTheRequestSets() throws {
        let urlRequest = try Endpoint(
            "/x", method: .post, headers: ["content-type": "application/vnd.api+json"], body: .json(["a": 1])
        ).makeURLRequest()
        #expect(urlRequest.allHTTPHeaderFields?.count == 1)
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test func keepsAContentTypeTheSettingSets() throws {
        let setting = APISetting(headers: ["Content-Type": "application/merge-patch+json"])
        let urlRequest = try Endpoint("/x", method: .patch, setting: setting, body: .json(["a": 1])).makeURLRequest()
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
    }

    @Test func refusesAContentTypeWithCRLF() {
        #expect(throws: RequestBuildingError.invalidHeaderValue(name: "Content-Type")) {
            try Endpoint("/x", method: .post, body: .data(Data("a".utf8), contentType: "text/plain\r\nX: 1"))
                .makeURLRequest()
        }
    }

    @Test(arguments: [HTTPMethod.get, .head, "get", "Head"])
    func refusesABodyOnGetAndHead(method: HTTPMethod) {
        #expect(throws: RequestBuildingError.bodyNotAllowed(method: method)) {
            try Endpoint("/x", method: method, body: .json(["a": 1])).makeURLRequest()
        }
    }

    @Test func leavesOutAnEmptyBodyOnGet() throws {
        let urlRequest = try Endpoint("/x", body: .data(Data(), contentType: "text/plain")).makeURLRequest()
        #expect(urlRequest.httpBody == nil)
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func sendsAnEmptyBodyOnPost() throws {
        let urlRequest = try Endpoint("/x", method: .post, body: .form(EmptyQuery())).makeURLRequest()
        #expect(urlRequest.httpBody == Data())
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func describesTheBodyError() {
        #expect(
            RequestBuildingError.bodyNotAllowed(method: .get).description
                == "A GET request cannot have a body; send the data in the query or use another method.")
    }

    @Test func throwsTheJSONEncodersErrorUnchanged() throws {
        struct Score: Encodable {
            let player: String
            let value: Double
        }
        let request = Endpoint("/scores", method: .post, body: .json(Score(player: "a", value: .nan)))
        let error = try #require(throws: EncodingError.self) { try request.makeURLRequest() }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["value"])
    }

    @Test func throwsTheFormEncodersErrorUnchanged() throws {
        struct Unencodable: Encodable, Sendable {
            struct Refused: Error, Equatable {}
            func encode(to encoder: any Encoder) throws { throw Refused() }
        }
        #expect(throws: Unencodable.Refused()) {
            try Endpoint("/x", method: .post, body: .form(Unencodable())).makeURLRequest()
        }
    }
}
