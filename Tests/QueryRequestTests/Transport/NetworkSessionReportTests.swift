import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `NetworkSession` of the app's own tells the client what it sees through `NetworkSessionReport`.
@Suite(.timeLimit(.minutes(5))) struct NetworkSessionReportTests {
    /// Sends nothing: reports a 10-byte body sent and a 5-byte body received in two chunks, and notes whether
    /// anyone listened.
    final class ReportingSession: NetworkSession {
        let listened = Locked<[Bool]>([])

        func data(for request: URLRequest) async throws -> (Data, URLResponse) {
            let report = NetworkSessionReport.current
            listened.update { $0.append(report != nil) }
            report?.sent(4, of: 10)
            report?.sent(10, of: 10)
            report?.responseHeadArrived(expectedBodyLength: 5)
            report?.received(2)
            report?.received(3)
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "5"])!
            return (Data("hello".utf8), response)
        }
    }

    struct Upload: Request {
        typealias Response = Data
        let method: HTTPMethod = .post
        let host = StubHost.api
        let path = "/upload"
        var body: RequestBody? { .data(Data(count: 10), contentType: "application/octet-stream") }
    }

    @Test func theProgressClosureGetsWhatTheSessionReports() async throws {
        let session = ReportingSession()
        let reports = Locked<[TransferProgress]>([])
        let body = try await APIClient(session: session).send(Upload()) { progress in
            reports.update { $0.append(progress) }
        }
        #expect(body == Data("hello".utf8))
        #expect(session.listened.current == [true])
        let last = try #require(reports.current.last)
        #expect(last.bytesSent == 10)
        #expect(last.totalBytesToSend == 10)
        #expect(last.bytesReceived == 5)
        #expect(last.totalBytesToReceive == 5)
        #expect(reports.current.map(\.bytesReceived) == reports.current.map(\.bytesReceived).sorted())
    }

    @Test func theAttemptGetsTheTimeTheHeadArrived() async throws {
        let attempts = Locked<[APIClient.Attempt]>([])
        let client = APIClient(
            session: ReportingSession(), onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        _ = try await client.send(Upload())
        let attempt = try #require(attempts.current.first)
        #expect(try #require(attempt.timing.timeToFirstByte) <= attempt.duration)
    }

    @Test func nobodyListeningMeansNoReport() async throws {
        let session = ReportingSession()
        _ = try await APIClient(session: session).send(Upload())
        #expect(session.listened.current == [false])
    }
}
