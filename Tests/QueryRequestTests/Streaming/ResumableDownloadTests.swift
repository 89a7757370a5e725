import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads that go on where their connection was lost, against nginx's own byte ranges, `ETag`,
/// `Last-Modified` and `If-Range` (`Tests/Scripts/range_server.py`: nginx behind a proxy that cuts responses at
/// chosen offsets and logs the `Range` and `If-Range` of each request).
@Suite(
    .enabled(if: Peer.shouldRun(.python3, .nginx), "needs python3 and nginx"), .rangeServer,
    .timeLimit(.minutes(5)))
struct ResumableDownloadTests {
    struct Fetch: Request {
        typealias Response = Data
        let host: Loopback
        let path: String
        var query: [String: String] = [:]
        var setting: APISetting = .default
    }

    struct Created: Decodable, Sendable {
        let sha256: String?
    }

    struct Logged: Decodable, Sendable, Equatable {
        let range: String?
        let ifRange: String?
        let status: Int?
    }

    /// What a middleware saw of each attempt.
    struct Reasons: ClientMiddleware {
        let seen = Locked<[AttemptReason]>([])

        func intercept(
            _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            seen.update { $0.append(context.reason) }
            return try await next(request)
        }
    }

    var host: Loopback { LoopbackServer.current!.host }

    /// A policy that resumes up to `resumes` times, and a client whose waits before them are zero.
    static func resuming(_ resumes: Int) -> APISetting {
        APISetting(retryPolicy: RetryPolicy(maximumRetries: 0, maximumResumes: resumes))
    }

    let client = APIClient(backoff: APIClient.Backoff(jitter: { 0 }))

    /// Writes a file of `size` seeded random bytes on the server; its sha256.
    func create(_ name: String, size: Int, seed: Int = Int.random(in: 0..<1_000_000)) async throws -> String {
        let query = ["name": name, "size": "\(size)", "seed": "\(seed)"]
        let data = try await client.send(Fetch(host: host, path: "/control/create", query: query))
        return try #require(try JSONDecoder().decode(Created.self, from: data).sha256)
    }

    /// Cuts the responses for `key` at these offsets of the file; with `replace`, rewrites that file at the
    /// first cut and returns the new content's sha256.
    @discardableResult
    func drop(_ key: String, at offsets: [Int], replacing name: String? = nil) async throws -> String? {
        var query = ["key": key, "at": offsets.map(String.init).joined(separator: ",")]
        if let name {
            query["replace"] = name
            query["seed"] = "\(Int.random(in: 0..<1_000_000))"
        }
        let data = try await client.send(Fetch(host: host, path: "/control/drops", query: query))
        return try JSONDecoder().decode(Created.self, from: data).sha256
    }

    /// The requests the proxy saw for `key`.
    func log(_ key: String) async throws -> [Logged] {
        let data = try await client.send(Fetch(host: host, path: "/control/log", query: ["key": key]))
        return try JSONDecoder().decode([Logged].self, from: data)
    }

    /// A file of `size` random bytes on the server, whose responses for a key of its own are cut at `count` random
    /// offsets.
    struct CutFile {
        let name: String
        let sha256: String
        let key: String
        let cuts: [Int]
    }

    func cutFile(size: Int, cuts count: Int) async throws -> CutFile {
        let name = "\(UUID().uuidString).bin"
        let sha256 = try await create(name, size: size)
        let key = UUID().uuidString
        let cuts = Self.randomOffsets(count, below: size)
        try await drop(key, at: cuts)
        return CutFile(name: name, sha256: sha256, key: key, cuts: cuts)
    }

    /// The first byte each ranged request asked for.
    static func starts(of requests: [Logged]) -> [Int] {
        requests.compactMap { $0.range.flatMap { Int($0.dropFirst("bytes=".count).dropLast()) } }
    }

    /// Whether each resume asked for what followed the bytes received before the cut it followed: at most the cut
    /// (a connection closed with bytes in flight may lose some on the way), never before the previous resume.
    static func follow(_ starts: [Int], _ cuts: [Int]) -> Bool {
        starts.count == cuts.count && zip(starts, cuts).allSatisfy { $0 <= $1 } && starts == starts.sorted()
    }

    /// `count` distinct offsets in `1..<size`, ascending.
    static func randomOffsets(_ count: Int, below size: Int) -> [Int] {
        var offsets = Set<Int>()
        while offsets.count < count { offsets.insert(Int.random(in: 1..<size)) }
        return offsets.sorted()
    }

    /// Runs `body` with an empty directory of its own, removed afterwards.
    func inDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resume-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    func sha256(of file: URL) throws -> String { sha256Hex(try Data(contentsOf: file)) }

    @Test func fiveDropsAtRandomOffsetsEndInTheExactFileWithProgressThatNeverGoesBack() async throws {
        try await inDirectory { directory in
            let size = 6 * 1024 * 1024 + 101
            let file = try await cutFile(size: size, cuts: 5)
            let (name, expected, key, offsets) = (file.name, file.sha256, file.key, file.cuts)
            let reasons = Reasons()
            let reports = Locked<[TransferProgress]>([])
            let destination = directory.appendingPathComponent("file.bin")
            let response = try await APIClient(middleware: [reasons], backoff: APIClient.Backoff(jitter: { 0 }))
                .download(
                    Fetch(host: host, path: "/files/\(name)", query: ["key": key], setting: Self.resuming(5)),
                    to: destination, progress: { progress in reports.update { $0.append(progress) } })
            #expect(try sha256(of: destination) == expected, "cut at \(offsets)")
            #expect(response.statusCode == 206)
            let requests = try await log(key)
            let starts = Self.starts(of: requests)
            #expect(requests.first?.range == nil)
            #expect(Self.follow(starts, offsets), "resumed from \(starts)")
            #expect(requests.map(\.status) == [200, 206, 206, 206, 206, 206])
            let tag = requests.last?.ifRange
            #expect(tag?.hasPrefix("\"") == true)
            #expect(requests.dropFirst().allSatisfy { $0.ifRange == tag })
            #expect(reasons.seen.current == [.first] + starts.map { .resumption(fromByte: Int64($0)) })
            let received = reports.current.map(\.bytesReceived)
            #expect(received == received.sorted(), "progress went back: \(received)")
            #expect(received.last == Int64(size))
            #expect(reports.current.allSatisfy { $0.totalBytesToReceive == Int64(size) })
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file.bin"])
        }
    }

    @Test func lastModifiedValidatesTheRangeWhenThereIsNoETag() async throws {
        try await inDirectory { directory in
            let size = 2 * 1024 * 1024
            let file = try await cutFile(size: size, cuts: 2)
            let (name, expected, key, offsets) = (file.name, file.sha256, file.key, file.cuts)
            let destination = directory.appendingPathComponent("dated.bin")
            try await client.download(
                Fetch(host: host, path: "/dated/\(name)", query: ["key": key], setting: Self.resuming(2)),
                to: destination)
            #expect(try sha256(of: destination) == expected, "cut at \(offsets)")
            let requests = try await log(key)
            #expect(requests.map(\.status) == [200, 206, 206])
            // An HTTP date, as nginx sent it in Last-Modified.
            #expect(requests.dropFirst().allSatisfy { $0.ifRange?.hasSuffix(" GMT") == true })
        }
    }

    @Test func aServerThatServesNoRangesIsDownloadedAgainFromTheFirstByte() async throws {
        try await inDirectory { directory in
            let size = 2 * 1024 * 1024
            let file = try await cutFile(size: size, cuts: 2)
            let (name, expected, key, offsets) = (file.name, file.sha256, file.key, file.cuts)
            let reports = Locked<[TransferProgress]>([])
            let destination = directory.appendingPathComponent("whole.bin")
            let response = try await client.download(
                Fetch(host: host, path: "/no-ranges/\(name)", query: ["key": key], setting: Self.resuming(2)),
                to: destination, progress: { progress in reports.update { $0.append(progress) } })
            #expect(try sha256(of: destination) == expected, "cut at \(offsets)")
            #expect(response.statusCode == 200)
            #expect(try await log(key).map(\.status) == [200, 200, 200])
            #expect(reports.current.last?.bytesReceived == Int64(size))
        }
    }

    @Test func aResourceChangedBetweenAttemptsIsDownloadedWholeNotSpliced() async throws {
        try await inDirectory { directory in
            let size = 2 * 1024 * 1024
            let name = "\(UUID().uuidString).bin"
            let old = try await create(name, size: size)
            let key = UUID().uuidString
            let offset = Int.random(in: (size / 4)..<size)
            // The proxy rewrites the file (another ETag) when it cuts the first response.
            let new = try #require(try await drop(key, at: [offset], replacing: name))
            let destination = directory.appendingPathComponent("changed.bin")
            try await client.download(
                Fetch(host: host, path: "/files/\(name)", query: ["key": key], setting: Self.resuming(1)),
                to: destination)
            #expect(old != new)
            #expect(try sha256(of: destination) == new, "cut at \(offset)")
            let requests = try await log(key)
            #expect(requests.first?.range == nil)
            #expect(Self.follow(Self.starts(of: requests), [offset]))
            #expect(requests.map(\.status) == [200, 200])
        }
    }

    @Test func resumesStopAtThePolicysLimitAndLeaveNoFile() async throws {
        try await inDirectory { directory in
            let size = 1024 * 1024
            let name = "\(UUID().uuidString).bin"
            _ = try await create(name, size: size)
            let key = UUID().uuidString
            try await drop(key, at: Self.randomOffsets(3, below: size))
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(host: host, path: "/files/\(name)", query: ["key": key], setting: Self.resuming(2)),
                        to: directory.appendingPathComponent("never.bin"))
                })
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(try await log(key).count == 3)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
        }
    }

    @Test func aCheckpointKeepsWhatArrivedAndALaterCallGoesOnFromIt() async throws {
        try await inDirectory { directory in
            let size = 2 * 1024 * 1024
            let name = "\(UUID().uuidString).bin"
            let expected = try await create(name, size: size)
            let key = UUID().uuidString
            let offset = Int.random(in: 65536..<size)
            try await drop(key, at: [offset])
            let checkpoint = DownloadCheckpoint(file: directory.appendingPathComponent("file.part"))
            let destination = directory.appendingPathComponent("file.bin")
            let fetch = Fetch(host: host, path: "/files/\(name)", query: ["key": key])
            // The default policy resumes nothing: the call fails, and the checkpoint keeps the bytes.
            await #expect(throws: APIError.self) {
                try await client.download(fetch, to: destination, checkpoint: checkpoint)
            }
            let held = checkpoint.bytesReceived
            #expect(held > 0 && held <= Int64(offset), "cut at \(offset), held \(held)")
            #expect(checkpoint.totalBytesToReceive == Int64(size))
            let permissions = try FileManager.default.attributesOfItem(atPath: checkpoint.file.path)[.posixPermissions]
            #expect(permissions as? Int == 0o600)

            // As an app would after a relaunch: the checkpoint kept as JSON, a new client.
            let kept = try JSONDecoder().decode(DownloadCheckpoint.self, from: JSONEncoder().encode(checkpoint))
            let reasons = Reasons()
            let reports = Locked<[TransferProgress]>([])
            try await APIClient(middleware: [reasons]).download(
                fetch, to: destination, checkpoint: kept,
                progress: { progress in reports.update { $0.append(progress) } })
            #expect(try sha256(of: destination) == expected, "cut at \(offset)")
            #expect(try await log(key).map(\.range) == [nil, "bytes=\(held)-"])
            #expect(reasons.seen.current == [.resumption(fromByte: held)])
            #expect(reports.current.allSatisfy { $0.bytesReceived >= held })
            #expect(checkpoint.bytesReceived == 0)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file.bin"])
        }
    }

    @Test func aCheckpointHoldingEveryByteIsConfirmedWithTheLastOne() async throws {
        try await inDirectory { directory in
            let size = 300_000
            let name = "\(UUID().uuidString).bin"
            let expected = try await create(name, size: size)
            let key = UUID().uuidString
            try await drop(key, at: [1000])
            let checkpoint = DownloadCheckpoint(file: directory.appendingPathComponent("file.part"))
            let destination = directory.appendingPathComponent("file.bin")
            let fetch = Fetch(host: host, path: "/files/\(name)", query: ["key": key])
            await #expect(throws: APIError.self) {
                try await client.download(fetch, to: destination, checkpoint: checkpoint)
            }
            // As if the app had been ended after the last byte was written, before the file was moved.
            let whole = try await client.send(Fetch(host: host, path: "/files/\(name)"))
            try whole.write(to: checkpoint.file)
            try await client.download(fetch, to: destination, checkpoint: checkpoint)
            #expect(try sha256(of: destination) == expected)
            let requests = try await log(key)
            #expect(requests.map(\.range) == [nil, "bytes=\(size - 1)-"])
            #expect(requests.map(\.status) == [200, 206])
        }
    }

    @Test func aCheckpointOfAnotherURLStartsFromTheFirstByte() async throws {
        try await inDirectory { directory in
            let first = "\(UUID().uuidString).bin"
            let second = "\(UUID().uuidString).bin"
            _ = try await create(first, size: 100_000)
            let expected = try await create(second, size: 200_000)
            let key = UUID().uuidString
            try await drop(key, at: [50000])
            let checkpoint = DownloadCheckpoint(file: directory.appendingPathComponent("file.part"))
            await #expect(throws: APIError.self) {
                try await client.download(
                    Fetch(host: host, path: "/files/\(first)", query: ["key": key]),
                    to: directory.appendingPathComponent("first.bin"), checkpoint: checkpoint)
            }
            #expect(checkpoint.bytesReceived > 0)
            let destination = directory.appendingPathComponent("second.bin")
            try await client.download(
                Fetch(host: host, path: "/files/\(second)", query: ["key": key]), to: destination,
                checkpoint: checkpoint)
            #expect(try sha256(of: destination) == expected)
            #expect(try await log(key).map(\.range) == [nil, nil])
        }
    }

    @Test func aCancelledDownloadIsResumedFromItsCheckpoint() async throws {
        try await inDirectory { directory in
            let size = 4 * 1024 * 1024
            let name = "\(UUID().uuidString).bin"
            let expected = try await create(name, size: size)
            let key = UUID().uuidString
            let checkpoint = DownloadCheckpoint(file: directory.appendingPathComponent("held.part"))
            let destination = directory.appendingPathComponent("held.bin")
            // The proxy holds the response after its first 64 KiB: the download is surely running when cancelled.
            _ = try await client.send(Fetch(host: host, path: "/control/hold", query: ["key": key]))
            let fetch = Fetch(host: host, path: "/files/\(name)", query: ["key": key])
            let started = Gate()
            let download = Task {
                try await client.download(
                    fetch, to: destination, checkpoint: checkpoint,
                    progress: { if $0.bytesReceived > 0 { started.open() } })
            }
            #expect(await started.wait(upTo: .seconds(60)))
            // A second download of the same checkpoint is refused while the first runs.
            let refused = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        fetch, to: directory.appendingPathComponent("other.bin"), checkpoint: checkpoint)
                })
            download.cancel()
            let result = await download.result
            _ = try await client.send(Fetch(host: host, path: "/control/release", query: ["key": key]))
            guard case .fileSystem(let path, let error) = refused else {
                Issue.record("expected a file-system error, got \(refused)")
                return
            }
            #expect(path == checkpoint.file.path)
            #expect((error as? POSIXError)?.code == .EWOULDBLOCK)
            guard case .failure(let error) = result, case .cancelled? = error as? APIError else {
                Issue.record("expected APIError.cancelled, got \(result)")
                return
            }
            let held = checkpoint.bytesReceived
            #expect(held > 0 && held < Int64(size))
            try await client.download(fetch, to: destination, checkpoint: checkpoint)
            #expect(try sha256(of: destination) == expected)
            #expect(try await log(key).last?.range == "bytes=\(held)-")
        }
    }

    @Test func aCheckpointCannotBeTheDestination() async throws {
        try await inDirectory { directory in
            let destination = directory.appendingPathComponent("same.bin")
            let key = UUID().uuidString
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(host: host, path: "/files/none", query: ["key": key]), to: destination,
                        checkpoint: DownloadCheckpoint(file: destination))
                })
            guard case .fileSystem(let path, let underlying) = error else {
                Issue.record("expected a file-system error, got \(error)")
                return
            }
            #expect(path == destination.path)
            #expect((underlying as? POSIXError)?.code == .EINVAL)
            #expect(try await log(key).isEmpty)
        }
    }
}

extension Trait where Self == LoopbackServerScope {
    /// `Tests/Scripts/range_server.py`: nginx serving files with byte ranges, behind a proxy that cuts responses.
    static var rangeServer: Self { LoopbackServerScope(script: "range_server.py") }
}
