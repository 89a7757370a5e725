import AsyncHTTPClient
import Foundation

/// Reads the server's own CPU time (`GET /stats`), outside every timed phase.
struct ServerStats: Sendable {
    let url: String
    let client: HTTPClient

    private struct Stats: Decodable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var cpu_us: Double
    }

    func cpuMicroseconds() async throws -> Double {
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        try check(status: Int(response.status.code), expected: 200, "GET /stats")
        let body = try await response.body.collect(upTo: 4096)
        return try JSONDecoder().decode(Stats.self, from: Data(buffer: body)).cpu_us
    }
}

/// The `EndToEndServer` process that the benchmark started, beside its own executable.
final class ServerProcess {
    let process = Process()
    let port: Int

    init() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        process.executableURL = directory.appendingPathComponent("EndToEndServer")
        process.arguments = ["--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line is `listening on 127.0.0.1:PORT, …`.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "127.0.0.1:"),
            let port = Int(text[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            throw UnexpectedResponse(description: "EndToEndServer printed \(text.debugDescription)")
        }
        self.port = port
        FileHandle.standardError.write(Data("server: \(text)".utf8))
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
