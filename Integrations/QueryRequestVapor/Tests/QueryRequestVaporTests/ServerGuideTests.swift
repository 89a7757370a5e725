import IntegrationTestSupport
import NIOCore
import QueryCoding
import QueryRequestVapor
import Testing
import Vapor
import VaporTesting

/// The Vapor section of Docs/Server.md, compiled and run. Only this suite changes
/// `ContentConfiguration.global`, one test at a time; the other suites pass their decoder explicitly.
enum VaporGuide {
    struct Search: Content {
        let term: String
        let tags: [String]
        let page: Int?
    }

    @Suite(.serialized, .timeLimit(.minutes(5))) struct Tests {
        @Test func theGuidesCodeServesRealRequests() async throws {
            var decoder = QueryDecoder()
            decoder.limits.maximumParameterCount = 100
            ContentConfiguration.global.useQueryCoding(decoder: decoder)
            try await withApp { app in
                app.get("search") { request in
                    try request.query.decode(Search.self)
                }
                app.post("search") { request in
                    try request.content.decode(Search.self)
                }
                app.get("page") { request -> String in
                    let page: Int? = request.query["page"]
                    return "\(page ?? -1)"
                }
                try await app.testing().test(.GET, "/search?term=a+b&tags=x,y&page=3") { response async throws in
                    let search = try response.content.decode(Search.self, using: JSONDecoder())
                    #expect(search.term == "a b")
                    #expect(search.tags == ["x", "y"])
                    #expect(search.page == 3)
                }
                try await app.testing().test(.GET, "/page?page=7") { response async throws in
                    #expect(response.body.string == "7")
                }
                let many = (0...100).map { "p\($0)=1" }.joined(separator: "&")
                try await app.testing().test(.GET, "/search?\(many)") { response async throws in
                    #expect(response.status == .badRequest)
                    #expect(
                        try response.content.decode(ErrorBody.self).reason
                            == "Invalid query: The query has more than 100 parameters.")
                }
                try await app.testing().test(
                    .POST, "/search", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "term=t&tags=u")
                ) { response async throws in
                    let search = try response.content.decode(Search.self, using: JSONDecoder())
                    #expect(search.term == "t")
                    #expect(search.tags == ["u"])
                }
            }
        }

        @Test func eachPartCanBeInstalledOnItsOwn() async throws {
            var strict = QueryDecoder()
            strict.limits.maximumArrayLength = 1
            let decoder = strict
            ContentConfiguration.global.use(urlDecoder: VaporQueryDecoder(decoder))
            ContentConfiguration.global.use(decoder: VaporQueryDecoder(decoder), for: .urlEncodedForm)
            #expect(try ContentConfiguration.global.requireURLDecoder() is VaporQueryDecoder)
            #expect(try ContentConfiguration.global.requireDecoder(for: .urlEncodedForm) is VaporQueryDecoder)
            try await withApp { app in
                app.get("strict") { request in
                    try request.query.decode(Search.self, using: VaporQueryDecoder(decoder))
                }
                try await app.testing().test(.GET, "/strict?term=a&tags=x,y") { response async throws in
                    #expect(response.status == .badRequest)
                    #expect(
                        try response.content.decode(ErrorBody.self).reason
                            == "Invalid query: The array \"tags\" has more than 1 elements.")
                }
            }
        }

        @Test func theGuideShowsTheCodeCompiledHere() throws {
            let (missing, checked) = try ServerGuide.linesMissing(section: "Vapor", compiledIn: #filePath)
            #expect(missing == [])
            #expect(checked > 15)
        }
    }
}
