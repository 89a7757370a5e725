import Foundation
import GeneratedColorsAPI
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every OpenAPI style and explode pair of the Colors API's `GET /colors` writes the wire form of the
/// specification's table (Docs/QueryEncoding.md), reads back through `QueryDecoder` as the same `Query`, and
/// reaches the URL that `makeURLRequest()` builds.
@Suite struct QueryStyleRoundTripTests {
    typealias Query = ListColorsRequest.Query

    static let color = RGB(r: 100, g: 200, b: 150)

    static let cases: [(label: String, query: Query, wire: String)] = [
        ("form primitive", Query(formPrimitive: "blue", limit: 1), "formPrimitive=blue&limit=1"),
        (
            "form array, explode", Query(formArray: ["blue", "black", "brown"], limit: 1),
            "formArray=blue&formArray=black&formArray=brown&limit=1"
        ),
        ("form array", Query(formArrayFlat: [1, 2, 3], limit: 1), "formArrayFlat=1,2,3&limit=1"),
        ("form object", Query(formObjectFlat: color, limit: 1), "formObjectFlat=R,100,G,200,B,150&limit=1"),
        (
            "spaceDelimited array", Query(spaceArray: ["blue", "black", "brown"], limit: 1),
            "spaceArray=blue%20black%20brown&limit=1"
        ),
        (
            "spaceDelimited array, explode", Query(spaceArrayExploded: ["blue", "black"], limit: 1),
            "spaceArrayExploded=blue&spaceArrayExploded=black&limit=1"
        ),
        (
            "spaceDelimited object", Query(spaceObject: color, limit: 1),
            "spaceObject=R%20100%20G%20200%20B%20150&limit=1"
        ),
        (
            "pipeDelimited array", Query(pipeArray: ["blue", "black", "brown"], limit: 1),
            "pipeArray=blue%7Cblack%7Cbrown&limit=1"
        ),
        (
            "pipeDelimited array, explode", Query(pipeArrayExploded: ["blue", "black"], limit: 1),
            "pipeArrayExploded=blue&pipeArrayExploded=black&limit=1"
        ),
        (
            "pipeDelimited object", Query(pipeObject: color, limit: 1),
            "pipeObject=R%7C100%7CG%7C200%7CB%7C150&limit=1"
        ),
        ("deepObject", Query(deep: color, limit: 1), "deep%5BR%5D=100&deep%5BG%5D=200&deep%5BB%5D=150&limit=1"),
        ("int64", Query(limit: Int64.max), "limit=9223372036854775807"),
        (
            "date-time", Query(limit: 1, since: Date(timeIntervalSince1970: 0)),
            "limit=1&since=1970-01-01T00%3A00%3A00Z"
        ),
        ("enum", Query(limit: 1, sort: .desc), "limit=1&sort=desc"),
        ("enum, unknown value", Query(limit: 1, sort: .unknown("random")), "limit=1&sort=random"),
        ("name with brackets", Query(limit: 1, pageSize: 20), "limit=1&page%5Bsize%5D=20"),
    ]

    @Test(arguments: cases.indices)
    func writesTheWireForm(index: Int) throws {
        let (label, query, wire) = Self.cases[index]
        #expect(try QueryEncoder().encodeToString(query) == wire, "\(label)")
    }

    @Test(arguments: cases.indices)
    func readsBackTheSameQuery(index: Int) throws {
        let (label, query, wire) = Self.cases[index]
        #expect(try QueryDecoder().decode(Query.self, from: wire) == query, "\(label)")
    }

    @Test(arguments: cases.indices)
    func makesTheURL(index: Int) throws {
        let (label, query, wire) = Self.cases[index]
        let urlRequest = try ListColorsRequest(query: query).makeURLRequest()
        #expect(urlRequest.url?.absoluteString == "https://api.example.com/v1/colors?" + wire, "\(label)")
        #expect(urlRequest.httpMethod == "GET")
    }

    /// `form` with `explode: true` writes an object's fields as parameters of their own.
    @Test func formObjectExplode() throws {
        let request = SearchColorsRequest(query: .init(near: Self.color, q: "teal"))
        let wire = "R=100&G=200&B=150&q=teal"
        #expect(try request.queryEncoder.encodeToString(request.query) == wire)
        var decoder = QueryDecoder()
        decoder.nestedKeyDecodingStrategy = .brackets
        #expect(try decoder.decode(SearchColorsRequest.Query.self, from: wire) == request.query)
        let url = try request.makeURLRequest().url
        #expect(url?.absoluteString == "https://api.example.com/v1/colors/search?" + wire)
    }

    /// A parameter name with a `.` stays one name: the request nests with brackets, so the dot is no nesting.
    @Test func aNameWithADot() throws {
        let request = SearchColorsRequest(query: .init(near: Self.color, filterName: "teal"))
        let url = try request.makeURLRequest().url
        #expect(url?.absoluteString == "https://api.example.com/v1/colors/search?R=100&G=200&B=150&filter.name=teal")
        var decoder = QueryDecoder()
        decoder.nestedKeyDecodingStrategy = .brackets
        let wire = try request.queryEncoder.encodeToString(request.query)
        #expect(try decoder.decode(SearchColorsRequest.Query.self, from: wire) == request.query)
    }

    /// A server with variables is a host type of its own, its variables escaped as one segment each.
    @Test func aServerWithVariables() throws {
        let request = ListColorsRequest(query: Query(limit: 2))
        #expect(
            try request.makeURLRequest(host: RegionalServer(region: "us")).url?.absoluteString
                == "https://us.example.com/v1/colors?limit=2")
        #expect(try RegionalServer().baseURL.absoluteString == "https://eu.example.com/v1")
        #expect(try RegionalServer(version: "v2/beta").baseURL.absoluteString == "https://eu.example.com/v2%2Fbeta")
        #expect(APIServer.regional.rawValue == "https://eu.example.com/v1")
    }

    @Test func theHostCanBeAnotherServer() throws {
        let urlRequest = try ListColorsRequest(host: .local, query: Query(limit: 2)).makeURLRequest()
        #expect(urlRequest.url?.absoluteString == "http://127.0.0.1:8080/v1/colors?limit=2")
    }
}
