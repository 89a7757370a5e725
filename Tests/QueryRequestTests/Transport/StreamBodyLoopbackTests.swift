import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RequestBody.stream` over a real `URLSession`, against `Tests/Scripts/upload_server.py`, which reports
/// for every attempt whether the body arrived complete by its framing.
@Suite(
    .enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .uploadServer,
    .timeLimit(.minutes(5)))
struct StreamBodyLoopbackTests {
    let host: Loopback

    init() throws {
        host = try #require(LoopbackServer.current).host
    }

    /// What the server answers for a complete upload.
    struct Received: Decodable, Sendable {
        let framing: String
        let contentLength: Int64?
        let received: Int64
        let body: String
        let attempt: Int
        var bodyData: Data? { Data(base64Encoded: body) }
    }

    /// How each attempt of a key arrived.
    struct Report: Decodable, Sendable {
        struct Attempt: Decodable, Sendable {
            let complete: Bool
            let received: Int64
        }
        let attempts: [Attempt]
    }

    struct ReportRequest: Request {
        typealias Response = Report
        let host: Loopback
        let path = "/report"
        let query: [String: String]
    }

    struct Ping: Request {
        typealias Response = Data
        let host: Loopback
        let path = "/ping"
    }

    /// A PUT of the chunks `makeChunks` makes, under a fresh key.
    struct Upload<Chunks: AsyncSequence & Sendable>: Request where Chunks.Element: DataProtocol {
        typealias Response = Received
        let method: HTTPMethod = .put
        let host: Loopback
        let path = "/upload"
        var key = UUID().uuidString
        var length: Int64?
        var firstStatus: Int?
        var setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))
        let makeChunks: @Sendable () -> Chunks

        var headers: [String: String] {
            var headers = ["X-Upload-Key": key]
            if let firstStatus { headers["X-Upload-Status-First"] = String(firstStatus) }
            return headers
        }

        var body: RequestBody? { .stream(length: length, makeChunks) }
    }

    static let contents = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })

    /// `contents` in chunks of uneven sizes.
    static func chunked(_ contents: Data) -> AsyncStream<Data> {
        AsyncStream { continuation in
            for chunk in StreamBodyTests.chunks(of: contents) { continuation.yield(chunk) }
            continuation.finish()
        }
    }

    func report(_ key: String) async throws -> Report {
        try await APIClient().send(ReportRequest(host: host, query: ["key": key]))
    }

    @Test(arguments: [false, true])
    func theBytesArriveExactly(withLength: Bool) async throws {
        let length = withLength ? Int64(Self.contents.count) : nil
        let received = try await APIClient().send(
            Upload(host: host, length: length) { Self.chunked(Self.contents) })
        #expect(received.bodyData == Self.contents)
        // On Linux too: the request keeps FoundationNetworking from chunking a stream of known length.
        #expect(received.framing == (withLength ? "length" : "chunked"))
        #expect(received.contentLength == length)
    }

    @Test func aRetryAfter503SendsTheWholeBodyAgain() async throws {
        let calls = Locked(0)
        let upload = Upload(host: host, length: Int64(Self.contents.count), firstStatus: 503) {
            calls.update { $0 += 1 }
            return Self.chunked(Self.contents)
        }
        let received = try await APIClient(backoff: .init(sleep: { _ in })).send(upload)
        #expect(received.attempt == 2)
        #expect(received.bodyData == Self.contents)
        #expect(calls.current == 2)
        let attempts = try await report(upload.key).attempts
        #expect(attempts.map(\.complete) == [true, true])
        #expect(attempts.map(\.received) == [Int64(Self.contents.count), Int64(Self.contents.count)])
    }

    @Test(arguments: [-1, 1])
    func aWrongLengthNeverArrivesComplete(difference: Int64) async throws {
        let declared = Int64(Self.contents.count) + difference
        let upload = Upload(host: host, length: declared) { Self.chunked(Self.contents) }
        let error = await #expect(throws: APIError.self) { try await APIClient().send(upload) }
        guard case .invalidRequest(let underlying) = error,
            case .lengthMismatch(let mismatch) = underlying as? RequestBodyStreamError
        else {
            Issue.record("expected a length mismatch, got \(String(describing: error))")
            return
        }
        #expect(mismatch.declared == declared)
        let attempts = try await report(upload.key).attempts
        #expect(attempts.count <= 1, "not retried")
        #expect(attempts.allSatisfy { !$0.complete && $0.received < declared })
    }

    @Test(arguments: [false, true])
    func aSequenceThatThrowsNeverArrivesComplete(withLength: Bool) async throws {
        let upload = Upload(host: host, length: withLength ? Int64(Self.contents.count) * 2 : nil) {
            AsyncThrowingStream<Data, any Error> { continuation in
                for chunk in StreamBodyTests.chunks(of: Self.contents) { continuation.yield(chunk) }
                continuation.finish(throwing: StreamBodyTests.Broken())
            }
        }
        let error = await #expect(throws: APIError.self) { try await APIClient().send(upload) }
        guard case .invalidRequest(let underlying) = error,
            case .sequenceFailed(let failure) = underlying as? RequestBodyStreamError
        else {
            Issue.record("expected a failed sequence, got \(String(describing: error))")
            return
        }
        #expect(failure.underlying is StreamBodyTests.Broken)
        let attempts = try await report(upload.key).attempts
        #expect(attempts.count <= 1, "not retried")
        #expect(attempts.allSatisfy { !$0.complete })
    }

    @Test func cancellingTheCallerStopsTheSequence() async throws {
        let started = Gate()
        let stopped = Gate()
        let upload = Upload(host: host) {
            // One chunk, then nothing: the stream ends only when its reader is cancelled.
            AsyncThrowingStream<Data, any Error> { continuation in
                continuation.onTermination = { _ in stopped.open() }
                continuation.yield(Data(repeating: 0x5A, count: 1000))
                started.open()
            }
        }
        let sending = Task { try await APIClient().send(upload) }
        // Cancelled from a thread outside the cooperative pool: while the sequence waits, FoundationNetworking's
        // async API may be holding every thread of the pool (see `AsyncSequenceInputStream`).
        let began = Locked(false)
        DispatchQueue.global().async {
            began.update { $0 = started.waitBlocking(upTo: 120) }
            sending.cancel()
        }
        let error = await #expect(throws: APIError.self) { try await sending.value }
        guard case .cancelled = error else {
            Issue.record("expected .cancelled, got \(String(describing: error))")
            return
        }
        #expect(began.current, "the sequence started")
        #expect(await stopped.wait(upTo: .seconds(120)), "the sequence saw the cancellation")
        #expect(try await report(upload.key).attempts.allSatisfy { !$0.complete })
    }

    /// FoundationNetworking reads a body stream on a queue that every session shares, so while the sequence
    /// has nothing ready, other requests wait (measured, see `AsyncSequenceInputStream`): here the upload's
    /// second chunk waits for a GET sent meanwhile through the same session, at most 2 s. Neither request
    /// may wait forever, and both arrive whole, whichever went first.
    @Test func aSlowSequenceHoldsUpOtherRequestsOnlyWhileItWaits() async throws {
        let client = APIClient(session: URLSession.shared)
        let waiting = Gate()
        let pinged = Gate()
        let upload = Upload(host: host, length: 2000) {
            AsyncStream<Data> { continuation in
                continuation.yield(Data(repeating: 1, count: 1000))
                DispatchQueue.global().async {
                    waiting.open()
                    _ = pinged.waitBlocking(upTo: 2)
                    continuation.yield(Data(repeating: 2, count: 1000))
                    continuation.finish()
                }
            }
        }
        async let uploaded = client.send(upload)
        #expect(await waiting.wait(upTo: .seconds(120)), "the upload is under way, waiting for its sequence")
        _ = try await client.send(Ping(host: host))
        pinged.open()
        let received = try await uploaded
        #expect(received.bodyData == Data(repeating: 1, count: 1000) + Data(repeating: 2, count: 1000))
    }

    @Test(arguments: [false, true])
    func progressCountsEveryByteSent(withLength: Bool) async throws {
        let events = Locked<[TransferProgress]>([])
        let length = withLength ? Int64(Self.contents.count) : nil
        let received = try await APIClient().send(
            Upload(host: host, length: length) { Self.chunked(Self.contents) },
            progress: { progress in events.update { $0.append(progress) } })
        #expect(received.bodyData == Self.contents)
        let sent = events.current.map(\.bytesSent)
        #expect(sent.last == Int64(Self.contents.count))
        #expect(sent == sent.sorted(), "the bytes sent never go back")
        // A declared length is the total on every platform, FoundationNetworking's included, which reports none.
        #expect(events.current.allSatisfy { $0.totalBytesToSend == length })
    }
}

/// A one-shot gate that can be waited for with a bound, on threads of its own: never on the cooperative pool,
/// which FoundationNetworking's async API may be holding while a body stream waits (see
/// `AsyncSequenceInputStream`). `open()` returns whether it was the first to open it.
final class Gate: @unchecked Sendable {
    // `@unchecked Sendable`: `isOpen` is only read and written while holding `condition`.
    private let condition = NSCondition()
    private var isOpen = false

    @discardableResult
    func open() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let first = !isOpen
        isOpen = true
        condition.broadcast()
        return first
    }

    /// Whether the gate opened within `seconds`, blocking the calling thread.
    func waitBlocking(upTo seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !isOpen {
            if !condition.wait(until: deadline) { return isOpen }
        }
        return true
    }

    /// Whether the gate opened within `bound`.
    func wait(upTo bound: Duration) async -> Bool {
        let seconds = Double(bound.components.seconds) + Double(bound.components.attoseconds) / 1e18
        return await onThreadOfItsOwn { self.waitBlocking(upTo: seconds) }
    }
}
