import Foundation
import QueryRequest
import TestSupport
import Testing

/// `Tests/Scripts/echo_server.py` running on 127.0.0.1, started once for a suite by the
/// ``EchoServerScope`` trait and always stopped (SIGKILL) when the suite ends.
final class EchoServer: Sendable {
    /// The server of the suite being run.
    @TaskLocal static var current: EchoServer?

    let process: BackgroundProcess
    let baseURL: URL

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    init() throws {
        process = try BackgroundProcess("python3", arguments: [TestFiles.script("echo_server.py")])
        guard let line = process.readLine(timeout: 20), let port = Int(line),
            let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            let errors = process.errorText
            process.stop()
            throw StartFailure(description: "the echo server did not print its port; stderr: \(errors)")
        }
        baseURL = url
    }

    func stop() { process.stop() }

    /// The host of requests sent to this server.
    var host: Loopback { Loopback(baseURL: baseURL) }
}

/// A host given by its URL.
struct Loopback: APIHost {
    let baseURL: URL
}

/// Runs a suite with an ``EchoServer`` in ``EchoServer/current``.
struct EchoServerScope: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try EchoServer()
        defer { server.stop() }
        try await EchoServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == EchoServerScope {
    /// Starts the loopback echo server for the suite and stops it at the end.
    static var echoServer: Self { EchoServerScope() }
}

/// What the echo server received, as it reports it.
struct Echo: Decodable, Sendable {
    let method: String
    let path: String
    let query: String?
    let items: [[String]]
    let headers: [[String]]
    let body: String
    let attempt: Int

    /// The value of the first header called `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }

    /// The body exactly as received.
    var bodyData: Data? { Data(base64Encoded: body) }
}

/// A request to the echo server, decoded as ``Echo``.
struct EchoRequest<Parameters: Encodable & Sendable>: Request {
    typealias Response = Echo
    var method: HTTPMethod = .get
    let host: Loopback
    var path = "/echo"
    var query: Parameters
    var setting: APISetting = .default
    var headers: [String: String] = [:]
}

extension EchoRequest where Parameters == EmptyQuery {
    init(
        method: HTTPMethod = .get, host: Loopback, path: String = "/echo", setting: APISetting = .default,
        headers: [String: String] = [:]
    ) {
        self.init(method: method, host: host, path: path, query: EmptyQuery(), setting: setting, headers: headers)
    }
}
