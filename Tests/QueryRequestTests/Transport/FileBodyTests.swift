import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RequestBody.file`: streamed from disk, checked when built, sent again whole on a retry.
@Suite(.timeLimit(.minutes(5))) struct FileBodyTests {
    struct Upload: Request {
        typealias Response = EmptyResponse
        var method: HTTPMethod = .put
        let host = StubHost.api
        let path = "/files/report"
        let file: URL
        var setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))
        var body: RequestBody? { .file(file, contentType: "application/pdf") }
    }

    static func temporaryFile(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("body-\(UUID().uuidString).bin")
        try contents.write(to: url)
        return url
    }

    /// Reads a request's body stream to its end.
    static func drain(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = stream.read(&buffer, maxLength: buffer.count)
            if read <= 0 { break }
            data.append(contentsOf: buffer[..<read])
        }
        return data
    }

    @Test func theFileIsStreamedWithItsContentType() throws {
        let contents = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let file = try Self.temporaryFile(contents)
        defer { try? FileManager.default.removeItem(at: file) }
        let request = try Upload(file: file).makeURLRequest()
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/pdf")
        #expect(Self.drain(try #require(request.httpBodyStream)) == contents)
    }

    @Test func eachAttemptSendsTheWholeFileAgain() async throws {
        let contents = Data(repeating: 0xAB, count: 200_000)
        let file = try Self.temporaryFile(contents)
        defer { try? FileManager.default.removeItem(at: file) }
        let bodies = Locked<[Data]>([])
        let session = StubNetworkSession { request in
            let body = Self.drain(try #require(request.httpBodyStream))
            let count = bodies.update {
                $0.append(body)
                return $0.count
            }
            return .init(status: count == 1 ? 503 : 204)
        }
        try await APIClient(session: session, backoff: .init(sleep: { _ in })).send(Upload(file: file))
        #expect(bodies.current == [contents, contents])
    }

    @Test func aFileThatCannotBeSentIsRefusedWhenTheRequestIsBuilt() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        for (url, reason) in [
            (missing, "cannot be found"), (FileManager.default.temporaryDirectory, "not a regular file"),
            (URL(string: "https://example.com/a")!, "not a file: URL"),
        ] {
            #expect {
                try Upload(file: url).makeURLRequest()
            } throws: { error in
                guard case .unreadableBodyFile(_, let text) = error as? RequestBuildingError else { return false }
                return text.contains(reason)
            }
        }
    }

    @Test func aMethodWithoutABodyRefusesAFile() throws {
        let file = try Self.temporaryFile(Data("x".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: RequestBuildingError.bodyNotAllowed(method: .get)) {
            try Upload(method: .get, file: file).makeURLRequest()
        }
    }
}

/// A file body over a real `URLSession`, to the Python echo server on 127.0.0.1.
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .echoServer, .timeLimit(.minutes(5)))
struct FileBodyLoopbackTests {
    struct Upload: Request {
        typealias Response = Echo
        let method: HTTPMethod = .post
        let host: Loopback
        let path = "/upload"
        let file: URL
        var body: RequestBody? { .file(file, contentType: "application/octet-stream") }
    }

    @Test func theWholeFileArrives() async throws {
        let server = try #require(LoopbackServer.current)
        // 1 MiB of varied bytes: many chunks on the way.
        let contents = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        let file = try FileBodyTests.temporaryFile(contents)
        defer { try? FileManager.default.removeItem(at: file) }
        let echo = try await APIClient().send(Upload(host: server.host, file: file))
        #expect(echo.method == "POST")
        #expect(echo.bodyData == contents)
        #expect(echo.header("Content-Type") == "application/octet-stream")
    }
}
