import Foundation
import QueryRequest
import SampleAPI
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The pattern from issue 4, written exactly as users write it: the sample API's declaration
// (Sources/SampleAPI), the one the Demo prints and the `request.build` benchmark measures.

/// The sample API's hosts (`test.jp`, a local server, …), which the other building tests use too.
typealias Hosts = SampleAPI.Hosts

/// The same request sent to the other host, to check that scheme, port and base path are kept.
struct LocalRankingRequest: Request {
    typealias Response = TestRankingData
    let host: Hosts = .local
    let path = "/test/ranking"
    var query: TestRankingRequest.Query
}

@Suite(.timeLimit(.minutes(5))) struct RankingExampleTests {
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
