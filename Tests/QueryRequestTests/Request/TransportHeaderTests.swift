import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 14: `Host`, `Content-Length`, `Transfer-Encoding`, `Connection` and the other hop-by-hop
/// headers belong to the transport; a request that sets them is refused, naming the header.
@Suite(.timeLimit(.minutes(5))) struct TransportHeaderTests {
    @Test(arguments: [
        "Host", "host", "Content-Length", "CONTENT-LENGTH", "Transfer-Encoding", "transfer-encoding", "Connection",
        "Keep-Alive", "Proxy-Connection", "TE", "Upgrade",
    ])
    func refusesATransportHeader(name: String) {
        #expect(throws: RequestBuildingError.transportHeader(name: name)) {
            try Endpoint("/x", headers: [name: "v"]).makeURLRequest()
        }
        #expect(throws: RequestBuildingError.transportHeader(name: name)) {
            try Endpoint("/x", setting: APISetting(headers: [name: "v"])).makeURLRequest()
        }
    }

    @Test func keepsHeadersThatOnlyLookAlike() throws {
        let headers = ["X-Host": "a", "Content-Type": "text/plain", "Hostname": "b", "Trailer": "c", "TEA": "d"]
        let urlRequest = try Endpoint("/x", method: .post, headers: headers).makeURLRequest()
        for (name, value) in headers {
            #expect(urlRequest.value(forHTTPHeaderField: name) == value)
        }
    }

    @Test func describesTheRefusal() {
        #expect(
            RequestBuildingError.transportHeader(name: "Content-Length").description
                == "The header \"Content-Length\" is written by the transport from the URL, the body and the connection; a request cannot set it."
        )
    }
}
