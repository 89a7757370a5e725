import Foundation
import Hummingbird
import HummingbirdTesting
import IntegrationTestSupport
import QueryCoding
import QueryRequestHummingbird
import Testing

/// The decoder of the guide's snippet: a file-level constant, as an application would have.
private let decoder: QueryDecoder = {
    var decoder = QueryDecoder()
    decoder.limits.maximumParameterCount = 100
    return decoder
}()

/// The Hummingbird section of Docs/Server.md, compiled and run.
enum HummingbirdGuide {
    struct FormContext: RequestContext {
        var coreContext: CoreRequestContextStorage
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
        var requestDecoder: FormRequestDecoder { FormRequestDecoder(decoder) }
    }

    static func application() -> some ApplicationProtocol {
        let router = Router(context: FormContext.self)
        router.get("search") { request, _ in
            try request.uri.decodeQuery(as: Search.self, using: decoder)
        }
        router.post("search") { request, context in
            try await request.decode(as: Search.self, context: context)
        }
        return Application(router: router)
    }

    @Suite(.timeLimit(.minutes(5))) struct Tests {
        @Test func theGuidesCodeServesRealRequests() async throws {
            try await HummingbirdGuide.application().test(.live) { client in
                try await client.execute(uri: "/search?term=a+b&tags=x,y", method: .get) { response async throws in
                    #expect(try response.body.json(Search.self) == Search(term: "a b", tags: ["x", "y"], page: nil))
                }
                let many = (0...100).map { "p\($0)=1" }.joined(separator: "&")
                try await client.execute(uri: "/search?\(many)", method: .get) { response async throws in
                    #expect(response.status == .badRequest)
                    #expect(
                        try response.body.json(ErrorBody.self).error.message
                            == "Invalid query: The query has more than 100 parameters.")
                }
                try await client.execute(
                    uri: "/search", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "term=t&tags=u&page=2")
                ) { response async throws in
                    #expect(try response.body.json(Search.self) == Search(term: "t", tags: ["u"], page: 2))
                }
            }
        }

        @Test func theGuideShowsTheCodeCompiledHere() throws {
            let (missing, checked) = try ServerGuide.linesMissing(section: "Hummingbird", compiledIn: #filePath)
            #expect(missing == [])
            #expect(checked > 10)
        }
    }
}
