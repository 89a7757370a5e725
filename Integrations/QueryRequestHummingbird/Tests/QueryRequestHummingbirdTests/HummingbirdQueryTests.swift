import Hummingbird
import HummingbirdCore
import HummingbirdTesting
import QueryCoding
import QueryRequestHummingbird
import Testing

/// The URI query decoded with QueryRequest's decoder inside a Hummingbird 2 application.
@Suite(.timeLimit(.minutes(5))) struct HummingbirdQueryTests {
    @Test(arguments: [TestingSetup.router, .live])
    func theQueryDecodesWithOurRules(setup: TestingSetup) async throws {
        try await searchApplication().test(setup) { client in
            try await client.execute(uri: "/search?term=a%2Bb+c&tags=x,y&page=2", method: .get) {
                response async throws in
                #expect(response.status == .ok)
                #expect(try response.body.json(Search.self) == Search(term: "a+b c", tags: ["x", "y"], page: 2))
            }
        }
    }

    @Test func aValueThatDoesNotDecodeIsABadRequestNamingTheParameter() async throws {
        try await searchApplication().test(.router) { client in
            try await client.execute(uri: "/search?term=a&tags=x&page=two", method: .get) { response async throws in
                #expect(response.status == .badRequest)
                #expect(
                    try response.body.json(ErrorBody.self).error.message
                        == "Invalid query: The parameter \"page\" has the value \"two\", which is not a valid Int.")
            }
        }
    }

    @Test func aMissingOrRepeatedParameterIsABadRequestNamingIt() async throws {
        try await searchApplication().test(.router) { client in
            for query in ["tags=x", "term=a&term=b&tags=x"] {
                try await client.execute(uri: "/search?\(query)", method: .get) { response async throws in
                    #expect(response.status == .badRequest)
                    let message = try response.body.json(ErrorBody.self).error.message
                    #expect(message.hasPrefix("Invalid query: "))
                    #expect(message.contains("\"term\""), "\(message)")
                }
            }
        }
    }

    @Test func eachLimitIsABadRequestWithItsReason() async throws {
        let cases: [(query: String, reason: String)] = [
            ("term=\(String(repeating: "a", count: 70))", "Invalid query: The query is longer than 64 bytes."),
            ("term=a&tags=x&a=1&b=2&c=3", "Invalid query: The query has more than 4 parameters."),
            ("term=a&tags=x,y,z", "Invalid query: The array \"tags\" has more than 2 elements."),
            ("term=a&tags=x&d.e.f=1", "Invalid query: The parameter \"d.e.f\" nests deeper than 1 levels."),
        ]
        try await searchApplication(query: smallLimits).test(.router) { client in
            for (query, reason) in cases {
                try await client.execute(uri: "/search?\(query)", method: .get) { response async throws in
                    #expect(response.status == .badRequest, "\(query)")
                    #expect(try response.body.json(ErrorBody.self).error.message == reason)
                }
            }
        }
    }

    @Test func theLimitErrorIsKeptForLogging() throws {
        var decoder = QueryDecoder()
        decoder.limits.maximumParameterCount = 1
        let error = try #require(
            throws: QueryInputError.self,
            performing: { try URI("/s?a=1&b=2").decodeQuery(as: Search.self, using: decoder) })
        #expect(error.status == .badRequest)
        #expect(error.source == .query)
        #expect(
            error.underlying as? QueryDecodingLimitError
                == QueryDecodingLimitError(limit: .parameterCount, maximum: 1))
    }
}
