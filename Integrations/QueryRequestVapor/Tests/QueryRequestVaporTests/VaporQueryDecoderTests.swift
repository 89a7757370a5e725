import NIOCore
import QueryCoding
import QueryRequestVapor
import Testing
import Vapor
import VaporTesting

/// `VaporQueryDecoder` inside a Vapor application, through real requests.
@Suite(.timeLimit(.minutes(5))) struct VaporQueryDecoderTests {
    @Test func theQueryDecodesWithOurRules() async throws {
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder())
            try await app.testing().test(.GET, "/search?term=a%2Bb+c&tags=x,y&page=2") { response async throws in
                #expect(response.status == .ok)
                #expect(try response.content.decode(Search.self) == Search(term: "a+b c", tags: ["x", "y"], page: 2))
            }
        }
    }

    @Test func aValueThatDoesNotDecodeIsABadRequestNamingTheParameter() async throws {
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder())
            try await app.testing().test(.GET, "/search?term=a&tags=x&page=two") { response async throws in
                #expect(response.status == .badRequest)
                let body = try response.content.decode(ErrorBody.self)
                #expect(body.error)
                #expect(
                    body.reason
                        == "Invalid query: The parameter \"page\" has the value \"two\", which is not a valid Int.")
            }
        }
    }

    @Test func aMissingParameterIsABadRequestNamingIt() async throws {
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder())
            try await app.testing().test(.GET, "/search?tags=x") { response async throws in
                #expect(response.status == .badRequest)
                let reason = try response.content.decode(ErrorBody.self).reason
                #expect(reason.hasPrefix("Invalid query: "))
                #expect(reason.contains("\"term\""))
            }
        }
    }

    @Test func aParameterGivenTwiceIsABadRequest() async throws {
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder())
            try await app.testing().test(.GET, "/search?term=a&term=b&tags=x") { response async throws in
                #expect(response.status == .badRequest)
                #expect(try response.content.decode(ErrorBody.self).reason.contains("\"term\""))
            }
        }
    }

    @Test func eachLimitIsABadRequestWithItsReason() async throws {
        var decoder = QueryDecoder()
        decoder.limits = QueryDecoder.Limits(
            maximumInputLength: 64, maximumParameterCount: 4, maximumDepth: 1, maximumArrayLength: 2)
        let cases: [(query: String, reason: String)] = [
            ("term=\(String(repeating: "a", count: 70))", "Invalid query: The query is longer than 64 bytes."),
            ("term=a&tags=x&a=1&b=2&c=3", "Invalid query: The query has more than 4 parameters."),
            ("term=a&tags=x,y,z", "Invalid query: The array \"tags\" has more than 2 elements."),
            ("term=a&tags=x&d.e.f=1", "Invalid query: The parameter \"d.e.f\" nests deeper than 1 levels."),
        ]
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder(decoder))
            for (query, reason) in cases {
                try await app.testing().test(.GET, "/search?\(query)") { response async throws in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(try response.content.decode(ErrorBody.self).reason == reason)
                }
            }
        }
    }

    @Test func theLimitErrorIsKeptForLogging() throws {
        var decoder = QueryDecoder()
        decoder.limits.maximumParameterCount = 1
        let error = try #require(
            throws: QueryInputError.self,
            performing: { try VaporQueryDecoder(decoder).decode(Search.self, from: URI(string: "/s?a=1&b=2")) })
        #expect(error.status == .badRequest)
        #expect(error.source == .query)
        #expect(error.identifier == "query.limit")
        #expect(
            error.underlying as? QueryDecodingLimitError
                == QueryDecodingLimitError(limit: .parameterCount, maximum: 1))
    }

    @Test func aFormBodyDecodesWithOurRules() async throws {
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder())
            try await app.testing().test(
                .POST, "/form", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "term=Z%C3%BCrich+now&tags=a,b")
            ) { response async throws in
                #expect(response.status == .ok)
                #expect(
                    try response.content.decode(Search.self) == Search(term: "Zürich now", tags: ["a", "b"], page: nil))
            }
        }
    }

    @Test func aFormBodyBeyondALimitIsABadRequest() async throws {
        var decoder = QueryDecoder()
        decoder.limits.maximumArrayLength = 1
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder(decoder))
            try await app.testing().test(
                .POST, "/form", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "term=a&tags=a,b")
            ) { response async throws in
                #expect(response.status == .badRequest)
                #expect(
                    try response.content.decode(ErrorBody.self).reason
                        == "Invalid form body: The array \"tags\" has more than 1 elements.")
            }
        }
    }

    @Test func aBodyOfAnotherMediaTypeOrCharsetIsRefused() async throws {
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder())
            for contentType in ["application/json", "application/x-www-form-urlencoded; charset=iso-8859-1"] {
                try await app.testing().test(
                    .POST, "/form", headers: ["Content-Type": contentType], body: ByteBuffer(string: "term=a&tags=b")
                ) { response async throws in
                    #expect(response.status == .unsupportedMediaType, "\(contentType)")
                }
            }
        }
    }

    @Test func aBodyThatIsNotUTF8IsABadRequest() async throws {
        try await withApp { app in
            app.routeSearch(VaporQueryDecoder())
            try await app.testing().test(
                .POST, "/form", headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: ByteBuffer(bytes: Array("term=".utf8) + [0xFF, 0xFE] + Array("&tags=b".utf8))
            ) { response async throws in
                #expect(response.status == .badRequest)
                #expect(
                    try response.content.decode(ErrorBody.self).reason == "Invalid form body: it is not UTF-8 text.")
            }
        }
    }
}
