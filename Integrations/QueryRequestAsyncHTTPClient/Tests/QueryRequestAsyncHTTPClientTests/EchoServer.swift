import Foundation
import QueryRequest
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The root package's `Tests/Scripts/echo_server.py` on 127.0.0.1, started once per suite and always
/// stopped with SIGKILL: Foundation.Process on Linux can start children with SIGTERM blocked.
///
/// The root's `TestSupport` is not a product, so this is a small launcher of its own.
final class EchoServer: Sendable {
    /// The server of the suite being run.
    @TaskLocal static var current: EchoServer?

    /// python3 runs in CI (`QUERY_REQUIRE_PEERS=1`); on a machine without it the suite is skipped.
    static var canRun: Bool {
        ProcessInfo.processInfo.environment["QUERY_REQUIRE_PEERS"] == "1" || python3 != nil
    }

    /// Whether the tests that need the Python package `name` (httpbin) run: always in CI, else when python3
    /// can import it.
    static func canRun(needing name: String) -> Bool {
        if ProcessInfo.processInfo.environment["QUERY_REQUIRE_PEERS"] == "1" { return true }
        guard let python3 else { return false }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python3)
        probe.arguments = ["-c", "import \(name)"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        let deadline = Date().addingTimeInterval(30)
        while probe.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if probe.isRunning { kill(probe.processIdentifier, SIGKILL) }
        return !probe.isRunning && probe.terminationStatus == 0
    }

    /// Whether nginx (Debian's package) is there: always taken as so in CI, which installs it.
    static var hasNginx: Bool {
        ProcessInfo.processInfo.environment["QUERY_REQUIRE_PEERS"] == "1"
            || ["/usr/sbin/nginx", "/usr/bin/nginx"].contains { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let python3: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// A script of the root package's `Tests/Scripts`, five folders above this file.
    static func script(_ name: String) -> String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Tests/Scripts/\(name)").path
    }

    struct StartFailure: Error, CustomStringConvertible {
        let description: String
    }

    let process: Process
    let baseURL: URL

    /// Starts `script` (by default the echo server), which prints its port first.
    init(script: String = "echo_server.py", arguments: [String] = []) throws {
        guard let python3 = Self.python3 else { throw StartFailure(description: "python3 is not on PATH") }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: python3)
        process.arguments = [Self.script(script)] + arguments
        // The server exits once this process is gone (Tests/Scripts/loopback.py), even if it was killed.
        var environment = ProcessInfo.processInfo.environment
        environment["QUERY_TEST_PARENT_PID"] = String(getpid())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        try process.run()
        // The first line is the port. Read on a thread of its own, so that a server that never prints
        // cannot hang the test run: after 20 s it is killed, which closes the pipe and ends the read.
        let line = Line()
        let done = DispatchSemaphore(value: 0)
        Thread {
            var bytes: [UInt8] = []
            while let byte = try? output.fileHandleForReading.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") {
                bytes.append(byte)
            }
            line.set(String(decoding: bytes, as: UTF8.self))
            done.signal()
        }.start()
        if done.wait(timeout: .now() + 20) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(description: "the echo server did not print its port within 20 s")
        }
        guard let port = Int(line.get()), let url = URL(string: "http://127.0.0.1:\(port)") else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailure(description: "the echo server printed \"\(line.get())\", not a port")
        }
        self.process = process
        self.baseURL = url
    }

    /// Kills the server and waits a bounded time for it to be reaped.
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// The host of requests sent to this server.
    var host: Loopback { Loopback(baseURL: baseURL) }
}

/// A string shared between the reading thread and the test.
// `@unchecked Sendable` is sound: `text`, the only mutable state, is private and every access to it holds
// `lock` (a `let`).
private final class Line: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func set(_ value: String) {
        lock.lock()
        text = value
        lock.unlock()
    }
    func get() -> String {
        lock.lock()
        defer { lock.unlock() }
        return text
    }
}

/// Runs a suite with an ``EchoServer`` in ``EchoServer/current``.
struct EchoServerScope: SuiteTrait, TestScoping {
    var script = "echo_server.py"

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let server = try EchoServer(script: script)
        defer { server.stop() }
        try await EchoServer.$current.withValue(server) { try await function() }
    }
}

extension Trait where Self == EchoServerScope {
    /// Starts the loopback echo server for the suite and stops it at the end.
    static var echoServer: Self { EchoServerScope() }
    /// Starts httpbin (`Tests/Scripts/httpbin_server.py`) for the suite and stops it at the end.
    static var httpbin: Self { EchoServerScope(script: "httpbin_server.py") }
}

/// A host given by its URL.
struct Loopback: APIHost {
    let baseURL: URL
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

/// A value shared between tasks.
// `@unchecked Sendable` is sound: `value`, the only mutable state, is private and every access to it holds
// `lock` (a `let`); `Value` is Sendable, so what `current` hands out may cross tasks.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    var current: Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
    func update(_ body: (inout Value) -> Void) {
        lock.lock()
        body(&value)
        lock.unlock()
    }
}

/// Fires once; waiters resume when it has.
actor Signal {
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        fired = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if fired { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
