import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response size limit over a real `URLSession`, against `Tests/Scripts/large_body_server.py`, which
/// reports whether it managed to send the whole body: a client that stops early leaves it unfinished.
@Suite(.enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .timeLimit(.minutes(5)))
struct ResponseLimitLoopbackTests {
    struct Report: Decodable, Sendable {
        let written: Int
        let finished: Bool
    }

    struct Body: Request {
        typealias Response = Data
        let host: Loopback
        let path = "/body"
        let query: [String: String]
    }

    struct ReportRequest: Request {
        typealias Response = Report
        let host: Loopback
        let path = "/report"
        let query: [String: String]
    }

    /// 64 MiB, sent at most 64 KiB per 10 ms: a client that reads it all keeps the server busy for over
    /// 10 s; one that stops after 1 MiB ends the transfer within a few chunks. (Unthrottled, loopback
    /// delivers 64 MiB in about 0.1 s, before any client could react.)
    static let size = 64 * 1024 * 1024

    func withServer(_ body: (Loopback) async throws -> Void) async throws {
        try await LoopbackServer.run("large_body_server.py", body)
    }

    /// Waits (bounded) until the server has written its report for `key`.
    func report(_ key: String, host: Loopback) async throws -> Report {
        for _ in 0..<400 {
            let report = try await APIClient().send(ReportRequest(host: host, query: ["key": key]))
            if report.written > 0 { return report }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the server never reported on \(key)")
        return Report(written: 0, finished: true)
    }

    @Test(arguments: [false, true])
    func aTooLargeBodyStopsTheTransferEarly(chunked: Bool) async throws {
        try await withServer { host in
            let key = UUID().uuidString
            let client = APIClient(maximumResponseSize: 1024 * 1024)
            let query = ["size": "\(Self.size)", "key": key, "chunked": chunked ? "1" : "0", "pause": "10"]
            let error = try #require(
                await #expect(throws: APIError.self) { try await client.send(Body(host: host, query: query)) })
            guard case .responseTooLarge(let limit, let response) = error else {
                Issue.record("expected responseTooLarge, got \(error)")
                return
            }
            #expect(limit == 1024 * 1024)
            #expect(response.statusCode == 200)
            let report = try await report(key, host: host)
            #expect(!report.finished, "the client read the whole body (\(report.written) bytes)")
        }
    }

    @Test func aBodyWithinTheLimitIsReadWhole() async throws {
        try await withServer { host in
            let body = try await APIClient(maximumResponseSize: 200_000).send(
                Body(host: host, query: ["size": "200000", "key": UUID().uuidString]))
            #expect(body == Data(repeating: UInt8(ascii: "x"), count: 200_000))
        }
    }
}
