import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Requests declared the ways users declare them: only what differs from the defaults.

struct HealthRequest: Request {
    let host: Hosts = .test
    let path = "/health"
}

struct ArticlesRequest: Request {
    let host: Hosts = .test
    let path = "/articles"
    var query: Query?

    struct Query: Encodable {
        let page: Int
        let tag: String?
    }
}

struct DeleteArticleRequest: Request {
    let method: HTTPMethod = .delete
    let host: Hosts = .test
    let id: Int
    var path: String { "/articles/\(segment: id)" }
}

@Suite(.timeLimit(.minutes(5))) struct RequestPatternTests {
    @Test func aRequestWithNoQueryHasNoQuestionMark() throws {
        let urlRequest = try HealthRequest().makeURLRequest()
        #expect(urlRequest.url?.absoluteString == "https://test.jp/health")
        #expect(urlRequest.httpMethod == "GET")
        #expect(HealthRequest().query == EmptyQuery())
        #expect(HealthRequest.Response.self == EmptyResponse.self)
        #expect(HealthRequest.QueryParameters.self == EmptyQuery.self)
    }

    @Test func anOptionalQueryIsLeftOutWhenNil() throws {
        #expect(try ArticlesRequest(query: nil).makeURLRequest().url?.absoluteString == "https://test.jp/articles")
        #expect(
            try ArticlesRequest(query: .init(page: 2, tag: nil)).makeURLRequest().url?.absoluteString
                == "https://test.jp/articles?page=2")
        #expect(
            try ArticlesRequest(query: .init(page: 2, tag: "a b")).makeURLRequest().url?.absoluteString
                == "https://test.jp/articles?page=2&tag=a%20b")
        #expect(ArticlesRequest.QueryParameters.self == ArticlesRequest.Query?.self)
    }

    @Test func aRequestChoosesItsMethod() throws {
        let urlRequest = try DeleteArticleRequest(id: 7).makeURLRequest()
        #expect(urlRequest.httpMethod == "DELETE")
        #expect(urlRequest.url?.absoluteString == "https://test.jp/articles/7")
    }

    @Test func methodsAreUppercaseTokensAndExtensible() throws {
        #expect(HTTPMethod.get.rawValue == "GET")
        let all: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options]
        #expect(all.map(\.rawValue) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
        let propfind: HTTPMethod = "PROPFIND"
        #expect(try Endpoint("/dav", method: propfind).makeURLRequest().httpMethod == "PROPFIND")
    }

    @Test(arguments: ["", "GET /admin HTTP/1.1", "GET\r\nX: 1", "GÉT", "(GET)"])
    func refusesAMethodThatIsNoToken(method: String) {
        #expect(throws: RequestBuildingError.invalidMethod(method)) {
            try Endpoint("/x", method: HTTPMethod(rawValue: method)).makeURLRequest()
        }
    }

    @Test func appliesTheSettingsTimeoutAndCachePolicy() throws {
        let setting = APISetting(timeout: 5, cachePolicy: .reloadIgnoringLocalCacheData)
        let urlRequest = try Endpoint("/x", setting: setting).makeURLRequest()
        #expect(urlRequest.timeoutInterval == 5)
        #expect(urlRequest.cachePolicy == .reloadIgnoringLocalCacheData)

        let byDefault = try Endpoint("/x").makeURLRequest()
        #expect(byDefault.timeoutInterval == 60)
        #expect(byDefault.cachePolicy == .useProtocolCachePolicy)
    }

    @Test(arguments: [0, -1, .nan, .infinity])
    func refusesATimeoutThatIsNotPositiveAndFinite(timeout: TimeInterval) {
        #expect {
            try Endpoint("/x", setting: APISetting(timeout: timeout)).makeURLRequest()
        } throws: { error in
            guard case .invalidTimeout(let value) = error as? RequestBuildingError else { return false }
            return value.isNaN ? timeout.isNaN : value == timeout
        }
    }

    @Test func settingsNameOnlyWhatTheyChange() {
        let keyed = APISetting(headers: ["X-Api-Key": "k"])
        #expect(keyed.headers == ["X-Api-Key": "k"])
        #expect(keyed.retryPolicy == nil)
        let retrying = APISetting(retryPolicy: RetryPolicy(maximumRetries: 2))
        #expect(retrying.retryPolicy?.maximumRetries == 2)
        #expect(retrying.headers == [:])
        #expect(APISetting.default == APISetting())
    }
}
