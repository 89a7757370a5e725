import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct ProgressTests {
    @Test func aSessionThatDoesNotReportIsReportedWhenEachAttemptEnds() async throws {
        struct Upload: Request {
            typealias Response = Data
            let method: HTTPMethod = .put
            let host = StubHost.api
            let path = "/files/a"
            let body = RequestBody.data(Data(count: 1000), contentType: "application/octet-stream")
            let setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))
        }
        let events = Locked<[TransferProgress]>([])
        let session = StubNetworkSession(.init(status: 503), .init(status: 200, body: Data(count: 300)))
        let client = APIClient(session: session, backoff: .init(sleep: { _ in }))
        let body = try await client.send(Upload(), progress: { progress in events.update { $0.append(progress) } })
        #expect(body.count == 300)
        // The first attempt's report may have been replaced by the second's before the closure ran: reports
        // are delivered latest first, never stale, and the last one before the call returns.
        let reports = [
            TransferProgress(bytesSent: 1000, totalBytesToSend: 1000, bytesReceived: 0, totalBytesToReceive: 0),
            TransferProgress(bytesSent: 1000, totalBytesToSend: 1000, bytesReceived: 300, totalBytesToReceive: 300),
        ]
        #expect(events.current == reports || events.current == [reports[1]])
        #expect(events.current.last?.fractionSent == 1)
        #expect(events.current.last?.fractionReceived == 1)
    }
}

/// Progress over a real `URLSession`, against the Python echo server on 127.0.0.1.
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .echoServer, .timeLimit(.minutes(5)))
struct ProgressLoopbackTests {
    let server: LoopbackServer

    init() throws {
        server = try #require(LoopbackServer.current)
    }

    @Test func anUploadFromAFileReportsEveryByteSent() async throws {
        let contents = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let file = try FileBodyTests.temporaryFile(contents)
        defer { try? FileManager.default.removeItem(at: file) }
        let events = Locked<[TransferProgress]>([])
        let echo = try await APIClient().send(
            FileBodyLoopbackTests.Upload(host: server.host, file: file),
            progress: { progress in events.update { $0.append(progress) } })
        #expect(echo.bodyData == contents)
        let sent = events.current.map(\.bytesSent)
        #expect(sent.last == Int64(contents.count), "every byte was reported sent: \(sent.suffix(3))")
        #expect(sent == sent.sorted(), "the bytes sent never go back")
    }

    @Test func aDownloadReportsEveryByteReceivedAndTheTotal() async throws {
        // The echo of a 150 KiB upload: about 200 KiB of JSON, sent with its Content-Length.
        let file = try FileBodyTests.temporaryFile(Data(repeating: 7, count: 150 * 1024))
        defer { try? FileManager.default.removeItem(at: file) }
        let events = Locked<[TransferProgress]>([])
        let request = FileBodyLoopbackTests.Upload(host: server.host, file: file).returning(Data.self)
        let body = try await APIClient().send(request, progress: { progress in events.update { $0.append(progress) } })
        let last = try #require(events.current.last)
        #expect(last.bytesReceived == Int64(body.count))
        #expect(last.totalBytesToReceive == Int64(body.count))
        #expect(events.current.map(\.bytesReceived) == events.current.map(\.bytesReceived).sorted())
    }
}
