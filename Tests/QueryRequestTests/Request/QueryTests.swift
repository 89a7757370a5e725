import Foundation
import QueryRequest
import Testing

@Suite(.timeLimit(.minutes(5))) struct QueryTests {
    struct Search: Encodable {
        let term: String
        let page: Int
    }

    @Test func putsTheFixedQueryOfThePathFirst() throws {
        let request = Endpoint(host: Hosts.test, path: "/search?fixed=1&lang=ja", query: Search(term: "swift", page: 2))
        #expect(
            try request.makeURLRequest().url?.absoluteString
                == "https://test.jp/search?fixed=1&lang=ja&term=swift&page=2")
    }

    @Test func keepsAFixedQueryAloneWhenTheEncodedQueryIsEmpty() throws {
        #expect(try builtURL("/search?fixed=1") == "https://test.jp/search?fixed=1")
        #expect(try builtURL("/search?") == "https://test.jp/search")
        #expect(try builtURL("/search?a?b/c:@") == "https://test.jp/search?a?b/c:@")
        // A `?` followed by a combining mark is one `Character`, but still the start of the query.
        #expect(try builtURL("/search?\u{301}x=1") == "https://test.jp/search?%CC%81x=1")
    }

    @Test func normalisesTheFixedQuery() throws {
        #expect(try builtURL("/search?q=a b&x=\u{E9}") == "https://test.jp/search?q=a%20b&x=%C3%A9")
        #expect(try builtURL("/search?q=%zz&r=%41") == "https://test.jp/search?q=%25zz&r=%41")
        #expect(try builtURL("/search?q=[1]\\\r\n") == "https://test.jp/search?q=%5B1%5D%5C%0D%0A")
    }

    @Test func escapesSeparatorsInValues() throws {
        let request = Endpoint(host: Hosts.test, path: "/search", query: Search(term: "a+b&c;d=e#f?g/h %", page: 1))
        #expect(
            try request.makeURLRequest().url?.absoluteString
                == "https://test.jp/search?term=a%2Bb%26c%3Bd%3De%23f%3Fg%2Fh%20%25&page=1")
    }

    @Test func sendsTheQueryWithEveryMethod() throws {
        let request = Endpoint(
            host: Hosts.test, path: "/items", query: Search(term: "x", page: 1), method: .post,
            body: .data(Data("payload".utf8), contentType: "text/plain"))
        let urlRequest = try request.makeURLRequest()
        #expect(urlRequest.url?.absoluteString == "https://test.jp/items?term=x&page=1")
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.httpBody == Data("payload".utf8))
    }

    @Test func usesTheRequestsQueryEncoder() throws {
        struct Filter: Encodable {
            let tagNames: [String]
            let isActive: Bool
        }
        var encoder = QueryEncoder()
        encoder.arrayEncodingStrategy = .repeatedKeys
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.boolEncodingStrategy = .numeric
        var request = Endpoint(host: Hosts.test, path: "/items", query: Filter(tagNames: ["a", "b"], isActive: true))
        request.queryEncoder = encoder
        #expect(
            try request.makeURLRequest().url?.absoluteString
                == "https://test.jp/items?tag_names=a&tag_names=b&is_active=1")
    }

    @Test func throwsTheQueryEncodersErrorUnchanged() throws {
        struct Matrix: Encodable {
            let rows: [[Int]]
        }
        let request = Endpoint(host: Hosts.test, path: "/m", query: Matrix(rows: [[1, 2]]))
        let error = try #require(throws: EncodingError.self) { try request.makeURLRequest() }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["rows", "Index 0"])
    }
}
