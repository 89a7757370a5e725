import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RequestBody.stream`: what a request built with it holds, and what a session that reads its body stream
/// (here a ``StubNetworkSession``) sees.
@Suite(.timeLimit(.minutes(5)))
struct StreamBodyTests {
    /// An error a test sequence throws.
    struct Broken: Error, Equatable {}

    /// A body of `chunks`, counting the calls of `makeChunks`; throws `Broken` after them when asked.
    struct Upload: Request {
        typealias Response = EmptyResponse
        var method: HTTPMethod = .put
        let host = StubHost.api
        let path = "/logs/today"
        let chunks: [Data]
        var length: Int64?
        var throwsAtEnd = false
        var calls = Locked(0)
        var setting = APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))

        var body: RequestBody? {
            .stream(contentType: "text/plain", length: length) { [chunks, throwsAtEnd, calls] in
                calls.update { $0 += 1 }
                return AsyncThrowingStream<Data, any Error> { continuation in
                    for chunk in chunks { continuation.yield(chunk) }
                    continuation.finish(throwing: throwsAtEnd ? Broken() : nil)
                }
            }
        }
    }

    /// Varied bytes, cut into chunks of uneven sizes (an empty one too).
    static func chunks(of contents: Data) -> [Data] {
        var chunks: [Data] = [Data()]
        var start = 0
        var size = 1
        while start < contents.count {
            let end = min(start + size, contents.count)
            chunks.append(contents.subdata(in: start..<end))
            start = end
            size = size * 3 + 7
        }
        return chunks
    }

    static let contents = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ $0 >> 11) })

    /// A stream read to its end, and whether it ended in an error rather than at its end.
    struct Drained: Sendable {
        let data: Data
        let failed: Bool
        let error: String?
    }

    /// Reads `stream` to its end on a thread of its own: reading blocks while the sequence produces, which
    /// must not take a thread of the cooperative pool that the sequence itself runs on.
    static func drain(_ stream: InputStream?) async throws -> Drained {
        final class Box: @unchecked Sendable {
            // `@unchecked Sendable`: the stream is only used by the one thread it is handed to.
            let stream: InputStream
            init(_ stream: InputStream) { self.stream = stream }
        }
        let box = Box(try #require(stream))
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let stream = box.stream
                var data = Data()
                stream.open()
                defer { stream.close() }
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let read = stream.read(&buffer, maxLength: buffer.count)
                    if read <= 0 {
                        continuation.resume(
                            returning: Drained(
                                data: data, failed: read < 0, error: stream.streamError.map { "\($0)" }))
                        return
                    }
                    data.append(contentsOf: buffer[..<read])
                }
            }
        }
    }

    @Test func theRequestCarriesABodyStreamAndItsContentType() async throws {
        let upload = Upload(chunks: Self.chunks(of: Self.contents), length: Int64(Self.contents.count))
        let request = try upload.makeURLRequest()
        #expect(request.httpBody == nil)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(request.value(forHTTPHeaderField: "Content-Length") == String(Self.contents.count))
        #if canImport(FoundationNetworking)
            // Blank, so that libcurl neither chunks the stream nor sends the field.
            #expect(request.value(forHTTPHeaderField: "Transfer-Encoding") == " ")
        #endif
        #expect(upload.calls.current == 0, "the sequence is made when the body is read, not when it is built")
        let drained = try await Self.drain(request.httpBodyStream)
        #expect(drained.data == Self.contents)
        #expect(!drained.failed)
        #expect(upload.calls.current == 1)
    }

    @Test func aStubSeesTheWholeBodyOnEveryAttempt() async throws {
        let bodies = Locked<[Data]>([])
        let session = StubNetworkSession { request in
            let body = try await Self.drain(request.httpBodyStream).data
            let count = bodies.update {
                $0.append(body)
                return $0.count
            }
            return .init(status: count == 1 ? 503 : 204)
        }
        let upload = Upload(chunks: Self.chunks(of: Self.contents))
        try await APIClient(session: session, backoff: .init(sleep: { _ in })).send(upload)
        #expect(bodies.current == [Self.contents, Self.contents])
        #expect(upload.calls.current == 2, "makeChunks is called once per attempt")
    }

    @Test(arguments: [-1, 1])
    func aWrongLengthFailsWithBothCounts(difference: Int64) async throws {
        let declared = Int64(Self.contents.count) + difference
        let received = Locked<[Drained]>([])
        let session = StubNetworkSession { request in
            let drained = try await Self.drain(request.httpBodyStream)
            received.update { $0.append(drained) }
            return .init(status: 204)
        }
        let upload = Upload(chunks: Self.chunks(of: Self.contents), length: declared)
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session, backoff: .init(sleep: { _ in })).send(upload)
        }
        guard case .invalidRequest(let underlying) = error,
            case .lengthMismatch(let mismatch) = underlying as? RequestBodyStreamError
        else {
            Issue.record("expected a length mismatch, got \(String(describing: error))")
            return
        }
        #expect(mismatch.request.hasSuffix("Upload"))
        #expect(mismatch.declared == declared)
        if difference > 0 {
            #expect(mismatch.produced == Int64(Self.contents.count))
        } else {
            #expect(mismatch.produced > declared)
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("\(declared)"))
        // Not retried, and the reader never reached an end that looks complete.
        #expect(received.current.count == 1)
        #expect(received.current.allSatisfy { $0.failed && Int64($0.data.count) < declared })
        #expect(received.current.first?.error?.contains("\(declared)") == true)
    }

    @Test func aSequenceThatThrowsFailsWithItsError() async throws {
        let received = Locked<[Drained]>([])
        let session = StubNetworkSession { request in
            let drained = try await Self.drain(request.httpBodyStream)
            received.update { $0.append(drained) }
            return .init(status: 204)
        }
        let upload = Upload(chunks: Self.chunks(of: Self.contents), throwsAtEnd: true)
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session, backoff: .init(sleep: { _ in })).send(upload)
        }
        guard case .invalidRequest(let underlying) = error,
            case .sequenceFailed(let failure) = underlying as? RequestBodyStreamError
        else {
            Issue.record("expected a failed sequence, got \(String(describing: error))")
            return
        }
        #expect(failure.underlying as? Broken == Broken())
        #expect(failure.bytesYielded == Int64(Self.contents.count))
        #expect(received.current.map(\.failed) == [true])
    }

    @Test func aNegativeLengthIsRefusedWhenTheRequestIsBuilt() throws {
        #expect(throws: RequestBuildingError.invalidBodyLength(-1)) {
            try Upload(chunks: [], length: -1).makeURLRequest()
        }
    }

    @Test func aMethodWithoutABodyRefusesAStream() throws {
        #expect(throws: RequestBuildingError.bodyNotAllowed(method: .get)) {
            try Upload(method: .get, chunks: []).makeURLRequest()
        }
    }

    @Test func anEmptyBodyWithItsLengthIsWhole() async throws {
        let request = try Upload(chunks: [Data()], length: 0).makeURLRequest()
        let drained = try await Self.drain(request.httpBodyStream)
        #expect(drained.data.isEmpty)
        #expect(!drained.failed)
    }
}
