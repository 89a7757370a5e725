import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The endpoint-enum pattern of Moya's TargetType and of many apps: one enum, a case per endpoint.

struct NewMember: Encodable, Sendable {
    let name: String
}

enum MemberEndpoint: Request {
    case list(page: Int)
    case member(id: Int)
    case create(NewMember)
    case delete(id: Int)

    var host: StubHost { .api }

    var method: HTTPMethod {
        switch self {
        case .list, .member: .get
        case .create: .post
        case .delete: .delete
        }
    }

    var path: String {
        switch self {
        case .list, .create: "/members"
        case .member(let id), .delete(let id): "/members/\(segment: id)"
        }
    }

    var query: [String: Int]? {
        if case .list(let page) = self { ["page": page] } else { nil }
    }

    var body: NewMember? {
        if case .create(let member) = self { member } else { nil }
    }
}

extension MemberEndpoint {
    static func members(page: Int) -> TypedRequest<Self, [Member]> { .init(.list(page: page)) }
    static func member(_ id: Int) -> TypedRequest<Self, Member> { .init(.member(id: id)) }
    static func create(member: NewMember) -> TypedRequest<Self, Member> { .init(.create(member)) }
}

@Suite struct EndpointEnumTests {
    @Test func eachCaseDecidesMethodPathQueryAndBody() throws {
        let list = try MemberEndpoint.list(page: 2).makeURLRequest()
        #expect(list.httpMethod == "GET")
        #expect(list.url?.absoluteString == "https://api.example.com/members?page=2")
        let create = try MemberEndpoint.create(NewMember(name: "Ada")).makeURLRequest()
        #expect(create.httpMethod == "POST")
        #expect(create.url?.absoluteString == "https://api.example.com/members")
        #expect(create.httpBody == Data(#"{"name":"Ada"}"#.utf8))
        let delete = try MemberEndpoint.delete(id: 7).makeURLRequest()
        #expect(delete.httpMethod == "DELETE")
        #expect(delete.url?.absoluteString == "https://api.example.com/members/7")
        #expect(delete.httpBody == nil)
    }

    @Test func theCaseDecidesTheResponseType() async throws {
        let session = StubNetworkSession()
        session.stub(.get, "/members", with: .json(#"[{"id": 1, "name": "Ada"}]"#))
        session.stub(.get, "/members/1", with: .json(#"{"id": 1, "name": "Ada"}"#))
        session.stub(.post, "/members", with: .json(#"{"id": 2, "name": "Bob"}"#, status: 201))
        session.stub(.delete, "/members/1", with: .init(status: 204))
        let client = APIClient(session: session)

        let members: [Member] = try await client.send(MemberEndpoint.members(page: 1))
        let member: Member = try await client.send(MemberEndpoint.member(1))
        let created: Member = try await client.send(MemberEndpoint.create(member: NewMember(name: "Bob")))
        try await client.send(MemberEndpoint.delete(id: 1))  // the enum's own Response: EmptyResponse
        let (same, response) = try await client.response(for: MemberEndpoint.member(id: 1).returning(Member.self))

        #expect(members == [Member(id: 1, name: "Ada")])
        #expect(member == Member(id: 1, name: "Ada"))
        #expect(created == Member(id: 2, name: "Bob"))
        #expect(same == member && response.statusCode == 200)
        #expect(session.requests.map(\.httpMethod) == ["GET", "GET", "POST", "DELETE", "GET"])
    }

    @Test func aTypedRequestIsSentExactlyAsItsBase() throws {
        let typed = try MemberEndpoint.create(NewMember(name: "Ann")).makeURLRequest()
        let base = try MemberEndpoint.create(NewMember(name: "Ann")).returning(Member.self).makeURLRequest()
        #expect(typed == base)
    }
}
