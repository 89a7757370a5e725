import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Requests declared the way hand-written API layers declare theirs: every member is either honoured or
// refused by name, never silently replaced by the protocol's default.

struct CreateUserBody: Encodable, Sendable {
    let firstName: String
    let age: Int
}

struct NotEncodable: Sendable {
    let value: Int
}

@Suite(.timeLimit(.minutes(5))) struct DeclaredBodyTests {
    struct CreateUser: Request {
        let method: HTTPMethod = .post
        let host = StubHost.api
        let path = "/users"
        var body: CreateUserBody
    }

    @Test func anEncodableBodyIsSentAsJSON() throws {
        let request = try CreateUser(body: CreateUserBody(firstName: "Ann", age: 7)).makeURLRequest()
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let sent = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: Any]
        #expect(sent?["firstName"] as? String == "Ann")
        #expect(sent?["age"] as? Int == 7)
    }

    @Test func theRequestsBodyEncoderWinsOverTheClients() async throws {
        struct SnakeCreateUser: Request {
            let method: HTTPMethod = .post
            let host = StubHost.api
            let path = "/users"
            var body: CreateUserBody
            var bodyEncoder: JSONEncoder? {
                let encoder = JSONEncoder()
                encoder.keyEncodingStrategy = .convertToSnakeCase
                return encoder
            }
        }
        let session = StubNetworkSession(.init(status: 204), .init(status: 204))
        let clientEncoder = JSONEncoder()
        clientEncoder.outputFormatting = .sortedKeys
        let client = APIClient(session: session, bodyEncoder: clientEncoder)
        try await client.send(CreateUser(body: CreateUserBody(firstName: "Ann", age: 7)))
        try await client.send(SnakeCreateUser(body: CreateUserBody(firstName: "Ann", age: 7)))
        let bodies = session.requests.map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }
        #expect(bodies[0] == #"{"age":7,"firstName":"Ann"}"#, "the client's body encoder serves the whole API")
        #expect(bodies[1].contains(#""first_name":"Ann""#), "the request's own encoder wins")
    }

    @Test func anOptionalBodyThatIsNilSendsNoBody() throws {
        struct MaybeCreate: Request {
            let method: HTTPMethod = .post
            let host = StubHost.api
            let path = "/users"
            var body: CreateUserBody?
        }
        let request = try MaybeCreate(body: nil).makeURLRequest()
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func dataAndStringBodiesAreSentAsTheyAre() throws {
        struct Upload: Request {
            let method: HTTPMethod = .put
            let host = StubHost.api
            let path = "/blob"
            var body: Data
        }
        struct Note: Request {
            let method: HTTPMethod = .post
            let host = StubHost.api
            let path = "/notes"
            var body: String
        }
        let upload = try Upload(body: Data([0, 255, 10])).makeURLRequest()
        #expect(upload.httpBody == Data([0, 255, 10]))
        #expect(upload.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        let note = try Note(body: "héllo").makeURLRequest()
        #expect(note.httpBody == Data("héllo".utf8))
        #expect(note.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func aBodyOfAnyEncodableTypeChosenPerValueIsSentAsJSON() throws {
        struct Mixed: Request {
            let method: HTTPMethod = .post
            let host = StubHost.api
            let path = "/mixed"
            var body: (any Encodable & Sendable)?
        }
        let request = try Mixed(body: ["a": 1]).makeURLRequest()
        #expect(request.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(try Mixed(body: nil).makeURLRequest().httpBody == nil)
    }

    @Test func aGETWithAnEncodableBodyIsRefused() throws {
        struct Search: Request {
            let host = StubHost.api
            let path = "/search"
            var body: CreateUserBody
        }
        #expect(throws: RequestBuildingError.bodyNotAllowed(method: .get)) {
            try Search(body: CreateUserBody(firstName: "A", age: 1)).makeURLRequest()
        }
    }

    @Test func aBodyTheLibraryCannotSendIsRefusedByName() throws {
        struct Broken: Request {
            let method: HTTPMethod = .post
            let host = StubHost.api
            let path = "/users"
            var body: NotEncodable
        }
        let error = try #require(throws: RequestBuildingError.self) {
            try Broken(body: NotEncodable(value: 1)).makeURLRequest()
        }
        guard case .unsupportedDeclaration(let declaration) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(declaration.member == "body")
        #expect(declaration.type.hasSuffix("NotEncodable"))
        #expect(declaration.expected.contains("Encodable"))
        #expect(error.description.contains("`body` is declared as"))
    }

    @Test func theClientReportsAnUnsendableBodyAsAnInvalidRequest() async throws {
        struct Broken: Request {
            let method: HTTPMethod = .post
            let host = StubHost.api
            let path = "/users"
            var body: NotEncodable
        }
        let session = StubNetworkSession(.init(status: 204))
        await #expect {
            try await APIClient(session: session).send(Broken(body: NotEncodable(value: 1)))
        } throws: { error in
            guard case .invalidRequest(let underlying) = error as? APIError else { return false }
            return (underlying as? RequestBuildingError).map {
                if case .unsupportedDeclaration(let declaration) = $0 { declaration.member == "body" } else { false }
            } ?? false
        }
        #expect(session.requests.isEmpty, "nothing is sent")
    }
}

@Suite(.timeLimit(.minutes(5))) struct DeclaredMemberTests {
    @Test func optionalHeadersAreSent() throws {
        struct WithHeaders: Request {
            let host = StubHost.api
            let path = "/h"
            var headers: [String: String]? { ["X-Trace": "abc"] }
        }
        struct WithoutHeaders: Request {
            let host = StubHost.api
            let path = "/h"
            var headers: [String: String]? { nil }
        }
        #expect(try WithHeaders().makeURLRequest().value(forHTTPHeaderField: "X-Trace") == "abc")
        #expect(try WithoutHeaders().makeURLRequest().allHTTPHeaderFields?["X-Trace"] == nil)
    }

    @Test func headersOfAnotherTypeAreRefusedByName() throws {
        struct Wrong: Request {
            let host = StubHost.api
            let path = "/h"
            var headers: [String: Int] { ["X-Count": 1] }
        }
        #expect(
            throws: RequestBuildingError.unsupportedDeclaration(
                .init(
                    member: "headers", type: "Swift.Dictionary<Swift.String, Swift.Int>",
                    expected: "`var headers: [String: String]`"))
        ) { try Wrong().makeURLRequest() }
    }

    @Test func aMethodDeclaredAsAStringOrAnAppsOwnEnumIsSent() throws {
        enum AppMethod: String { case post = "POST" }
        struct StringMethod: Request {
            let host = StubHost.api
            let path = "/m"
            var method: String { "PATCH" }
        }
        struct EnumMethod: Request {
            let host = StubHost.api
            let path = "/m"
            var method: AppMethod { .post }
        }
        struct OptionalMethod: Request {
            let host = StubHost.api
            let path = "/m"
            var method: HTTPMethod? { nil }
        }
        #expect(try StringMethod().makeURLRequest().httpMethod == "PATCH")
        #expect(try EnumMethod().makeURLRequest().httpMethod == "POST")
        #expect(try OptionalMethod().makeURLRequest().httpMethod == "GET")
    }

    @Test func aMethodOfAnotherTypeIsRefusedByName() throws {
        struct Wrong: Request {
            let host = StubHost.api
            let path = "/m"
            var method: Int { 2 }
        }
        let error = try #require(throws: RequestBuildingError.self) { try Wrong().makeURLRequest() }
        guard case .unsupportedDeclaration(let declaration) = error, declaration.member == "method",
            declaration.type == "Swift.Int"
        else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test func queryItemsAndQueryTextAreSent() throws {
        struct Items: Request {
            let host = StubHost.api
            let path = "/q"
            var query: [URLQueryItem] {
                [URLQueryItem(name: "a b", value: "c&d"), URLQueryItem(name: "flag", value: nil)]
            }
        }
        struct OptionalItems: Request {
            let host = StubHost.api
            let path = "/q"
            var query: [URLQueryItem]? { nil }
        }
        struct Text: Request {
            let host = StubHost.api
            let path = "/q"
            var query: String { "page=2&sort=name" }
        }
        #expect(try Items().makeURLRequest().url?.absoluteString == "https://api.example.com/q?a%20b=c%26d&flag")
        #expect(try OptionalItems().makeURLRequest().url?.absoluteString == "https://api.example.com/q")
        #expect(try Text().makeURLRequest().url?.absoluteString == "https://api.example.com/q?page=2&sort=name")
    }

    @Test func aQueryThatIsNotEncodableIsRefusedByName() throws {
        struct Wrong: Request {
            let host = StubHost.api
            let path = "/q"
            var query: NotEncodable { NotEncodable(value: 1) }
        }
        let error = try #require(throws: RequestBuildingError.self) { try Wrong().makeURLRequest() }
        guard case .unsupportedDeclaration(let declaration) = error, declaration.member == "query" else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test func optionalSettingAndEncodersAreHonoured() throws {
        struct Tuned: Request {
            let host = StubHost.api
            let path = "/t"
            var query: [String: [Int]] { ["ids": [1, 2]] }
            var setting: APISetting? { APISetting(headers: ["X-Setting": "1"], timeout: 5) }
            var queryEncoder: QueryEncoder? {
                var encoder = QueryEncoder()
                encoder.arrayEncodingStrategy = .repeatedKeys
                return encoder
            }
        }
        let request = try Tuned().makeURLRequest()
        #expect(request.url?.absoluteString == "https://api.example.com/t?ids=1&ids=2")
        #expect(request.value(forHTTPHeaderField: "X-Setting") == "1")
        #expect(request.timeoutInterval == 5)
    }

    @Test func aSettingOfAnotherTypeIsRefusedByName() throws {
        struct Wrong: Request {
            let host = StubHost.api
            let path = "/t"
            var setting: [String: String] { [:] }
        }
        let error = try #require(throws: RequestBuildingError.self) { try Wrong().makeURLRequest() }
        guard case .unsupportedDeclaration(let declaration) = error, declaration.member == "setting" else {
            Issue.record("unexpected \(error)")
            return
        }
    }

    @Test func aResponseDecoderOfAnotherTypeIsRefusedByName() async throws {
        struct Wrong: Request {
            let host = StubHost.api
            let path = "/t"
            var responseDecoder: JSONEncoder { JSONEncoder() }
        }
        let session = StubNetworkSession(.init(status: 204))
        await #expect {
            try await APIClient(session: session).send(Wrong())
        } throws: { error in
            guard case .invalidRequest(let underlying) = error as? APIError,
                case .unsupportedDeclaration(let declaration)? = underlying as? RequestBuildingError
            else { return false }
            return declaration.member == "responseDecoder"
        }
        #expect(session.requests.isEmpty)
    }
}

/// Members of hand-written layers that `Request` does not read are refused when their value would be lost.
@Suite(.timeLimit(.minutes(5))) struct ForeignMemberTests {
    struct OldStyle: Request {
        let host = StubHost.api
        let path = "/old"
        var method: HTTPMethod = .post
        var httpBody: Data?
        var queryItems: [URLQueryItem]?
        var httpMethod: String?
        var baseURL: URL?
    }

    @Test func aStoredHTTPBodyThatIsNotSentIsRefused() throws {
        let error = try #require(throws: RequestBuildingError.self) {
            try OldStyle(httpBody: Data("x".utf8)).makeURLRequest()
        }
        guard case .unsupportedDeclaration(let declaration) = error, declaration.member == "httpBody",
            declaration.type.hasSuffix("Data")
        else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(declaration.expected.contains("rename httpBody to body"))
    }

    @Test func storedQueryItemsMethodOrBaseURLThatAreNotSentAreRefused() throws {
        #expect(throws: RequestBuildingError.self) {
            try OldStyle(queryItems: [URLQueryItem(name: "a", value: "1")]).makeURLRequest()
        }
        #expect(throws: RequestBuildingError.self) { try OldStyle(httpMethod: "DELETE").makeURLRequest() }
        #expect(throws: RequestBuildingError.self) {
            try OldStyle(baseURL: URL(string: "https://staging.example.com")).makeURLRequest()
        }
    }

    @Test func storedValuesThatTheRequestsMembersSendAreFine() throws {
        struct Ported: Request {
            let baseURL: URL
            let httpMethod: String
            let httpBody: Data?
            let queryItems: [URLQueryItem]
            var host: URL { baseURL }
            let path = "/ported"
            var method: String { httpMethod }
            var body: Data? { httpBody }
            var query: [URLQueryItem] { queryItems }
        }
        let request = try Ported(
            baseURL: URL(string: "https://api.example.com")!, httpMethod: "PUT", httpBody: Data("x".utf8),
            queryItems: [URLQueryItem(name: "a", value: "1")]
        ).makeURLRequest()
        #expect(request.url?.absoluteString == "https://api.example.com/ported?a=1")
        #expect(request.httpMethod == "PUT")
        #expect(request.httpBody == Data("x".utf8))
        #expect(try OldStyle().makeURLRequest().httpMethod == "POST", "nothing stored, nothing lost")
        #expect(try OldStyle(httpMethod: "POST").makeURLRequest().httpMethod == "POST")
    }
}

@Suite(.timeLimit(.minutes(5))) struct UnusedButWronglyDeclaredEncoderTests {
    @Test func anEncoderOfAnotherTypeIsRefusedEvenWhenNothingNeedsIt() throws {
        struct WrongBodyEncoder: Request {
            let host = StubHost.api
            let path = "/e"
            var bodyEncoder: PropertyListEncoder { PropertyListEncoder() }
        }
        struct WrongQueryEncoder: Request {
            let host = StubHost.api
            let path = "/e"
            var queryEncoder: JSONEncoder { JSONEncoder() }
        }
        let body = try #require(throws: RequestBuildingError.self) { try WrongBodyEncoder().makeURLRequest() }
        let query = try #require(throws: RequestBuildingError.self) { try WrongQueryEncoder().makeURLRequest() }
        guard case .unsupportedDeclaration(let bodyEncoder) = body, bodyEncoder.member == "bodyEncoder",
            case .unsupportedDeclaration(let queryEncoder) = query, queryEncoder.member == "queryEncoder"
        else {
            Issue.record("unexpected \(body), \(query)")
            return
        }
    }
}
