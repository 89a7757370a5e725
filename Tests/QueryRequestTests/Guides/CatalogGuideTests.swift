import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The snippets of the DocC catalogs' landing pages, compiled and checked here so that they cannot rot.

enum QueryCodingCatalog {
    struct Search: Codable {
        let term: String
        let tags: [String]
        let page: Int?
    }

    @Suite(.timeLimit(.minutes(5))) struct Tests {
        @Test func encodesAndDecodes() throws {
            let query = try QueryEncoder().encodeToString(Search(term: "a&b c", tags: ["x", "y"], page: nil))
            #expect(query == "term=a%26b%20c&tags=x,y")
            let search = try QueryDecoder().decode(Search.self, from: query)
            #expect(search.term == "a&b c")
            #expect(search.tags == ["x", "y"])
            #expect(search.page == nil)
        }

        @Test func theCatalogShowsTheCodeCompiledHere() throws {
            #expect(
                try GuideSnippets.linesMissing(
                    from: "Sources/QueryCoding/QueryCoding.docc/QueryCoding.md", compiledIn: #filePath) == [])
            #expect(try GuideSnippets.codeLineCount(of: "Sources/QueryCoding/QueryCoding.docc/QueryCoding.md") > 5)
        }
    }
}

enum QueryRequestCatalog {
    enum Hosts: String, APIHost {
        case production = "api.example.com/v1"
    }

    struct User: Decodable {
        let id: Int
        let name: String
    }

    struct UsersRequest: Request {
        typealias Response = [User]
        let host: Hosts = .production
        let path = "/users"
        var query: Query

        struct Query: Encodable {
            let name: String
            let page: Int?
        }
    }

    @Suite(.timeLimit(.minutes(5))) struct Tests {
        @Test func buildsTheRequest() throws {
            let urlRequest = try UsersRequest(query: .init(name: "ann", page: nil)).makeURLRequest()
            #expect(urlRequest.httpMethod == "GET")
            #expect(urlRequest.url?.absoluteString == "https://api.example.com/v1/users?name=ann")
        }

        @Test func sendsTheRequest() async throws {
            let session = StubNetworkSession()
            session.stub(.get, "/v1/users", with: .json(#"[{"id": 1, "name": "Ann"}]"#))
            let users = try await APIClient(session: session).send(UsersRequest(query: .init(name: "ann", page: nil)))
            #expect(users.map(\.name) == ["Ann"])
        }

        @Test func theCatalogShowsTheCodeCompiledHere() throws {
            #expect(
                try GuideSnippets.linesMissing(
                    from: "Sources/QueryRequest/QueryRequest.docc/QueryRequest.md", compiledIn: #filePath) == [])
            #expect(try GuideSnippets.codeLineCount(of: "Sources/QueryRequest/QueryRequest.docc/QueryRequest.md") > 16)
        }
    }
}

/// Each catalogue's Topics list every public type of its module: the top-level ones, and QueryCoding's coder
/// strategies (nested in `QueryEncoder` and `QueryDecoder`), so that no type is missing from the documentation's
/// table of contents.
@Suite(.timeLimit(.minutes(5))) struct CatalogTopicsTests {
    /// The public types declared in the module's sources (``SwiftDeclarations``).
    static func publicTypes(of module: String) -> [SwiftDeclarations.Declaration] {
        SwiftDeclarations.reading(folders: ["Sources/\(module)"]).declarations.filter {
            $0.isPublic && ["struct", "enum", "class", "protocol", "actor"].contains($0.keyword)
        }
    }

    static func topics(of module: String) throws -> String {
        let catalog = try String(
            contentsOf: GuideSnippets.repositoryRoot.appendingPathComponent(
                "Sources/\(module)/\(module).docc/\(module).md"),
            encoding: .utf8)
        return try #require(catalog.components(separatedBy: "## Topics").last)
    }

    @Test(arguments: ["QueryRequest", "QueryCoding"])
    func everyTopLevelPublicTypeIsInTheTopics(module: String) throws {
        let topics = try Self.topics(of: module)
        let topLevel = Self.publicTypes(of: module).filter { $0.parent == nil }
        #expect(topLevel.count >= (module == "QueryRequest" ? 60 : 5))
        for type in topLevel {
            #expect(
                topics.contains("- ``\(type.name)``"), "\(module): \(type.name) (\(type.file)) is in no topic group")
        }
    }

    @Test func everyCoderStrategyIsInQueryCodingsTopics() throws {
        let topics = try Self.topics(of: "QueryCoding")
        let nested = Self.publicTypes(of: "QueryCoding").filter {
            $0.parent == "QueryEncoder" || $0.parent == "QueryDecoder"
        }
        #expect(nested.count >= 15)
        for type in nested {
            let parent = type.parent ?? ""
            #expect(topics.contains("- ``\(parent)/\(type.name)``"), "\(parent).\(type.name) is in no topic group")
        }
    }
}
