import Foundation
import QueryRequest
import SampleAPI
import Testing

@testable import Demo

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The sample API of `swift run Demo` (Sources/Demo/SampleAPI.swift): the requests exactly as the Demo builds
/// them, and what it prints for each.
@Suite(.timeLimit(.minutes(5))) struct DemoTests {
    @Test func theRankingRequest() throws {
        let request = try SampleAPI.TestRankingRequest(query: .init(totalLimit: 48, offset: 0, pageLimit: 6, age: nil))
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
        let request = try Demo.CreateUserRequest(
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
        let request = try Demo.LoginRequest(form: .init(username: "ann", password: "p&ss word+1")).makeURLRequest()
        #expect(request.url?.absoluteString == "https://staging.example.com/v1/oauth/token")
        #expect(request.allHTTPHeaderFields == ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(request.httpBody == Data("grant_type=password&username=ann&password=p%26ss+word%2B1".utf8))
    }

    @Test func theDynamicPathSegment() throws {
        let request = try Demo.UserPostsRequest(
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
        #expect(try SampleAPI.Hosts.production.baseURL.absoluteString == "https://api.example.com/v1")
        #expect(try SampleAPI.Hosts.local.baseURL.absoluteString == "http://127.0.0.1:8080/api")
    }

    @Test func sendingRetriesThenReportsATypedError() async {
        // The durations vary from run to run.
        let lines = await sendingDemo().map {
            $0.replacingOccurrences(of: #"\(\d+ ms"#, with: "(N ms", options: .regularExpression)
        }
        guard lines.count == 7 else {
            Issue.record("expected 7 lines, got \(lines)")
            return
        }
        #expect(
            lines == [
                "log      GET https://api.example.com/v1/users/42?api_key=REDACTED → 503 "
                    + "(N ms, 0 B sent, 0 B received; UserRequest, attempt 1)",
                "log      GET https://api.example.com/v1/users/42?api_key=REDACTED → 200 "
                    + "(N ms, 0 B sent, 30 B received; UserRequest, attempt 2, retry after status 503)",
                "user     User(id: 42, firstName: Ann)",
                "log      GET https://api.example.com/v1/users/7?api_key=REDACTED → 404 "
                    + "(N ms, 0 B sent, 45 B received; UserRequest, attempt 1)",
                "status   404",
                "apiError not_found: No user 7",
                lines.last ?? "",
            ])
        #expect(
            lines.last?.hasPrefix(
                "message  Unacceptable status 404 (Not Found) from https://api.example.com/v1/users/7?api_key=REDACTED")
                == true)
        #expect(!lines.joined().contains("demo-secret-key"), "the key is redacted everywhere")
    }
}
