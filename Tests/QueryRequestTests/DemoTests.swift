import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The sample API of `swift run Demo` (Sources/Demo/SampleAPI.swift), copied here so that a test can build
// it: the Demo is an executable, which a test target cannot import. `theCopyMatchesTheDemo` checks that
// every code line of the Demo's file is here, so the two cannot drift apart.

enum DemoSample {
    enum Hosts: String, APIHost {
        case production = "api.example.com/v1"  // no scheme → https
        case staging = "https://staging.example.com/v1"
        case test = "test.jp"
        case local = "http://127.0.0.1:8080/api"  // scheme, port and base path kept

        static let current = Hosts.staging
    }

    struct TestRankingData: Decodable {
        let items: [String]
    }

    struct TestRankingRequest: Request {
        typealias Response = TestRankingData
        let method: HTTPMethod = .get
        let host: Hosts = .test
        let path = "/test/ranking"
        let setting: APISetting = .default
        var query: Query

        struct Query: Encodable {
            let totalLimit: Int
            let offset: Int
            let pageLimit: Int
            let age: Int?
            let type: [String] = ["day", "month", "year"]
            let field: [String] = ["image", "text"]
            let deviceID: String = "aaaaaaaaaaaaaa"
            private enum CodingKeys: String, CodingKey {
                case totalLimit, offset, pageLimit, age, type, field
                case deviceID = "device_id"
            }
        }
    }

    struct User: Decodable {
        let id: Int
        let firstName: String
    }

    struct CreateUserRequest: Request {
        typealias Response = User
        let method: HTTPMethod = .post
        let host: Hosts = .current
        let path = "/users"
        let setting = APISetting(headers: ["X-Api-Key": "demo-key"], retryCount: 1)
        var query: Query
        let user: NewUser

        struct Query: Encodable {
            let sendWelcomeMail: Bool
        }

        struct NewUser: Encodable {
            let firstName: String
            let teamID: Int
        }

        var body: RequestBody? {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.outputFormatting = .sortedKeys
            return .json(user, encoder: encoder)
        }
    }

    struct LoginRequest: Request {
        let method: HTTPMethod = .post
        let host: Hosts = .current
        let path = "/oauth/token"
        let form: Form

        struct Form: Encodable {
            let grantType = "password"
            let username: String
            let password: String
        }

        var body: RequestBody? {
            var encoder = QueryEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.spaceEncodingStrategy = .plus  // as HTML forms write spaces
            return .form(form, encoder: encoder)
        }
    }

    struct UserPostsRequest: Request {
        let host: Hosts = .current
        let userName: String
        var path: String { "/users/\(segment: userName)/posts" }
        let headers = ["Accept": "application/json"]
        var query: Query

        struct Query: Encodable {
            let tags: [String]
            let since: Date
            let filter: Filter

            struct Filter: Encodable {
                let minimumLikes: Int
                let language: String?
            }
        }
    }
}

extension DemoSample {
    /// The requests exactly as Sources/Demo/main.swift builds them, and what the Demo prints for each.
    @Suite struct Tests {
        @Test func theRankingRequest() throws {
            let request = try TestRankingRequest(query: .init(totalLimit: 48, offset: 0, pageLimit: 6, age: nil))
                .makeURLRequest()
            #expect(request.httpMethod == "GET")
            #expect(
                request.url?.absoluteString
                    == "https://test.jp/test/ranking?totalLimit=48&offset=0&pageLimit=6&type=day,month,year&field=image,text&device_id=aaaaaaaaaaaaaa"
            )
            #expect(request.allHTTPHeaderFields ?? [:] == [:])
            #expect(request.httpBody == nil)
        }

        @Test func thePostWithAJSONBody() throws {
            let request = try CreateUserRequest(
                query: .init(sendWelcomeMail: true), user: .init(firstName: "Ann", teamID: 3)
            ).makeURLRequest()
            #expect(request.httpMethod == "POST")
            #expect(request.url?.absoluteString == "https://staging.example.com/v1/users?sendWelcomeMail=true")
            #expect(request.allHTTPHeaderFields == ["Content-Type": "application/json", "X-Api-Key": "demo-key"])
            #expect(request.httpBody == Data(#"{"first_name":"Ann","team_id":3}"#.utf8))
            #expect(
                request.cURLCommand
                    == #"curl -X 'POST' 'https://staging.example.com/v1/users?sendWelcomeMail=true' -H 'Content-Type: application/json' -H 'X-Api-Key: demo-key' --data-raw '{"first_name":"Ann","team_id":3}'"#
            )
        }

        @Test func theFormBody() throws {
            let request = try LoginRequest(form: .init(username: "ann", password: "p&ss word+1")).makeURLRequest()
            #expect(request.url?.absoluteString == "https://staging.example.com/v1/oauth/token")
            #expect(request.allHTTPHeaderFields == ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(request.httpBody == Data("grant_type=password&username=ann&password=p%26ss+word%2B1".utf8))
        }

        @Test func theDynamicPathSegment() throws {
            let request = try UserPostsRequest(
                userName: "ann/smith",
                query: .init(
                    tags: ["swift", "server side"], since: Date(timeIntervalSince1970: 1_700_000_000),
                    filter: .init(minimumLikes: 10, language: nil))
            ).makeURLRequest()
            #expect(
                request.url?.absoluteString
                    == "https://staging.example.com/v1/users/ann%2Fsmith/posts?tags=swift,server%20side&since=2023-11-14T22%3A13%3A20Z&filter.minimumLikes=10"
            )
            #expect(request.allHTTPHeaderFields == ["Accept": "application/json"])
        }

        @Test func theOtherEnvironments() throws {
            #expect(try Hosts.production.baseURL.absoluteString == "https://api.example.com/v1")
            #expect(try Hosts.local.baseURL.absoluteString == "http://127.0.0.1:8080/api")
        }

        /// Every code line of the Demo's file (trimmed; comments and imports aside) is a line of this one.
        @Test func theCopyMatchesTheDemo() throws {
            func lines(of file: URL) throws -> [String] {
                try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                    .map { $0.trimmingCharacters(in: .whitespaces) }
            }
            let demoFile = GuideSnippets.repositoryRoot.appendingPathComponent("Sources/Demo/SampleAPI.swift")
            let demoLines = try lines(of: demoFile).filter {
                !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ")
            }
            let testLines = Set(try lines(of: URL(fileURLWithPath: #filePath)))
            #expect(demoLines.count > 80)
            #expect(demoLines.filter { !testLines.contains($0) } == [])
        }
    }
}
