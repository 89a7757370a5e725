import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The snippets of Docs/Requests.md, compiled and checked here so that the guide cannot rot.
// Keep the two in step: the code inside `RequestsGuide` is copied verbatim into the guide.

enum RequestsGuide {
    // MARK: Declaring a request

    struct User: Decodable {
        let id: Int
        let name: String
    }

    struct UsersRequest: Request {
        typealias Response = [User]
        let host: Hosts = .current
        let path = "/users"
        var query: Query

        struct Query: Encodable {
            let name: String
            let page: Int?
        }
    }

    struct HealthRequest: Request {
        let host: Hosts = .current
        let path = "/health"
    }

    struct ArticlesRequest: Request {
        let host: Hosts = .current
        let path = "/articles"
        var query: Query?

        struct Query: Encodable {
            let tag: String
        }
    }

    // MARK: Hosts and environments

    enum Hosts: String, APIHost {
        case production = "api.example.com/v1"  // https://api.example.com/v1
        case staging = "https://staging.example.com/v1"
        case local = "http://127.0.0.1:8080/v1"

        #if DEBUG
            static let current = Hosts.staging
        #else
            static let current = Hosts.production
        #endif
    }

    struct Team: Decodable, Sendable {
        let id: Int
        let name: String
    }

    struct NewTeam: Encodable, Sendable {
        let name: String
    }

    struct CreateTeamRequest: Request {
        typealias Response = Team
        let method: HTTPMethod = .post
        let host: Hosts = .current
        let path = "/teams"
        var body: NewTeam
    }

    struct TenantHost: APIHost {
        let tenant: String

        var baseURL: URL {
            get throws {
                guard let url = URL(string: "https://\(tenant).example.com/api") else {
                    throw URLError(.badURL)
                }
                return url
            }
        }
    }

    // MARK: Settings and headers

    struct ReportRequest: Request {
        let host: Hosts = .current
        let path = "/reports"
        let setting = APISetting(
            headers: ["X-Api-Key": "key"], retryPolicy: RetryPolicy(maximumRetries: 2), timeout: 30)
        let headers = ["Accept": "text/csv"]
    }

    // MARK: Bodies

    struct NewUser: Encodable {
        let firstName: String
        let teamID: Int
    }

    struct CreateUserRequest: Request {
        typealias Response = User
        let method: HTTPMethod = .post
        let host: Hosts = .current
        let path = "/users"
        let user: NewUser

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

        var body: RequestBody? { .form(form) }
    }

    struct UploadAvatarRequest: Request {
        let method: HTTPMethod = .put
        let host: Hosts = .current
        let userID: Int
        let png: Data

        var path: String { "/users/\(segment: userID)/avatar" }
        var body: RequestBody? { .data(png, contentType: "image/png") }
    }

    struct UploadVideoRequest: Request {
        let method: HTTPMethod = .put
        let host: Hosts = .current
        let path = "/videos/intro"
        let video: URL  // a file: URL

        var body: RequestBody? { .file(video, contentType: "video/mp4") }
    }

    struct UploadLogRequest: Request {
        let method: HTTPMethod = .put
        let host: Hosts = .current
        let path = "/logs/today"
        let lines: [String]

        var body: RequestBody? {
            .stream(contentType: "text/plain; charset=utf-8") { [lines] in
                AsyncStream { continuation in
                    for line in lines { continuation.yield(Data((line + "\n").utf8)) }
                    continuation.finish()
                }
            }
        }
    }

    // MARK: Paths

    struct UserPostsRequest: Request {
        let host: Hosts = .current
        let userName: String
        var path: String { "/users/\(segment: userName)/posts" }
    }

    struct SearchRequest: Request {
        let host: Hosts = .current
        let path = "/search?version=2"
        var query: Query

        struct Query: Encodable {
            let term: String
        }
    }
}

extension RequestsGuide {
    /// Nested in `RequestsGuide`, so the guide's names resolve here exactly as written in the guide.
    @Suite(.timeLimit(.minutes(5))) struct Tests {
        /// `Hosts.current` is staging in debug builds and production in release builds.
        let base: String

        init() throws {
            base = try Hosts.current.baseURL.absoluteString
        }

        @Test func declaringARequest() throws {
            let urlRequest = try UsersRequest(query: .init(name: "ann", page: nil)).makeURLRequest()
            #expect(urlRequest.url?.absoluteString == base + "/users?name=ann")
            #expect(try HealthRequest().makeURLRequest().url?.absoluteString == base + "/health")
            #expect(try ArticlesRequest(query: nil).makeURLRequest().url?.absoluteString == base + "/articles")
            #expect(
                try ArticlesRequest(query: .init(tag: "swift")).makeURLRequest().url?.absoluteString
                    == base + "/articles?tag=swift")
        }

        @Test func hosts() throws {
            #expect(try Hosts.production.baseURL.absoluteString == "https://api.example.com/v1")
            #expect(try builtURL("/users", host: Hosts.local) == "http://127.0.0.1:8080/v1/users")
            #expect(try builtURL("/users", host: TenantHost(tenant: "acme")) == "https://acme.example.com/api/users")
        }

        @Test func settingsAndHeaders() throws {
            let urlRequest = try ReportRequest().makeURLRequest()
            #expect(urlRequest.allHTTPHeaderFields == ["X-Api-Key": "key", "Accept": "text/csv"])
            #expect(urlRequest.timeoutInterval == 30)
            #expect(ReportRequest().setting.retryPolicy?.maximumRetries == 2)
        }

        @Test func hostsChosenAtRunTime() async throws {
            let port = 9999
            let staging = APIClient(hostOverride: Hosts.staging)
            let local = APIClient(hostOverride: URL(string: "http://127.0.0.1:\(port)/v1")!)
            let urlRequest = try HealthRequest().makeURLRequest(host: URL(string: "http://127.0.0.1:\(port)/v1")!)
            #expect(urlRequest.url?.absoluteString == "http://127.0.0.1:9999/v1/health")
            _ = (staging, local)
        }

        @Test func aValueAsTheBody() throws {
            let create = try CreateTeamRequest(body: NewTeam(name: "Core")).makeURLRequest()
            #expect(create.httpBody == Data(#"{"name":"Core"}"#.utf8))
            #expect(create.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(try PortingGuide.NoteEndpoint.note(2).makeURLRequest().url?.path == "/v1/notes/2")
        }

        @Test func bodies() throws {
            let create = try CreateUserRequest(user: .init(firstName: "Ann", teamID: 3)).makeURLRequest()
            let body = try #require(create.httpBody)
            let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(json.keys.sorted() == ["first_name", "team_id"])
            #expect(json["first_name"] as? String == "Ann")
            #expect(json["team_id"] as? Int == 3)
            #expect(create.value(forHTTPHeaderField: "Content-Type") == "application/json")

            let login = try LoginRequest(form: .init(username: "ann", password: "p&ss word")).makeURLRequest()
            #expect(login.httpBody == Data("grantType=password&username=ann&password=p%26ss%20word".utf8))

            let upload = try UploadAvatarRequest(userID: 7, png: Data([0x89, 0x50])).makeURLRequest()
            #expect(upload.url?.absoluteString == base + "/users/7/avatar")
            #expect(upload.httpBody == Data([0x89, 0x50]))
            #expect(upload.value(forHTTPHeaderField: "Content-Type") == "image/png")
        }

        @Test func paths() throws {
            #expect(
                try UserPostsRequest(userName: "a/b?c#d").makeURLRequest().url?.absoluteString
                    == base + "/users/a%2Fb%3Fc%23d/posts")
            #expect(
                throws: RequestBuildingError.invalidPath(
                    path: "/users/../posts", reason: "the \"..\" segment would be resolved by the server")
            ) {
                try UserPostsRequest(userName: "..").makeURLRequest()
            }
            #expect(
                try SearchRequest(query: .init(term: "a&b")).makeURLRequest().url?.absoluteString
                    == base + "/search?version=2&term=a%26b")
        }

        @Test func cURL() throws {
            let urlRequest = try UsersRequest(query: .init(name: "ann", page: 2)).makeURLRequest()
            #expect(urlRequest.cURLCommand == "curl '\(base)/users?name=ann&page=2'")
        }

        /// Every code line of the guide's Swift blocks (comments and `print` aside) appears in this file, so
        /// a snippet changed on one side only fails here.
        @Test func theGuideShowsTheCodeCompiledHere() throws {
            #expect(try GuideSnippets.codeLineCount(of: "Docs/Requests.md") > 80)
            #expect(try GuideSnippets.linesMissing(from: "Docs/Requests.md", compiledIn: #filePath) == [])
        }
    }
}

// MARK: Multipart forms (the snippets of "Multipart forms" in Docs/Requests.md)

extension RequestsGuide {
    struct PhotoDetails: Encodable, Sendable {
        let caption: String
        let tags: [String]
        let album: Album
        struct Album: Encodable, Sendable {
            let id: Int
        }
    }

    struct ProfilePhotoRequest: Request {
        let method: HTTPMethod = .post
        let host: Hosts = .current
        let path = "/photos"
        let details: PhotoDetails
        let jpeg: Data

        var body: RequestBody? {
            var encoder = QueryEncoder()
            encoder.arrayEncodingStrategy = .brackets
            var form = MultipartForm(fields: details, encoder: encoder)
            form.append(.file(name: "photo", filename: "me.jpg", contentType: "image/jpeg", data: jpeg))
            return .multipart(form)
        }
    }

    static func uploadReport(reportURL: URL, uploadURL: URL) async throws -> (Data, URLResponse) {
        var form = MultipartForm()
        form.append(.text(name: "title", value: "Q3 report"))
        form.append(.file(name: "report", contentType: "application/pdf", contentsOf: reportURL))
        var urlRequest = URLRequest(url: uploadURL)
        urlRequest.httpMethod = "POST"
        try form.encode().attach(to: &urlRequest)
        let (data, response) = try await URLSession.shared.data(for: urlRequest)
        return (data, response)
    }
}

@Suite(.timeLimit(.minutes(5))) struct RequestsGuideMultipartTests {
    @Test func aPhotoFormNamesItsFieldsLikeAQuery() throws {
        let details = RequestsGuide.PhotoDetails(caption: "Hi", tags: ["a", "b"], album: .init(id: 3))
        let request = try RequestsGuide.ProfilePhotoRequest(details: details, jpeg: Data([0xFF, 0xD8]))
            .makeURLRequest()
        let contentType = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary=qr-"))
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        let names = body.components(separatedBy: "; name=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(names == ["caption", "tags[]", "tags[]", "album.id", "photo"])
        #expect(body.contains("filename=\"me.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n\u{FFFD}\u{FFFD}\r\n"))
    }

    struct DiskUpload: Request {
        let method: HTTPMethod = .post
        let host = RequestsGuide.Hosts.local
        let path = "/u"
        let setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1, retriesNonIdempotentRequests: true))
        var body: RequestBody? {
            var form = MultipartForm()
            form.append(.file(name: "f", contentsOf: URL(fileURLWithPath: #filePath)))
            return .multipart(form)
        }
    }

    @Test func aFileOnDiskThroughMakeURLRequestIsStreamedNotLoaded() throws {
        let request = try DiskUpload().makeURLRequest()
        #expect(request.httpBody == nil)
        #expect(request.httpBodyStream != nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
    }

    @Test func aRetriedStreamedBodyIsSentWithAFreshStream() async throws {
        let bodies = Locked<[Data]>([])
        let session = StubNetworkSession { request in
            let stream = try #require(request.httpBodyStream)
            var data = Data()
            stream.open()
            defer { stream.close() }
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let read = stream.read(&buffer, maxLength: buffer.count)
                if read <= 0 { break }
                data.append(contentsOf: buffer[..<read])
            }
            bodies.update { $0.append(data) }
            return .init(status: bodies.current.count == 1 ? 503 : 204)
        }
        try await APIClient(session: session, backoff: .init(sleep: { _ in })).send(DiskUpload())
        #expect(bodies.current.count == 2)
        let fileSize = try Data(contentsOf: URL(fileURLWithPath: #filePath)).count
        #expect(bodies.current.allSatisfy { $0.count > fileSize }, "each attempt sent the whole form")
        #expect(bodies.current[0].count == bodies.current[1].count)
    }
}
