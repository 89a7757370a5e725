import Foundation
import NIOHTTP1
import Testing

@testable import QueryRequestAsyncHTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `URLRequest`s and responses are translated, without a server.
struct ConversionTests {
    @Test func repeatedResponseHeadersAreJoinedAsURLSessionJoinsThem() {
        let headers = HTTPHeaders([("Vary", "Accept"), ("X-One", "1"), ("vary", "Origin")])
        #expect(AsyncHTTPClientSession.headerFields(headers) == ["Vary": "Accept, Origin", "X-One": "1"])
    }

    @Test(arguments: [(1.0, 1000), (0.5, 500), (0, 60_000), (-3, 60_000), (.nan, 60_000), (.infinity, 60_000)])
    func theTimeoutIsTheRequestsOwnOrTheDefault(seconds: Double, milliseconds: Int64) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1/")!)
        request.timeoutInterval = seconds
        #expect(AsyncHTTPClientSession.timeout(of: request).nanoseconds == milliseconds * 1_000_000)
    }

    @Test func aStreamedBodyIsSentAsAStreamWithItsLengthWhenKnown() throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1/")!)
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data("x".utf8))
        let unknown = try AsyncHTTPClientSession.makeRequest(request)
        #expect(unknown.body != nil)
        request.setValue("1", forHTTPHeaderField: "Content-Length")
        #expect(try AsyncHTTPClientSession.makeRequest(request).body != nil)
    }

    @Test func theMethodHeadersAndBodyAreCarriedOver() throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:8080/a?b=c")!)
        request.httpMethod = "PATCH"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data("{}".utf8)
        let outgoing = try AsyncHTTPClientSession.makeRequest(request)
        #expect(outgoing.method == .PATCH)
        #expect(outgoing.url == "http://127.0.0.1:8080/a?b=c")
        #expect(outgoing.headers["Content-Type"] == ["application/json"])
        #expect(outgoing.body != nil)
    }

    @Test func cancellationAndTimeoutsMapToTheCodesAPIClientKnows() {
        #expect(AsyncHTTPClientSession.code(for: CancellationError()) == .cancelled)
        #expect(AsyncHTTPClientSession.urlError(for: CancellationError(), url: nil).code == .cancelled)
    }
}
