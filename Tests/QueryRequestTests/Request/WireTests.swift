import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Built requests sent through `URLSession` to a loopback server that echoes what it received, to show
/// that the request target, headers and body arrive exactly as built (no client-side re-normalising).
@Suite(.enabled(if: Peer.python3.shouldRun, "needs python3"), .timeLimit(.minutes(5)))
struct WireTests {
    /// What the echo server saw.
    struct Echo: Decodable {
        let method: String
        let target: String
        let headers: [[String]]
        let body: String  // hex

        func header(_ name: String) -> [String] {
            headers.filter { $0.first?.lowercased() == name.lowercased() }.map { $0.last ?? "" }
        }
    }

    static let echoServer = #"""
        import http.server, json, signal
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        class Echo(http.server.BaseHTTPRequestHandler):
            def answer(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                # The raw request line: `self.path` has leading "//" collapsed by http.server itself.
                target = self.raw_requestline.split(b" ")[1].decode("latin-1")
                out = json.dumps({"method": self.command, "target": target,
                                  "headers": [[k, v] for k, v in self.headers.items()],
                                  "body": body.hex()}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(out)))
                self.end_headers()
                self.wfile.write(out)
            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = answer
            def log_message(self, *args): pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// Runs `body` with the base URL of a fresh echo server, which is killed afterwards.
    private func withEchoServer(_ body: (URL) async throws -> Void) async throws {
        let server = try BackgroundProcess("python3", arguments: ["-c", Self.echoServer])
        defer { server.stop() }
        let port = try #require(await server.readLine(timeout: 20), "echo server did not start: \(server.errorText)")
        try await body(try #require(URL(string: "http://127.0.0.1:\(port)")))
    }

    private func send(_ request: some Request) async throws -> Echo {
        let (data, _) = try await URLSession.shared.data(for: try request.makeURLRequest())
        return try JSONDecoder().decode(Echo.self, from: data)
    }

    struct LoopbackHost: APIHost {
        let baseURL: URL
    }

    @Test func theServerReceivesEachPathAsBuilt() async throws {
        try await withEchoServer { base in
            let host = LoopbackHost(baseURL: base)
            let setting = APISetting(timeout: 10)
            for (path, url) in PathSafetyTests.hostilePaths {
                let built = url.dropFirst("https://test.jp".count)
                let echo = try await send(Endpoint(host: host, path: path, setting: setting))
                #expect(echo.target == (built.isEmpty ? "/" : String(built)), "path \(path.debugDescription)")
                #expect(echo.header("Host") == ["127.0.0.1:\(base.port ?? 0)"], "path \(path.debugDescription)")
            }
        }
    }

    @Test func theServerReceivesTheQueryHeadersAndBodyAsBuilt() async throws {
        struct Search: Encodable {
            let term: String
        }
        try await withEchoServer { base in
            let request = Endpoint(
                host: LoopbackHost(baseURL: base.appendingPathComponent("api")), path: "/search?fixed=1",
                query: Search(term: "a+b&c d"), method: .post,
                setting: APISetting(headers: ["X-Api-Key": "k", "Accept": "text/plain"], timeout: 10),
                headers: ["accept": "application/json", "X-Note": "a\tb"], body: .json(["name": "Ann"]))
            let echo = try await send(request)
            #expect(echo.method == "POST")
            #expect(echo.target == "/api/search?fixed=1&term=a%2Bb%26c%20d")
            #expect(echo.header("X-Api-Key") == ["k"])
            #expect(echo.header("Accept") == ["application/json"])
            #expect(echo.header("X-Note") == ["a\tb"])
            #expect(echo.header("Content-Type") == ["application/json"])
            #expect(echo.body == Data(#"{"name":"Ann"}"#.utf8).map { String(format: "%02x", $0) }.joined())
        }
    }
}
