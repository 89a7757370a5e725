import Foundation
import QueryRequest
import Testing

@Suite(.timeLimit(.minutes(5))) struct PathSegmentInterpolationTests {
    struct UserPostsRequest: Request {
        let host: Hosts = .test
        let name: String
        var path: String { "/users/\(segment: name)/posts" }
    }

    static let segments: [(value: String, url: String)] = [
        ("ann", "https://test.jp/users/ann/posts"),
        ("a/b?c#d", "https://test.jp/users/a%2Fb%3Fc%23d/posts"),
        ("../admin", "https://test.jp/users/..%2Fadmin/posts"),
        ("%2E%2E", "https://test.jp/users/%252E%252E/posts"),
        ("100%", "https://test.jp/users/100%25/posts"),
        ("a b+c&d;e=f", "https://test.jp/users/a%20b%2Bc%26d%3Be%3Df/posts"),
        ("@evil.com:443", "https://test.jp/users/%40evil.com%3A443/posts"),
        ("\\evil", "https://test.jp/users/%5Cevil/posts"),
        ("a\r\nb\u{0}", "https://test.jp/users/a%0D%0Ab%00/posts"),
        ("Jos\u{E9}", "https://test.jp/users/Jos%C3%A9/posts"),
        ("-._~", "https://test.jp/users/-._~/posts"),
        ("...", "https://test.jp/users/.../posts"),
        ("", "https://test.jp/users//posts"),
    ]

    @Test(arguments: segments)
    func keepsEachValueOneSegment(value: String, url: String) throws {
        #expect(try UserPostsRequest(name: value).makeURLRequest().url?.absoluteString == url)
    }

    @Test(arguments: [".", ".."])
    func refusesADotValue(value: String) {
        #expect(
            throws: RequestBuildingError.invalidPath(
                path: "/users/\(value)/posts", reason: "the \"\(value)\" segment would be resolved by the server")
        ) {
            try UserPostsRequest(name: value).makeURLRequest()
        }
    }

    @Test func interpolatesAnyDescribableValue() throws {
        let id = 42
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect("/items/\(segment: id)/\(segment: uuid)" == "/items/42/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }
}
