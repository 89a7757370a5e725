import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct RedactionTests {
    private func request(_ url: String, headers: [String: String] = [:]) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    @Test func theDefaultRedactsTheUsualCredentialHeadersInAnyCase() {
        let headers = [
            "authorization": "Bearer abc", "PROXY-AUTHORIZATION": "Basic xyz", "Cookie": "s=1", "set-cookie": "s=2",
            "Accept": "application/json",
        ]
        #expect(
            Redaction.default.redactedHeaders(headers) == [
                "authorization": "REDACTED", "PROXY-AUTHORIZATION": "REDACTED", "Cookie": "REDACTED",
                "set-cookie": "REDACTED", "Accept": "application/json",
            ])
        #expect(Redaction.none.redactedHeaders(headers) == headers)
    }

    @Test func usersAddHeaderAndQueryNames() throws {
        let redaction = Redaction.default.redactingHeaders("X-Api-Key").redactingQueryParameters("api_key", "SIG")
        let original = try request(
            "https://api.example.com/v1/items?page=2&API_KEY=k1&api%5Fkey=k2&sig=s1&flag&x=sig#api_key=f",
            headers: ["x-api-key": "k3", "Authorization": "Bearer t", "X-Trace": "7"])
        let redacted = redaction.redactedRequest(original)
        #expect(
            redacted.url?.absoluteString
                == "https://api.example.com/v1/items?page=2&API_KEY=REDACTED&api%5Fkey=REDACTED&sig=REDACTED&flag&x=sig#api_key=f"
        )
        #expect(redacted.value(forHTTPHeaderField: "X-Api-Key") == "REDACTED")
        #expect(redacted.value(forHTTPHeaderField: "Authorization") == "REDACTED")
        #expect(redacted.value(forHTTPHeaderField: "X-Trace") == "7")
        #expect(redaction.redactsHeader("X-API-KEY") && redaction.redactsQueryParameter("Api_Key"))
        #expect(!redaction.redactsQueryParameter("page"))
    }

    @Test func aURLPasswordIsRedactedUnlessOptedOut() throws {
        let url = try #require(URL(string: "https://ann:p%40ss@api.example.com:8443/x?a=1"))
        #expect(Redaction.default.redactedURL(url).absoluteString == "https://ann:REDACTED@api.example.com:8443/x?a=1")
        #expect(Redaction.none.redactedURL(url) == url)
        let noPassword = try #require(URL(string: "https://ann@api.example.com/x"))
        #expect(Redaction.default.redactedURL(noPassword) == noPassword)
    }

    @Test func responsesAreRedactedToo() throws {
        let url = try #require(URL(string: "https://api.example.com/x?token=t1"))
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: 201,
                httpVersion: "HTTP/1.1", headerFields: ["Set-Cookie": "session=secret", "ETag": "\"1\""]))
        let redaction = Redaction.default.redactingQueryParameters("token")
        let fields = redaction.redactedHeaderFields(of: response)
        #expect(fields.first { $0.key.lowercased() == "set-cookie" }?.value == "REDACTED")
        #expect(fields.first { $0.key.lowercased() == "etag" }?.value == "\"1\"")
        let copy = try #require(redaction.redactedResponse(response))
        #expect(copy.statusCode == 201)
        #expect(copy.url?.absoluteString == "https://api.example.com/x?token=REDACTED")
        #expect(copy.value(forHTTPHeaderField: "Set-Cookie") == "REDACTED")
    }

    @Test func theCurlCommandIsRedactedByDefaultWithAnExplicitOptOut() throws {
        let original = try request(
            "https://api.example.com/x?api_key=k1", headers: ["Authorization": "Bearer t", "Cookie": "s=1"])
        #expect(
            original.cURLCommand
                == "curl 'https://api.example.com/x?api_key=k1' -H 'Authorization: REDACTED' -H 'Cookie: REDACTED'")
        #expect(
            original.cURLCommand(redacting: .default.redactingQueryParameters("api_key"))
                == "curl 'https://api.example.com/x?api_key=REDACTED' -H 'Authorization: REDACTED' -H 'Cookie: REDACTED'"
        )
        #expect(
            original.cURLCommand(redacting: .none)
                == "curl 'https://api.example.com/x?api_key=k1' -H 'Authorization: Bearer t' -H 'Cookie: s=1'")
    }

    @Test func redactionsAreValues() {
        #expect(Redaction.default.redactingHeaders("X-Key") == Redaction.default.redactingHeaders("x-key"))
        #expect(Redaction.default != Redaction.none)
        #expect(Redaction(headers: ["A"]).headerNames == ["a"])
    }
}
