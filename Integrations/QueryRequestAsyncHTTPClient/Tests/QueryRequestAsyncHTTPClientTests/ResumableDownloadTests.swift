import Foundation
import QueryRequest
import QueryRequestAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads over AsyncHTTPClient that go on where their connection was lost, against nginx's byte ranges
/// (the root package's `Tests/Scripts/range_server.py`: nginx behind a proxy that cuts responses where told).
@Suite(
    .enabled(if: EchoServer.canRun && EchoServer.hasNginx, "needs python3 and nginx"), .timeLimit(.minutes(5)))
struct ResumableDownloadTests {
    struct Get: Request {
        typealias Response = Data
        let host: Loopback
        let path: String
        var query: [String: String] = [:]
        var setting: APISetting = .default
    }

    struct Logged: Decodable, Sendable {
        let range: String?
        let status: Int?
    }

    @Test func fiveDropsAtRandomOffsetsEndInTheExactFile() async throws {
        let server = try EchoServer(script: "range_server.py")
        defer { server.stop() }
        let host = server.host
        let client = APIClient(session: AsyncHTTPClientSession(), backoff: APIClient.Backoff(jitter: { 0 }))
        let size = 8 * 1024 * 1024 + 7
        let name = "\(UUID().uuidString).bin"
        let seed = Int.random(in: 0..<1_000_000)
        _ = try await client.send(
            Get(host: host, path: "/control/create", query: ["name": name, "size": "\(size)", "seed": "\(seed)"]))
        let expected = try await client.send(Get(host: host, path: "/files/\(name)"))
        var offsets = Set<Int>()
        // From 2 MiB on: AsyncHTTPClient can lose the bytes in flight when a connection closes (a few hundred
        // KiB were seen), and a first attempt that kept none would be downloaded again whole rather than resumed.
        while offsets.count < 5 { offsets.insert(Int.random(in: (2 * 1024 * 1024)..<size)) }
        let cuts = offsets.sorted()
        let key = UUID().uuidString
        _ = try await client.send(
            Get(
                host: host, path: "/control/drops",
                query: ["key": key, "at": cuts.map(String.init).joined(separator: ",")]))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ahc-resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("file.bin")
        let received = Received()
        let response = try await client.download(
            Get(
                host: host, path: "/files/\(name)", query: ["key": key],
                setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 0, maximumResumes: 5))),
            to: destination, progress: { received.append($0.bytesReceived) })
        #expect(response.statusCode == 206)
        #expect(try Data(contentsOf: destination) == expected, "cut at \(cuts)")
        let log = try JSONDecoder().decode(
            [Logged].self, from: try await client.send(Get(host: host, path: "/control/log", query: ["key": key])))
        // Each resume asks for what followed the bytes received: at most the cut (a connection closed with bytes
        // in flight may lose some of them on the way), never before the previous resume.
        let starts = log.dropFirst().compactMap { $0.range.flatMap { Int($0.dropFirst(6).dropLast()) } }
        #expect(log.first?.range == nil)
        #expect(
            starts.count == 5 && zip(starts, cuts).allSatisfy { $0 <= $1 } && starts == starts.sorted(), "\(starts)")
        #expect(log.map(\.status) == [200, 206, 206, 206, 206, 206])
        let reports = received.all
        #expect(reports == reports.sorted(), "progress went back: \(reports)")
        #expect(reports.last == Int64(size))
    }

    /// The bytes received of each progress report.
    final class Received: @unchecked Sendable {
        // `@unchecked Sendable`: `values` is only read and written while holding `lock`.
        private let lock = NSLock()
        private var values: [Int64] = []
        func append(_ value: Int64) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
        var all: [Int64] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }
}
