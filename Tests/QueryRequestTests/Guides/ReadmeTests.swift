import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The snippets of README.md, compiled and run here so that the README cannot rot. The code inside
// `Readme` is copied verbatim into the README (indentation aside).

enum Readme {
    struct Repository: Decodable, Sendable {
        let name: String
    }

    enum Hosts: String, APIHost {
        case production = "api.example.com"  // no scheme → https
        case local = "http://127.0.0.1:8080/api"  // scheme, port and base path kept
    }

    struct SearchRequest: Request {
        typealias Response = [Repository]
        let host: Hosts = .production
        let path = "/search/repositories"
        var query: Query

        struct Query: Encodable {
            let text: String
            let topics: [String]
            let page: Int?
        }
    }

    struct Filter: Codable, Equatable {
        let minPrice: Int
        let tags: [String]
        let deviceID: String
        let since: Date?
    }
}

@Suite(.timeLimit(.minutes(5))) struct ReadmeTests {
    @Test func aFirstRequest() async throws {
        typealias SearchRequest = Readme.SearchRequest
        let session = StubNetworkSession(.json(#"[{"name":"QueryRequest"}]"#))
        let client = APIClient(session: session)

        let request = SearchRequest(query: .init(text: "swift & co", topics: ["server", "ios"], page: nil))
        let repositories = try await client.send(request)

        #expect(repositories.map(\.name) == ["QueryRequest"])
        #expect(
            session.requests.first?.url?.absoluteString
                == "https://api.example.com/search/repositories?text=swift%20%26%20co&topics=server,ios")
        #expect(try request.makeURLRequest().url == session.requests.first?.url)
    }

    @Test func theLocalHostKeepsSchemePortAndBasePath() throws {
        #expect(try Readme.Hosts.local.baseURL.absoluteString == "http://127.0.0.1:8080/api")
    }

    @Test func encodingAndDecodingQueriesOnTheirOwn() throws {
        typealias Filter = Readme.Filter

        var encoder = QueryEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let filter = Filter(minPrice: 10, tags: ["a+b", "c,d"], deviceID: "x y", since: nil)
        let query = try encoder.encodeToString(filter)
        #expect(query == "min_price=10&tags=a%2Bb,c%2Cd&device_id=x%20y")

        var decoder = QueryDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let decoded = try decoder.decode(Filter.self, from: query)
        #expect(decoded == filter)
    }

    /// The strategy table's examples.
    @Test func strategyExamples() throws {
        struct Days: Encodable { let type = ["day", "month"] }
        struct Nested: Encodable {
            struct Filter: Encodable { let min = 1 }
            let filter = Filter()
        }
        struct Moment: Encodable { let date = Date(timeIntervalSince1970: 1_509_466_556) }
        struct Flag: Encodable { let flag = true }
        struct Age: Encodable { let age: Int? = nil }
        struct Device: Encodable { let deviceID = "x" }
        struct Bytes: Encodable { let data = Data("hi".utf8) }
        struct Words: Encodable { let words = "a b" }

        func encoded(_ value: some Encodable, _ configure: (inout QueryEncoder) -> Void = { _ in }) throws -> String {
            var encoder = QueryEncoder()
            configure(&encoder)
            return try encoder.encodeToString(value)
        }

        #expect(try encoded(Days()) == "type=day,month")
        #expect(try encoded(Days()) { $0.arrayEncodingStrategy = .pipeDelimited } == "type=day%7Cmonth")
        #expect(try encoded(Days()) { $0.arrayEncodingStrategy = .spaceDelimited } == "type=day%20month")
        #expect(try encoded(Days()) { $0.arrayEncodingStrategy = .delimited(by: ";") } == "type=day;month")
        #expect(try encoded(Nested()) { $0.nestedKeyEncodingStrategy = .unexploded } == "filter=min,1")
        #expect(try encoded(Days()) { $0.arrayEncodingStrategy = .repeatedKeys } == "type=day&type=month")
        #expect(try encoded(Days()) { $0.arrayEncodingStrategy = .brackets } == "type%5B%5D=day&type%5B%5D=month")
        #expect(
            try encoded(Days()) { $0.arrayEncodingStrategy = .indexedBrackets } == "type%5B0%5D=day&type%5B1%5D=month")
        #expect(try encoded(Nested()) == "filter.min=1")
        #expect(try encoded(Nested()) { $0.nestedKeyEncodingStrategy = .brackets } == "filter%5Bmin%5D=1")
        #expect(try encoded(Moment()) == "date=2017-10-31T16%3A15%3A56Z")
        #expect(try encoded(Moment()) { $0.dateEncodingStrategy = .secondsSince1970 } == "date=1509466556")
        #expect(try encoded(Moment()) { $0.dateEncodingStrategy = .millisecondsSince1970 } == "date=1509466556000")
        #expect(try encoded(Flag()) == "flag=true")
        #expect(try encoded(Flag()) { $0.boolEncodingStrategy = .numeric } == "flag=1")
        #expect(try encoded(Age()) == "")
        #expect(try encoded(Age()) { $0.nilEncodingStrategy = .emptyValue } == "age=")
        #expect(try encoded(Age()) { $0.nilEncodingStrategy = .null } == "age=null")
        #expect(try encoded(Device()) == "deviceID=x")
        #expect(try encoded(Device()) { $0.keyEncodingStrategy = .convertToSnakeCase } == "device_id=x")
        #expect(try encoded(Device()) { $0.keyEncodingStrategy = .convertToKebabCase } == "device-id=x")
        #expect(try encoded(Bytes()) == "data=aGk%3D")
        #expect(try encoded(Bytes()) { $0.dataEncodingStrategy = .base64URL } == "data=aGk")
        #expect(try encoded(Words()) == "words=a%20b")
        #expect(try encoded(Words()) { $0.spaceEncodingStrategy = .plus } == "words=a+b")
    }

    @Test func everySwiftLineOfTheReadmeIsCompiledHere() throws {
        let missing = try GuideSnippets.linesMissing(from: "README.md", compiledIn: #filePath) { block in
            // The installation block is manifest syntax (PackageDescription), which tests cannot import.
            !block.contains { $0.hasPrefix("dependencies:") }
        }
        #expect(missing == [])
        #expect(try GuideSnippets.codeLineCount(of: "README.md") >= 35)
    }
}
