import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A method's semantics follow its token with ASCII letters uppercased, the way Foundation sends it.
@Suite(.timeLimit(.minutes(5))) struct MethodSemanticsTests {
    @Test(arguments: [
        ("GET", true, true), ("get", true, true), ("gEt", true, true), ("HEAD", true, true), ("head", true, true),
        ("OPTIONS", true, true), ("trace", true, true), ("PUT", false, true), ("put", false, true),
        ("Delete", false, true), ("POST", false, false), ("post", false, false), ("patch", false, false),
        ("PROPFIND", false, false), ("CONNECT", false, false),
    ])
    func safeAndIdempotentIgnoreLetterCase(token: String, safe: Bool, idempotent: Bool) {
        let method = HTTPMethod(rawValue: token)
        #expect(method.isSafe == safe)
        #expect(method.isIdempotent == idempotent)
    }

    /// Only ASCII letters are folded: `ſ` (long s) uppercases to `S` in Unicode, which would make `poſt`
    /// read as POST. It is no token, so building refuses it.
    @Test func nonASCIILettersDoNotFoldIntoAStandardMethod() {
        #expect(HTTPMethod(rawValue: "ɡet").isIdempotent == false)
        #expect(throws: RequestBuildingError.invalidMethod("poſt")) {
            try Endpoint("/x", method: HTTPMethod(rawValue: "poſt")).makeURLRequest()
        }
    }

    @Test(arguments: ["get", "Get", "head"])
    func aLowercaseGetOrHeadIsBuiltWithoutABody(token: String) throws {
        let urlRequest = try Endpoint("/x", method: HTTPMethod(rawValue: token)).makeURLRequest()
        // Foundation may store the token uppercased (it does for GET and HEAD); either way it is a GET or HEAD.
        #expect(urlRequest.httpMethod?.uppercased() == token.uppercased())
        #expect(urlRequest.httpBody == nil)
    }

    @Test func theCURLCommandOfALowercaseHeadUsesHead() throws {
        var urlRequest = URLRequest(url: URL(string: "https://test.jp/x")!)
        urlRequest.httpMethod = "head"
        #expect(urlRequest.cURLCommand == "curl --head 'https://test.jp/x'")
    }
}
