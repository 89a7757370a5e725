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

    static func run(file: String, baseURL: String) -> Never {
        guard let host = URL(string: baseURL) else { fail("not a URL: \(baseURL)") }
        let upload = Upload(host: host, file: URL(fileURLWithPath: file))
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
        let start = Date()
        do {
            _ = try blocking { try await APIClient().send(upload).count }
        } catch {
            fail("the upload failed: \(error)")
        }
        let seconds = Date().timeIntervalSince(start)
        let peakMiB = peakResidentMiB()
        print(
            String(
                format: "uploaded %lld bytes in %.1f s (%.0f MB/s); peak resident memory %.1f MiB", size, seconds,
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
