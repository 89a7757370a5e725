import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The snippets of Docs/Migration.md, compiled and checked here so that the guide cannot rot. The code inside
// `MigrationGuide` and the tests' snippet lines are copied verbatim into the guide.

enum MigrationGuide {
    enum Hosts: String, APIHost {
        case production = "api.example.com"
    }

    // MARK: From Alamofire's URLEncodedFormEncoder

    struct Filter: Encodable {
        let tags: [String]
        let active: Bool
        let range: Range

        struct Range: Encodable {
            let min: Int
            let max: Int
        }
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    struct Event: Encodable {
        let name: String
        let startsAt: Date
    }

    // MARK: From a hand-written query

    struct SearchRequest: Request {
        let host: Hosts = .production
        let path = "/search"
        var query: Query

        struct Query: Encodable {
            let term: String
            let page: Int?
            let tags: [String]
        }
    }

    struct LegacySearchRequest: Request {
        let host: Hosts = .production
        let path = "/search"
        let query: [String: String]
    }
}

/// The guide's "before" code: a hand-written query (at file scope, as the guide shows it).
func legacySearchURL(term: String, page: Int?, tags: [String]) -> URL? {
    var parameters = ["term": term, "tags": tags.joined(separator: ",")]
    if let page { parameters["page"] = String(page) }
    var components = URLComponents(string: "https://api.example.com/search")
    components?.queryItems = parameters.map { URLQueryItem(name: $0.key, value: $0.value) }
    return components?.url
}

extension MigrationGuide {
    @Suite(.timeLimit(.minutes(5))) struct Tests {
        @Test func alamofireDefaults() throws {
            var alamofireStyle = QueryEncoder()
            alamofireStyle.arrayEncodingStrategy = .brackets
            alamofireStyle.nestedKeyEncodingStrategy = .brackets
            alamofireStyle.boolEncodingStrategy = .numeric
            alamofireStyle.dateEncodingStrategy = .custom { String($0.timeIntervalSinceReferenceDate) }
            alamofireStyle.outputFormatting = .sortedKeys

            let filter = Filter(tags: ["a", "b"], active: true, range: .init(min: 1, max: 5))
            let query = try alamofireStyle.encodeToString(filter)
            #expect(query == "active=1&range%5Bmax%5D=5&range%5Bmin%5D=1&tags%5B%5D=a&tags%5B%5D=b")

            let event = Event(name: "launch", startsAt: Date(timeIntervalSinceReferenceDate: 531_000_000))
            #expect(try alamofireStyle.encodeToString(event) == "name=launch&startsAt=531000000.0")
        }

        @Test func arrayEncodings() throws {
            let filter = Filter(tags: ["a", "b"], active: true, range: .init(min: 1, max: 5))
            var encoder = QueryEncoder()
            encoder.arrayEncodingStrategy = .repeatedKeys
            #expect(try encoder.encodeToString(filter) == "tags=a&tags=b&active=true&range.min=1&range.max=5")
            encoder.arrayEncodingStrategy = .indexedBrackets
            #expect(
                try encoder.encodeToString(filter)
                    == "tags%5B0%5D=a&tags%5B1%5D=b&active=true&range.min=1&range.max=5")
        }

        @Test func datesLikeAlamofire() throws {
            let event = Event(name: "launch", startsAt: Date(timeIntervalSince1970: 1_509_466_556))
            var encoder = QueryEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            #expect(try encoder.encodeToString(event) == "name=launch&startsAt=1509466556")
            encoder.dateEncodingStrategy = .custom { String($0.timeIntervalSince1970) }
            #expect(try encoder.encodeToString(event) == "name=launch&startsAt=1509466556.0")
            encoder.dateEncodingStrategy = .iso8601
            #expect(try encoder.encodeToString(event) == "name=launch&startsAt=2017-10-31T16%3A15%3A56Z")
        }

        @Test func otherKeyEncodings() throws {
            var uppercased = QueryEncoder()
            uppercased.keyEncodingStrategy = .custom { codingPath in
                AnyKey(stringValue: (codingPath.last?.stringValue ?? "").uppercased())
            }
            let event = Event(name: "launch", startsAt: Date(timeIntervalSince1970: 0))
            #expect(try uppercased.encodeToString(event) == "NAME=launch&STARTSAT=1970-01-01T00%3A00%3A00Z")
        }

        @Test func spacesAsPlus() throws {
            var formEncoder = QueryEncoder()
            formEncoder.spaceEncodingStrategy = .plus
            #expect(
                try formEncoder.encodeToString(["q": "swift on linux", "op": "a+b"]) == "op=a%2Bb&q=swift+on+linux")
        }

        @Test func fromAHandWrittenQuery() throws {
            let handWritten = try #require(
                Self.components(of: legacySearchURL(term: "a+b c", page: 2, tags: ["x", "y"])))
            #expect(handWritten.sorted() == ["page=2", "tags=x,y", "term=a+b%20c"])

            let urlRequest = try SearchRequest(query: .init(term: "a+b c", page: 2, tags: ["x", "y"])).makeURLRequest()
            #expect(urlRequest.url?.absoluteString == "https://api.example.com/search?term=a%2Bb%20c&page=2&tags=x,y")
        }

        @Test func keepingTheDictionary() throws {
            let urlRequest = try LegacySearchRequest(query: ["term": "a+b", "page": "2"]).makeURLRequest()
            #expect(urlRequest.url?.absoluteString == "https://api.example.com/search?page=2&term=a%2Bb")
        }

        @Test func itemsForCodeThatStillNeedsThem() throws {
            let items = try QueryEncoder().encode(SearchRequest.Query(term: "a+b", page: nil, tags: ["x"]))
            #expect(items == [URLQueryItem(name: "term", value: "a+b"), URLQueryItem(name: "tags", value: "x")])
        }

        @Test func theGuideShowsTheCodeCompiledHere() throws {
            #expect(try GuideSnippets.linesMissing(from: "Docs/Migration.md", compiledIn: #filePath) == [])
            #expect(try GuideSnippets.codeLineCount(of: "Docs/Migration.md") > 40)
        }

        /// The `name=value` pairs of a URL's query, as written.
        static func components(of url: URL?) -> [String]? {
            url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.percentEncodedQuery }
                .map { $0.split(separator: "&").map(String.init) }
        }
    }
}
