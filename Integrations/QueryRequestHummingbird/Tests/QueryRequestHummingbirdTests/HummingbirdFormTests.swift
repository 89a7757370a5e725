import Hummingbird
import HummingbirdTesting
import QueryCoding
import QueryRequestHummingbird
import Testing

/// Form bodies read by `FormRequestDecoder` and written by `FormResponseEncoder`.
@Suite(.timeLimit(.minutes(5))) struct HummingbirdFormTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    @Test(arguments: [TestingSetup.router, .live])
    func aFormBodyDecodesWithOurRules(setup: TestingSetup) async throws {
        try await searchApplication().test(setup) { client in
            try await client.execute(
                uri: "/form", method: .post, headers: Self.form,
                body: ByteBuffer(string: "term=Z%C3%BCrich+now&tags=a,b")
            ) { response async throws in
                #expect(response.status == .ok)
                #expect(try response.body.json(Search.self) == Search(term: "Zürich now", tags: ["a", "b"], page: nil))
            }
        }
    }

    @Test func aFormBodyBeyondALimitIsABadRequest() async throws {
        try await searchApplication(SmallLimitsFormContext.self).test(.router) { client in
            try await client.execute(
                uri: "/form", method: .post, headers: Self.form, body: ByteBuffer(string: "term=a&tags=a,b,c")
            ) { response async throws in
                #expect(response.status == .badRequest)
                #expect(
                    try response.body.json(ErrorBody.self).error.message
                        == "Invalid form body: The array \"tags\" has more than 2 elements.")
            }
        }
    }

    @Test func aBodyOfAnotherMediaTypeOrCharsetIsRefused() async throws {
        try await searchApplication().test(.router) { client in
            for contentType in ["application/json", "application/x-www-form-urlencoded; charset=iso-8859-1"] {
                try await client.execute(
                    uri: "/form", method: .post, headers: [.contentType: contentType],
                    body: ByteBuffer(string: "term=a&tags=b")
                ) { response async throws in
                    #expect(response.status == .unsupportedMediaType, "\(contentType)")
                }
            }
        }
    }

    @Test func aBodyThatIsNotUTF8IsABadRequest() async throws {
        try await searchApplication().test(.router) { client in
            try await client.execute(
                uri: "/form", method: .post, headers: Self.form,
                body: ByteBuffer(bytes: Array("term=".utf8) + [0xFF, 0xFE] + Array("&tags=b".utf8))
            ) { response async throws in
                #expect(response.status == .badRequest)
                #expect(
                    try response.body.json(ErrorBody.self).error.message == "Invalid form body: it is not UTF-8 text.")
            }
        }
    }

    @Test func aFormResponseIsWrittenByOurEncoder() async throws {
        let router = Router(context: FormAnswerContext.self)
        router.get("answer") { _, _ in Search(term: "Zoë", tags: ["a", "b"], page: nil) }
        try await Application(router: router).test(.router) { client in
            try await client.execute(uri: "/answer", method: .get) { response async throws in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/x-www-form-urlencoded")
                #expect(String(buffer: response.body) == "term=Zo%C3%AB&tags=a,b")
            }
        }
    }
}
