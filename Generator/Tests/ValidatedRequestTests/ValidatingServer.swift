import Foundation
import GeneratedValidatedAPI
import QueryRequest

/// `Tests/Scripts/validating_server.py` on a free port of 127.0.0.1: openapi-core validates every request
/// against `Tests/Documents/ValidatedAPI.yaml`, the document `GeneratedValidatedAPI` was generated from.
///
/// Started per test and stopped with SIGKILL and a bounded wait: `Foundation.Process` on Linux starts children
/// with the spawning thread's signal mask, so SIGTERM may be blocked in the child and `terminate()` may never end
/// it. Should the test process die first, the script ends by itself within 0.2 s (it watches its parent).
final class ValidatingServer: Sendable {
    /// The port the server listens on.
    let port: Int
    private let process: Process
    /// What the server wrote on standard error, for a failure's message.
    private let errorOutput: URL

    /// The host for `APIClient(hostOverride:)`: the document's own server, with its `port` variable.
    var host: LoopbackServer { LoopbackServer(port: String(port)) }

    private init(port: Int, process: Process, errorOutput: URL) {
        self.port = port
        self.process = process
        self.errorOutput = errorOutput
    }

    /// Starts the server and waits (at most 60 s) for the port it prints first. The waits sleep rather than
    /// block, so that servers starting at once do not hold the cooperative pool's few threads.
    static func start() async throws -> ValidatingServer {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", testsFolder("Scripts/validating_server.py"), documentPath]
        var environment = ProcessInfo.processInfo.environment
        environment["QUERY_TEST_PARENT_PID"] = String(ProcessInfo.processInfo.processIdentifier)
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        let errorOutput = FileManager.default.temporaryDirectory
            .appendingPathComponent("validating-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorOutput.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorOutput)
        try process.run()

        // The first line, read by a thread of its own, blocking in `read` (never a readability handler).
        let firstLine = FirstLine()
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            var bytes: [UInt8] = []
            while true {
                let chunk = reader.readData(ofLength: 1)
                guard let byte = chunk.first, byte != UInt8(ascii: "\n") else { break }
                bytes.append(byte)
            }
            firstLine.set(String(decoding: bytes, as: UTF8.self))
        }
        let deadline = Date().addingTimeInterval(60)
        while firstLine.value == nil, Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        guard let line = firstLine.value, let port = Int(line) else {
            await stop(process)
            let errors = (try? String(contentsOf: errorOutput, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: errorOutput)
            throw ServerError(
                description: "the validating server did not print its port; its standard error:\n\(errors)")
        }
        return ValidatingServer(port: port, process: process, errorOutput: errorOutput)
    }

    /// Stops the server: SIGKILL, then a wait of at most 10 s.
    func stop() async {
        await Self.stop(process)
        try? FileManager.default.removeItem(at: errorOutput)
    }

    private static func stop(_ process: Process) async {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }

    /// `Generator/Tests/<relative>`.
    static func testsFolder(_ relative: String) -> String {
        // This file is Generator/Tests/ValidatedRequestTests/ValidatingServer.swift.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(relative).path
    }

    /// The document the server validates against and `GeneratedValidatedAPI` was generated from.
    static var documentPath: String { testsFolder("Documents/ValidatedAPI.yaml") }

    struct ServerError: Error, CustomStringConvertible {
        let description: String
    }

    /// A line written by one thread and read by another.
    private final class FirstLine: @unchecked Sendable {
        private let lock = NSLock()
        private var line: String?

        var value: String? { lock.withLock { line } }

        func set(_ value: String) { lock.withLock { line = value } }
    }
}

/// Whether the validator's tests run: when python3 can import openapi-core and Werkzeug, and always under
/// `QUERY_REQUIRE_PEERS=1` (CI, which installs them), so that a missing peer fails there instead of passing.
/// Elsewhere a missing one skips them with a note (the root package's `Peer` does the same for its peers).
enum ValidatorPeer {
    static let shouldRun: Bool = {
        if ProcessInfo.processInfo.environment["QUERY_REQUIRE_PEERS"] == "1" { return true }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["python3", "-c", "import openapi_core, werkzeug"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        var installed = false
        if (try? probe.run()) != nil {
            let deadline = Date().addingTimeInterval(60)
            while probe.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            if probe.isRunning {
                kill(probe.processIdentifier, SIGKILL)
            } else {
                installed = probe.terminationStatus == 0
            }
        }
        if !installed {
            FileHandle.standardError.write(
                Data(
                    ("note: python3 with openapi-core is not installed (pip install openapi-core==0.23.1); skipping "
                        + "ValidatedRequestTests (set QUERY_REQUIRE_PEERS=1 to make this an error)\n").utf8))
        }
        return installed
    }()
}
