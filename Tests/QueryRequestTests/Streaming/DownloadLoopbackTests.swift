import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `APIClient.download(_:to:ifExists:checkpoint:progress:)` over a real `URLSession`, against
/// `Tests/Scripts/download_server.py`, whose bodies are the pattern byte i = i % 251.
@Suite(.enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .timeLimit(.minutes(5)))
struct DownloadLoopbackTests {
    struct Fetch: Request {
        typealias Response = Data
        var method: HTTPMethod = .get
        let host: Loopback
        let path: String
        var query: [String: String] = [:]
        var setting: APISetting = .default
    }

    struct Report: Decodable, Sendable {
        let requests: Int
    }

    /// A client whose retries do not wait.
    let client = APIClient(backoff: APIClient.Backoff(jitter: { 0 }))

    static func pattern(_ size: Int) -> Data { Data((0..<size).map { UInt8($0 % 251) }) }

    /// Runs `body` with the server and an empty directory of its own, removed afterwards.
    func withServer(_ body: (Loopback, URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "download-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await LoopbackServer.run("download_server.py") { host in try await body(host, directory) }
    }

    /// The names in `directory`, hidden ones (a temporary file) included.
    func entries(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// How many requests for `key` the server has seen.
    func requests(_ key: String, host: Loopback) async throws -> Int {
        let report = try await APIClient().send(Fetch(host: host, path: "/report", query: ["key": key]))
        return try JSONDecoder().decode(Report.self, from: report).requests
    }

    /// Collects what a progress callback reports.
    final class Reports: @unchecked Sendable {
        // `@unchecked Sendable`: `values` is only read and written while holding `lock`.
        private let lock = NSLock()
        private var values: [TransferProgress] = []
        func append(_ value: TransferProgress) {
            lock.lock()
            values.append(value)
            lock.unlock()
        }
        var all: [TransferProgress] {
            lock.lock()
            defer { lock.unlock() }
            return values
        }
    }

    @Test(arguments: [false, true])
    func theFileHasTheBodyExactlyAndProgressReachesTheTotal(chunked: Bool) async throws {
        try await withServer { host, directory in
            let size = 3 * 1024 * 1024 + 17
            let destination = directory.appendingPathComponent("body.bin")
            let key = UUID().uuidString
            let reports = Reports()
            // The server holds the rest of the body back until a report of part of it has been delivered, so
            // that there are reports before the end however the machine schedules the transfer.
            let partReported = Gate()
            let download = Task {
                try await client.download(
                    Fetch(
                        host: host, path: "/gate",
                        query: ["size": "\(size)", "key": key, "chunked": chunked ? "1" : "0"]),
                    to: destination,
                    progress: { progress in
                        reports.append(progress)
                        if progress.bytesReceived > 0 && progress.bytesReceived < Int64(size) { partReported.open() }
                    })
            }
            #expect(await partReported.wait(upTo: .seconds(120)), "a report came before the body was whole")
            _ = try await APIClient().send(Fetch(host: host, path: "/release", query: ["key": key]))
            let response = try await download.value
            #expect(response.statusCode == 200)
            #expect(response.value == destination)
            #expect(response.url.path == "/gate")
            #expect(try Data(contentsOf: destination) == Self.pattern(size))
            #expect(try entries(directory) == ["body.bin"])
            let permissions = try FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions]
            #expect((permissions as? NSNumber)?.intValue == 0o600)

            let received = reports.all.map(\.bytesReceived)
            #expect(received.first.map { $0 < Int64(size) } == true, "the first report is of part of the body")
            #expect(zip(received, received.dropFirst()).allSatisfy { $0 <= $1 }, "not monotonic: \(received)")
            #expect(received.last == Int64(size))
            #expect(reports.all.last?.totalBytesToReceive == (chunked ? nil : Int64(size)))
        }
    }

    @Test func anExistingDestinationIsRefusedByDefaultAndNothingIsSent() async throws {
        try await withServer { host, directory in
            let destination = directory.appendingPathComponent("kept.txt")
            try Data("old".utf8).write(to: destination)
            let key = UUID().uuidString
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(host: host, path: "/file", query: ["size": "1000", "key": key]), to: destination)
                })
            guard case .fileSystem(let path, let cause as CocoaError) = error else {
                Issue.record("expected fileSystem with a CocoaError, got \(error)")
                return
            }
            #expect(path == destination.path)
            #expect(cause.code == .fileWriteFileExists)
            #expect(error.description.contains("\(destination.path) already exists and was left as it was"))
            #expect(try Data(contentsOf: destination) == Data("old".utf8))
            #expect(try entries(directory) == ["kept.txt"])
            #expect(try await requests(key, host: host) == 0)
        }
    }

    @Test func anExistingDestinationIsReplacedWhenAsked() async throws {
        try await withServer { host, directory in
            let destination = directory.appendingPathComponent("replaced.bin")
            try Data("old".utf8).write(to: destination)
            try await client.download(
                Fetch(host: host, path: "/file", query: ["size": "5000"]), to: destination, ifExists: .replace)
            #expect(try Data(contentsOf: destination) == Self.pattern(5000))
            #expect(try entries(directory) == ["replaced.bin"])
        }
    }

    @Test func aDirectoryIsNeverReplacedAndNothingIsSent() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let destination = directory.appendingPathComponent("folder")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(host: host, path: "/file", query: ["size": "1000", "key": key]), to: destination,
                        ifExists: .replace)
                })
            guard case .fileSystem(let path, let cause as POSIXError) = error else {
                Issue.record("expected fileSystem with a POSIXError, got \(error)")
                return
            }
            #expect(path == destination.path)
            #expect(cause.code == .EISDIR)
            #expect(try entries(directory) == ["folder"])
            #expect(try entries(destination) == [])
            #expect(try await requests(key, host: host) == 0)
        }
    }

    @Test func aFailedReplacementLeavesTheOldFile() async throws {
        try await withServer { host, directory in
            let destination = directory.appendingPathComponent("kept.bin")
            try Data("old".utf8).write(to: destination)
            let query = ["size": "1000000", "after": "100000", "key": UUID().uuidString]
            await #expect(throws: APIError.self) {
                try await client.download(
                    Fetch(host: host, path: "/drop", query: query), to: destination, ifExists: .replace)
            }
            #expect(try Data(contentsOf: destination) == Data("old".utf8))
            #expect(try entries(directory) == ["kept.bin"])
        }
    }

    @Test func aRefusedStatusLeavesNoFileAndCarriesItsBody() async throws {
        try await withServer { host, directory in
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(host: host, path: "/missing"), to: directory.appendingPathComponent("missing.bin"))
                })
            guard case .unacceptableStatus(let failure) = error, failure.statusCode == 404 else {
                Issue.record("expected unacceptableStatus(404), got \(error)")
                return
            }
            #expect(failure.body == Data(#"{"error": "no such file"}"#.utf8))
            #expect(try entries(directory) == [])
        }
    }

    @Test func theClientsSizeLimitDoesNotBindADownloadButTheRequestsDoes() async throws {
        try await withServer { host, directory in
            let small = APIClient(maximumResponseSize: 1000)
            let destination = directory.appendingPathComponent("large.bin")
            try await small.download(Fetch(host: host, path: "/file", query: ["size": "200000"]), to: destination)
            #expect(try Data(contentsOf: destination) == Self.pattern(200_000))

            let limited = Fetch(
                host: host, path: "/file", query: ["size": "200000"],
                setting: APISetting(maximumResponseSize: 1000))
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(limited, to: directory.appendingPathComponent("limited.bin"))
                })
            guard case .responseTooLarge(1000, _) = error else {
                Issue.record("expected responseTooLarge(1000), got \(error)")
                return
            }
            #expect(try entries(directory) == ["large.bin"])
        }
    }

    @Test func aMissingDirectoryFailsBeforeAnythingIsSent() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let missing = directory.appendingPathComponent("no-such-directory")
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(host: host, path: "/file", query: ["size": "10", "key": key]),
                        to: missing.appendingPathComponent("file.bin"))
                })
            guard case .fileSystem(let path, let cause as POSIXError) = error else {
                Issue.record("expected fileSystem with a POSIXError, got \(error)")
                return
            }
            #expect(path.hasPrefix(missing.path + "/.queryrequest-download-"))
            #expect(cause.code == .ENOENT)
            #expect(error.description.hasPrefix("The file \(path) could not be written: "))
            #expect(error.description.hasSuffix("(errno \(ENOENT))"))
            #expect(try entries(directory) == [])
            #expect(try await requests(key, host: host) == 0)
        }
    }

    @Test func aDestinationThatIsNotAFileURLIsRefused() async throws {
        try await withServer { host, directory in
            let destination = try #require(URL(string: "https://example.com/file.bin"))
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(Fetch(host: host, path: "/file", query: ["size": "10"]), to: destination)
                })
            guard case .fileSystem(let path, let cause as CocoaError) = error else {
                Issue.record("expected fileSystem with a CocoaError, got \(error)")
                return
            }
            #expect(path == "https://example.com/file.bin")
            #expect(cause.code == .fileWriteUnsupportedScheme)
            #expect(try entries(directory) == [])
        }
    }
}
