import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension AsyncHTTPClientSession {
    /// The AsyncHTTPClient request for `request`: its method, URL, headers and body, and the cookies `cookies`
    /// holds for its URL. A streamed body's bytes are reported to `report` as they are read.
    static func makeRequest(
        _ request: URLRequest, cookies: HTTPCookieStorage? = nil, report: NetworkSessionReport? = nil
    ) throws -> HTTPClientRequest {
        guard let url = request.url else { throw URLError(.badURL) }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        var headers = request.allHTTPHeaderFields ?? [:]
        // AsyncHTTPClient frames the body itself, from its length. A blank `Transfer-Encoding` is how a request
        // built on Linux keeps FoundationNetworking from chunking a stream of known length: it says nothing.
        for (name, value) in headers
        where name.lowercased() == "transfer-encoding" && value.allSatisfy({ $0 == " " || $0 == "\t" }) {
            headers[name] = nil
        }
        if let cookies, request.httpShouldHandleCookies, let stored = cookies.cookies(for: url), !stored.isEmpty,
            let header = HTTPCookie.requestHeaderFields(with: stored)["Cookie"]
        {
            let own = headers.first { $0.key.lowercased() == "cookie" }
            if let own { headers[own.key] = nil }
            headers["Cookie"] = own.map { "\($0.value); \(header)" } ?? header
        }
        // Sorted, so that the order on the wire does not change from one process to the next.
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.httpBody {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        } else if let stream = request.httpBodyStream {
            // Read as it is sent, 64 KiB at a time: a multipart form's files never sit in memory whole.
            let length = request.value(forHTTPHeaderField: "Content-Length").flatMap(Int64.init)
            outgoing.body = .stream(
                InputStreamChunks(stream, report: report, length: length), length: length.map { .known($0) } ?? .unknown
            )
        }
        return outgoing
    }

    /// The request's timeout as a `TimeAmount`: a non-finite or negative one reads as 60 s, the
    /// `URLRequest` default, and it is kept within 1 ms…1 year.
    static func timeout(of request: URLRequest) -> TimeAmount {
        let seconds = request.timeoutInterval
        guard seconds.isFinite, seconds > 0 else { return .seconds(60) }
        return .milliseconds(Int64(min(max(seconds, 0.001), 31_536_000) * 1000))
    }

    /// The response headers as `HTTPURLResponse` takes them; a header given more than once has its values
    /// joined with ", ", as `URLSession` does.
    static func headerFields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        var canonicalNames: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let existing = canonicalNames[key] {
                fields[existing] = fields[existing].map { "\($0), \(value)" } ?? value
            } else {
                canonicalNames[key] = name
                fields[name] = value
            }
        }
        return fields
    }
}

/// The bytes of an `InputStream` as `ByteBuffer` chunks, read as AsyncHTTPClient asks for them.
///
/// Each read runs on a thread of ``readQueue``, never on the cooperative pool: `read` blocks until the stream has
/// bytes, and the stream of a `RequestBody.stream` body gets them from a sequence that may itself need the
/// pool (a sequence fed by another task). Blocking the pool's threads in reads could then wait forever.
///
/// `@unchecked Sendable`: the stream is only touched by the one iterator AsyncHTTPClient makes, which reads
/// it from one task at a time, each read finished before the next starts; a request's body is iterated once.
struct InputStreamChunks: AsyncSequence, @unchecked Sendable {
    typealias Element = ByteBuffer

    let stream: InputStream
    /// Where the bytes read are reported, with the body's `length` when known.
    let report: NetworkSessionReport?
    let length: Int64?

    init(_ stream: InputStream, report: NetworkSessionReport? = nil, length: Int64? = nil) {
        self.stream = stream
        self.report = report
        self.length = length
    }

    func makeAsyncIterator() -> Iterator { Iterator(stream: stream, report: report, length: length) }

    /// Where the reads run: a queue of our own, which libdispatch serves with a thread for each read that
    /// blocks, rather than the few threads of `DispatchQueue.global()`.
    static let readQueue = DispatchQueue(
        label: "QueryRequestAsyncHTTPClient.InputStreamChunks", attributes: .concurrent)

    /// Opens the stream on the first read and closes it at the end or on an error.
    struct Iterator: AsyncIteratorProtocol {
        let stream: InputStream
        let report: NetworkSessionReport?
        let length: Int64?
        private var state = State.unopened
        private var sent: Int64 = 0
        private enum State { case unopened, open, finished }

        init(stream: InputStream, report: NetworkSessionReport?, length: Int64?) {
            self.stream = stream
            self.report = report
            self.length = length
        }

        mutating func next() async throws -> ByteBuffer? {
            switch state {
            case .finished: return nil
            case .unopened:
                stream.open()
                state = .open
            case .open: break
            }
            let stream = UncheckedStream(stream: stream)
            let buffer = await withCheckedContinuation { (continuation: CheckedContinuation<ByteBuffer, Never>) in
                InputStreamChunks.readQueue.async {
                    var buffer = ByteBuffer()
                    buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 65536) { bytes in
                        guard let base = bytes.baseAddress else { return 0 }
                        let read = stream.stream.read(base.assumingMemoryBound(to: UInt8.self), maxLength: bytes.count)
                        return Swift.max(read, 0)
                    }
                    continuation.resume(returning: buffer)
                }
            }
            if buffer.readableBytes > 0 {
                sent += Int64(buffer.readableBytes)
                report?.sent(sent, of: length)
                return buffer
            }
            state = .finished
            let error = self.stream.streamError
            self.stream.close()
            if let error { throw error }
            return nil
        }
    }

    /// The stream, handed to the dispatch thread of one read.
    ///
    /// `@unchecked Sendable`: the iterator waits for that read to end before it touches the stream again.
    private struct UncheckedStream: @unchecked Sendable {
        let stream: InputStream
    }
}
