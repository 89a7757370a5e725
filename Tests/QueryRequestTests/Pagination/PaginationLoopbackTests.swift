import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Pages from the Python echo server over a real `URLSession`: the first request asks the server to
/// answer with a `Link` header (`X-Echo-Times: 1` steers only the first request of its key).
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .echoServer, .timeLimit(.minutes(5)))
struct PaginationLoopbackTests {
    let server: LoopbackServer

    init() throws {
        server = try #require(LoopbackServer.current)
    }

    private func firstPage(link: String) throws -> EchoRequest<EmptyQuery> {
        let headers = try JSONSerialization.data(withJSONObject: ["Link": link])
        return EchoRequest(
            host: server.host, path: "/items",
            headers: [
                "X-Echo-Key": UUID().uuidString, "X-Echo-Times": "1",
                "X-Echo-Headers": String(decoding: headers, as: UTF8.self), "X-Trace": "t-1",
            ])
    }

    @Test func followsARelativeNextLinkKeepingTheRequestsHeaders() async throws {
        let request = try firstPage(link: #"</items?page=2&size=50>; rel="next", </items?page=9>; rel="last""#)
        var echoes: [Echo] = []
        for try await page in APIClient().pages(following: request) { echoes.append(page.content) }
        #expect(echoes.map(\.path) == ["/items", "/items"])
        #expect(echoes.map(\.query) == [nil, "page=2&size=50"])
        #expect(echoes.map { $0.header("X-Trace") } == ["t-1", "t-1"])
        #expect(echoes.map(\.attempt) == [1, 2])
    }

    @Test func refusesANextLinkToAnotherHostOfTheSameMachine() async throws {
        // localhost reaches the same server, but it is another origin than 127.0.0.1.
        let port = try #require(server.baseURL.port)
        let request = try firstPage(link: "<http://localhost:\(port)/items?page=2>; rel=next")
        var count = 0
        await #expect {
            for try await _ in APIClient().pages(following: request) { count += 1 }
        } throws: { error in
            guard case .crossOriginLink(let url, let origin) = error as? PaginationError else { return false }
            return url == "http://localhost:\(port)/items?page=2" && origin == "http://127.0.0.1:\(port)"
        }
        #expect(count == 1)
    }
}
