import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The pattern from issue 4, written exactly as users write it.

enum Hosts: String, APIHost {
    case test = "test.jp"  // no scheme → https
    case local = "http://127.0.0.1:8080/api"  // scheme, port and base path kept
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

/// The same request sent to the other host, to check that scheme, port and base path are kept.
struct LocalRankingRequest: Request {
    typealias Response = TestRankingData
    let host: Hosts = .local
    let path = "/test/ranking"
    var query: TestRankingRequest.Query
}

@Suite struct RankingExampleTests {
    @Test func buildsTheURLOfTheIssueExample() throws {
        let urlRequest = try TestRankingRequest(query: .init(totalLimit: 48, offset: 0, pageLimit: 6, age: nil))
            .makeURLRequest()
        #expect(
            urlRequest.url?.absoluteString
                == "https://test.jp/test/ranking?totalLimit=48&offset=0&pageLimit=6&type=day,month,year&field=image,text&device_id=aaaaaaaaaaaaaa"
        )
        #expect(urlRequest.httpMethod == "GET")
        #expect(urlRequest.httpBody == nil)
        #expect(urlRequest.allHTTPHeaderFields ?? [:] == [:])
    }

    @Test func writesAPresentOptionalInCodingKeysOrder() throws {
        let urlRequest = try TestRankingRequest(query: .init(totalLimit: 1, offset: 2, pageLimit: 3, age: 20))
            .makeURLRequest()
        #expect(
            urlRequest.url?.absoluteString
                == "https://test.jp/test/ranking?totalLimit=1&offset=2&pageLimit=3&age=20&type=day,month,year&field=image,text&device_id=aaaaaaaaaaaaaa"
        )
    }

    @Test func keepsTheSchemePortAndBasePathOfTheLocalHost() throws {
        let urlRequest = try LocalRankingRequest(query: .init(totalLimit: 48, offset: 0, pageLimit: 6, age: nil))
            .makeURLRequest()
        #expect(
            urlRequest.url?.absoluteString
                == "http://127.0.0.1:8080/api/test/ranking?totalLimit=48&offset=0&pageLimit=6&type=day,month,year&field=image,text&device_id=aaaaaaaaaaaaaa"
        )
    }
}
