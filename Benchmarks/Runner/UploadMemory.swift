import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Benchmarks --upload <file> <base URL>`: sends the file as a streamed `RequestBody.file` body with
/// `APIClient` over `URLSession`, then prints the bytes, the time and the process's peak resident memory, so
/// that `Benchmarks/upload-memory.sh` can check that an upload of any size stays in bounded memory.
enum UploadMemory {
    struct Upload: Request {
        typealias Response = Data
        let method: HTTPMethod = .put
        let host: URL
        let path = "/upload"
        let file: URL
        let setting = APISetting(timeout: 600)
        var body: RequestBody? { .file(file) }
    }

    /// A 1 GiB-class body made by an `AsyncSequence` (`RequestBody.stream`) as it is sent: 64 KiB chunks of
    /// zeros, with the length declared.
    struct StreamUpload: Request {
        typealias Response = Data
        let method: HTTPMethod = .put
        let host: URL
        let path = "/upload"
        let size: Int64
        let setting = APISetting(timeout: 600)
        var body: RequestBody? { .stream(length: size) { [size] in ZeroChunks(size: size) } }
    }

    /// `size` zero bytes in chunks of 64 KiB, each made when asked for.
    struct ZeroChunks: AsyncSequence, Sendable {
        let size: Int64

        struct AsyncIterator: AsyncIteratorProtocol {
            var left: Int64
            let chunk = Data(count: 64 * 1024)

            mutating func next() async -> Data? {
                guard left > 0 else { return nil }
                let count = Int(Swift.min(left, Int64(chunk.count)))
                left -= Int64(count)
                return count == chunk.count ? chunk : chunk.prefix(count)
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(left: size) }
    }

    static func run(file: String, baseURL: String) -> Never {
        guard let host = URL(string: baseURL) else { fail("not a URL: \(baseURL)") }
        let upload = Upload(host: host, file: URL(fileURLWithPath: file))
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
        measure(size: size) { try await APIClient().send(upload) }
    }

    /// `Benchmarks --upload-stream <bytes> <base URL>`: the same measure for a `RequestBody.stream` body.
    static func runStream(size: Int64, baseURL: String) -> Never {
        guard let host = URL(string: baseURL) else { fail("not a URL: \(baseURL)") }
        let upload = StreamUpload(host: host, size: size)
        measure(size: size) { try await APIClient().send(upload) }
    }

    /// Runs `send`, whose answer is the number of bytes the server received and how they were framed, checks that
    /// they are all there and came with their `Content-Length`, and prints the figures.
    private static func measure(size: Int64, _ send: @escaping @Sendable () async throws -> Data) -> Never {
        let start = Date()
        do {
            let answer = try blocking { try await send() }
            let words = String(decoding: answer, as: UTF8.self).split(separator: " ")
            let received = words.first.flatMap { Int64($0) }
            guard received == size else {
                fail("the server received \(received.map(String.init) ?? "?") bytes, not \(size)")
            }
            guard words.last == "length" else { fail("the body was sent chunked, not with its Content-Length") }
        } catch {
            fail("the upload failed: \(error)")
        }
        let seconds = Date().timeIntervalSince(start)
        let peakMiB = peakResidentMiB()
        print(
            String(
                format: "uploaded %lld bytes with Content-Length in %.1f s (%.0f MB/s); peak resident memory %.1f MiB",
                size, seconds,
                Double(size) / seconds / 1_000_000, peakMiB))
        exit(0)
    }
}

/// The process's peak resident memory so far, in MiB.
func peakResidentMiB() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        // Linux reports ru_maxrss in KiB, Apple platforms in bytes.
        return Double(usage.ru_maxrss) / 1024
    #else
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1024 / 1024
    #endif
}
