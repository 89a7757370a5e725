import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streamed bodies of known length against `Tests/Scripts/length_required_server.py`: Werkzeug, answering 411 to a
/// body without `Content-Length`, as S3 and GCS presigned PUTs do. Every streamed body the library can size — a
/// file, a multipart form with files on disk, a stream with a declared length — arrives framed by its length, on
/// Linux too, whole (sha256) and with the upload's total known to `progress`.
@Suite(
    .enabled(if: Peer.httpbin.shouldRun, "needs Werkzeug (installed with httpbin)"),
    .lengthRequiredServer, .timeLimit(.minutes(5)))
struct ContentLengthLoopbackTests {
    let host: Loopback

    init() throws {
        host = try #require(LoopbackServer.current).host
    }

    /// What the server read.
    struct Received: Decodable, Sendable, Equatable {
        let length: Int64
        let sha256: String
        var transferEncoding: String?
    }

    struct Upload: Request {
        typealias Response = Received
        let method: HTTPMethod = .put
        let host: Loopback
        let path = "/upload"
        let body: RequestBody?
        var setting: APISetting { APISetting(timeout: 240) }
    }

    struct Hash: Request {
        typealias Response = Received
        let host: Loopback
        let path = "/hash"
        let query: [String: String]
    }

    struct FormReceived: Decodable, Sendable {
        struct File: Decodable, Sendable {
            let filename: String
            let length: Int64
            let sha256: String
        }
        let fields: [String: String]
        let files: [String: File]
        let transferEncoding: String?
    }

    struct FormUpload: Request {
        typealias Response = FormReceived
        let method: HTTPMethod = .post
        let host: Loopback
        let path = "/form"
        let body: RequestBody?
        var setting: APISetting { APISetting(timeout: 240) }
    }

    /// A file of `megabytes` MiB whose every MiB differs (a block repeated, moved or lost changes the hash).
    static func makeFile(megabytes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).bin")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var block = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })
        for index in 0..<megabytes {
            withUnsafeBytes(of: UInt64(index).bigEndian) { block.replaceSubrange(0..<8, with: $0) }
            try handle.write(contentsOf: block)
        }
        return url
    }

    func expected(for file: URL) async throws -> Received {
        try await APIClient().send(Hash(host: host, query: ["path": file.path]))
    }

    @Test func a200MiBFileArrivesWholeWithItsLengthAndATotalToReportAgainst() async throws {
        let file = try Self.makeFile(megabytes: 200)
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Locked<[TransferProgress]>([])
        let received = try await APIClient().send(
            Upload(host: host, body: .file(file)), progress: { progress in reports.update { $0.append(progress) } })
        #expect(received == (try await expected(for: file)))
        #expect(received.length == 200 << 20)
        #expect(received.transferEncoding == nil)
        let sent = reports.current.map(\.bytesSent)
        #expect(sent.last == 200 << 20)
        #expect(sent == sent.sorted(), "the bytes sent never go back")
        #expect(reports.current.allSatisfy { $0.totalBytesToSend == 200 << 20 }, "the total is the file's size")
        #expect(reports.current.count > 1, "progress is reported while the body goes, not only at the end")
    }

    @Test func aMultipartFormWithFilesOnDiskArrivesWithItsLength() async throws {
        let first = try Self.makeFile(megabytes: 3)
        let second = try Self.makeFile(megabytes: 1)
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        var form = MultipartForm()
        form.append(.text(name: "title", value: "holiday"))
        form.append(.file(name: "video", contentType: "video/mp4", contentsOf: first))
        form.append(.file(name: "thumbnail", contentType: "image/png", contentsOf: second))
        let received = try await APIClient().send(FormUpload(host: host, body: .multipart(form)))
        #expect(received.fields == ["title": "holiday"])
        #expect(received.transferEncoding == nil)
        let expectedFirst = try await expected(for: first)
        let expectedSecond = try await expected(for: second)
        #expect(received.files["video"]?.sha256 == expectedFirst.sha256)
        #expect(received.files["video"]?.filename == first.lastPathComponent)
        #expect(received.files["thumbnail"]?.sha256 == expectedSecond.sha256)
    }

    @Test func aStreamWithADeclaredLengthArrivesWithIt() async throws {
        let chunk = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0) })
        let count = 40
        let received = try await APIClient().send(
            Upload(
                host: host,
                body: .stream(length: Int64(chunk.count * count)) {
                    AsyncStream { continuation in
                        for _ in 0..<count { continuation.yield(chunk) }
                        continuation.finish()
                    }
                }))
        #expect(received.length == Int64(chunk.count * count))
        #expect(received.transferEncoding == nil)
    }

    @Test func aStreamOfUnknownLengthIsRefusedByThisServer() async throws {
        // The server's 411 shows the framing: without a length, the body goes chunked.
        let error = await #expect(throws: APIError.self) {
            try await APIClient().send(
                Upload(
                    host: host,
                    body: .stream {
                        AsyncStream { continuation in
                            continuation.yield(Data("unsized".utf8))
                            continuation.finish()
                        }
                    }))
        }
        #expect(error?.statusCode == 411)
    }

    @Test func aRetryResendsTheWholeFileWithItsLength() async throws {
        let file = try Self.makeFile(megabytes: 2)
        defer { try? FileManager.default.removeItem(at: file) }
        let failOnce = FailFirstAttempt()
        let client = APIClient(
            middleware: [failOnce], retryPolicy: RetryPolicy(maximumRetries: 1), backoff: .init(sleep: { _ in }))
        let received = try await client.send(Upload(host: host, body: .file(file)))
        #expect(failOnce.attempts.current == 2)
        #expect(received == (try await expected(for: file)))
    }

    /// Answers the first attempt with a 503 of its own, unsent, and passes every later one on.
    final class FailFirstAttempt: ClientMiddleware {
        let attempts = Locked(0)

        func intercept(
            _ request: URLRequest, context: MiddlewareContext,
            next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            let attempt = attempts.update {
                $0 += 1
                return $0
            }
            guard attempt > 1 else {
                let response = try #require(
                    HTTPURLResponse(url: request.url!, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: [:]))
                return ClientResponse(response: response, body: Data())
            }
            return try await next(request)
        }
    }
}

/// A file body whose file changes after the request was built never arrives as if it had not.
@Suite(
    .enabled(if: Peer.httpbin.shouldRun, "needs Werkzeug (installed with httpbin)"),
    .lengthRequiredServer, .timeLimit(.minutes(5)))
struct FileBodyChangeTests {
    let host: Loopback

    init() throws {
        host = try #require(LoopbackServer.current).host
    }

    @Test(arguments: [-1000, 1000])
    func aFileThatChangedSizeFailsTheRequestAndNamesTheFile(change: Int) async throws {
        let file = try ContentLengthLoopbackTests.makeFile(megabytes: 1)
        defer { try? FileManager.default.removeItem(at: file) }
        let client = APIClient(middleware: [ChangeFile(file: file, change: change)])
        let error = await #expect(throws: APIError.self) {
            try await client.send(ContentLengthLoopbackTests.Upload(host: host, body: .file(file)))
        }
        guard case .invalidRequest(let underlying) = error,
            case .fileChanged(let fileChange) = underlying as? RequestBodyStreamError
        else {
            Issue.record("expected a changed file, got \(String(describing: error))")
            return
        }
        #expect(fileChange.path == file.path)
        #expect(fileChange.measuredLength == 1 << 20)
        #expect(fileChange.reason.contains(change < 0 ? "ended after" : "goes on after"))
        #expect(error.map { "\($0)" }?.contains(file.path) == true)
    }

    /// Changes the file's size by `change` bytes after the request was built (and its length measured), before it
    /// is sent.
    struct ChangeFile: ClientMiddleware {
        let file: URL
        let change: Int

        func intercept(
            _ request: URLRequest, context: MiddlewareContext,
            next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            let handle = try FileHandle(forUpdating: file)
            defer { try? handle.close() }
            if change < 0 {
                try handle.truncate(atOffset: handle.seekToEnd() - UInt64(-change))
            } else {
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(repeating: 7, count: change))
            }
            return try await next(request)
        }
    }
}

/// What a request with a streamed body of known length carries, and what is shown of it.
@Suite(.timeLimit(.minutes(5))) struct StreamedBodyFramingTests {
    struct Upload: Request {
        let method: HTTPMethod = .put
        let host = StubHost.api
        let path = "/upload"
        let body: RequestBody?
    }

    @Test func aFileBodyCarriesItsLengthAndShowsNoBlankField() throws {
        let file = try ContentLengthLoopbackTests.makeFile(megabytes: 1)
        defer { try? FileManager.default.removeItem(at: file) }
        let request = try Upload(body: .file(file)).makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Length") == String(1 << 20))
        #if canImport(FoundationNetworking)
            // Blank, so that libcurl neither chunks the stream nor sends the field.
            #expect(request.value(forHTTPHeaderField: "Transfer-Encoding") == " ")
        #else
            #expect(request.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
        #endif
        #expect(!request.cURLCommand.contains("Transfer-Encoding"))
        #expect(request.cURLCommand.contains("Content-Length: \(1 << 20)"))
    }

    @Test func aStreamWithoutALengthCarriesNeither() throws {
        let request = try Upload(body: .stream { AsyncStream<Data> { $0.finish() } }).makeURLRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(request.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
    }

    @Test func theLogShowsTheHeadersAsSent() async throws {
        let file = try ContentLengthLoopbackTests.makeFile(megabytes: 1)
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = Locked<[String]>([])
        let logging = LoggingMiddleware(
            level: .debug, destination: .custom { message in lines.update { $0.append(message.text) } })
        let client = APIClient(session: StubNetworkSession(.init(status: 204)), middleware: [logging])
        try await client.send(Upload(body: .file(file)))
        let log = lines.current.joined(separator: "\n")
        #expect(log.contains("Content-Length"))
        #expect(!log.contains("Transfer-Encoding"))
    }
}

extension Trait where Self == LoopbackServerScope {
    /// `Tests/Scripts/length_required_server.py`: Werkzeug, refusing a body without `Content-Length`.
    static var lengthRequiredServer: Self { LoopbackServerScope(script: "length_required_server.py") }
}
