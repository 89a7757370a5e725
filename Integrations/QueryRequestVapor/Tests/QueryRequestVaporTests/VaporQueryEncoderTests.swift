import NIOCore
import NIOHTTP1
import QueryCoding
import QueryRequestVapor
import Testing
import Vapor
import VaporTesting

/// `VaporQueryEncoder` writing queries and form bodies.
@Suite(.timeLimit(.minutes(5))) struct VaporQueryEncoderTests {
    @Test func aQueryIsWrittenAsOurEncoderWritesIt() throws {
        var url = URI(string: "https://api.example.com/search?old=1")
        let search = Search(term: "a+b c&d", tags: ["x,y", "z"], page: 2)
        try VaporQueryEncoder().encode(search, to: &url)
        #expect(url.query == "term=a%2Bb%20c%26d&tags=x%2Cy,z&page=2")
        #expect(try VaporQueryDecoder().decode(Search.self, from: url) == search)
    }

    @Test func aFormResponseRoundTripsThroughARealRequest() async throws {
        try await withApp { app in
            app.get("form") { _ in
                var headers = HTTPHeaders()
                var body = ByteBuffer()
                try VaporQueryEncoder().encode(
                    Search(term: "Zoë", tags: ["a", "b"], page: nil), to: &body, headers: &headers)
                return Response(status: .ok, headers: headers, body: .init(buffer: body))
            }
            try await app.testing().test(.GET, "/form") { response async throws in
                #expect(response.headers.contentType == .urlEncodedForm)
                #expect(response.body.string == "term=Zo%C3%AB&tags=a,b")
                let decoded = try response.content.decode(Search.self, using: VaporQueryDecoder())
                #expect(decoded == Search(term: "Zoë", tags: ["a", "b"], page: nil))
            }
        }
    }
}
