import Foundation
import QueryRequest
import TestSupport
import Testing

/// A server script of `Tests/Scripts` running on 127.0.0.1, on the port it prints first
/// (`Tests/Scripts/loopback.py`), and always stopped (SIGKILL) by whoever started it.
final class LoopbackServer: Sendable {
    /// The server of the suite being run, set by a ``LoopbackServerScope`` trait.
    @TaskLocal static var current: LoopbackServer?

    let process: BackgroundProcess
    let baseURL: URL

    /// The host of requests sent to this server.
    var host: Loopback { Loopback(baseURL: baseURL) }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    private init(process: BackgroundProcess, baseURL: URL) {
        self.process = process
        self.baseURL = baseURL
    }

    /// Starts `python3 Tests/Scripts/<script> <arguments>` and waits (at most 20 s, off the cooperative pool)
    /// for its port.
    static func start(_ script: String, arguments: [String] = []) async throws -> LoopbackServer {
        let process = try BackgroundProcess("python3", arguments: [TestFiles.script(script)] + arguments)
        guard let line = await process.readLine(timeout: 20), let port = Int(line),
            let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            let errors = process.errorText
            process.stop()
            throw StartFailure(description: "\(script) did not print its port; stderr: \(errors)")
        }
        return LoopbackServer(process: process, baseURL: url)
    }

    func stop() { process.stop() }

    /// Runs `body` with a server of its own, stopped afterwards whatever happens.
    static func run<Result>(_ script: String, _ body: (Loopback) async throws -> Result) async throws -> Result {
        let server = try await LoopbackServer.start(script)
        defer { server.stop() }
        return try await body(server.host)
    }
}

/// A host given by its URL.
struct Loopback: APIHost {
    let baseURL: URL
}

/// Runs a suite with one server for all its tests, in ``LoopbackServer/current``.
struct LoopbackServerScope: SuiteTrait, TestScoping {
    let script: String

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try await LoopbackServer.start(script)
        defer { server.stop() }
        try await LoopbackServer.$current.withValue(server) { try await function() }
    }
}

/// httpbin under Werkzeug (`Tests/Scripts/httpbin_server.py`), and nginx in front of it
/// (`Tests/Scripts/nginx_server.py`): real servers nobody here wrote, one pair per suite.
final class RealServers: Sendable {
    /// The servers of the suite being run, set by a ``RealServersScope`` trait.
    @TaskLocal static var current: RealServers?

    let httpbin: LoopbackServer
    let nginx: LoopbackServer?

    private init(httpbin: LoopbackServer, nginx: LoopbackServer?) {
        self.httpbin = httpbin
        self.nginx = nginx
    }

    /// Starts httpbin, and nginx in front of it when asked.
    static func start(nginx withNginx: Bool) async throws -> RealServers {
        let httpbin = try await LoopbackServer.start("httpbin_server.py")
        guard withNginx else { return RealServers(httpbin: httpbin, nginx: nil) }
        do {
            let nginx = try await LoopbackServer.start(
                "nginx_server.py", arguments: [String(httpbin.baseURL.port ?? 0)])
            return RealServers(httpbin: httpbin, nginx: nginx)
        } catch {
            httpbin.stop()
            throw error
        }
    }

    func stop() {
        nginx?.stop()
        httpbin.stop()
    }
}

/// Runs a suite with httpbin (and nginx, when asked) in ``RealServers/current``.
struct RealServersScope: SuiteTrait, TestScoping {
    let nginx: Bool

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let servers = try await RealServers.start(nginx: nginx)
        defer { servers.stop() }
        try await RealServers.$current.withValue(servers) { try await function() }
    }
}

extension Trait where Self == RealServersScope {
    /// httpbin on a port of its own.
    static var httpbin: Self { RealServersScope(nginx: false) }
    /// httpbin, and nginx in front of it.
    static var httpbinBehindNginx: Self { RealServersScope(nginx: true) }
}

extension Trait where Self == LoopbackServerScope {
    /// `Tests/Scripts/echo_server.py`: echoes each request as JSON (``Echo``).
    static var echoServer: Self { LoopbackServerScope(script: "echo_server.py") }
    /// `Tests/Scripts/upload_server.py`: receives uploads and reports how each attempt arrived.
    static var uploadServer: Self { LoopbackServerScope(script: "upload_server.py") }
    /// `Tests/Scripts/sse_server.py`: streams server-sent events, drops connections and resumes.
    static var sseServer: Self { LoopbackServerScope(script: "sse_server.py") }
}
