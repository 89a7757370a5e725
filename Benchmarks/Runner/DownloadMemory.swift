import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Benchmarks --download <size> <base URL> <destination>`: downloads `size` bytes from
/// `Tests/Scripts/download_server.py` (`/file?size=…`) with `APIClient.download(_:to:ifExists:checkpoint:progress:)` over
/// `URLSession`, then prints the bytes, the time and the process's peak resident memory, so that
/// `Benchmarks/download-memory.sh` can check that a download of any size stays in bounded memory.
enum DownloadMemory {
    struct File: Request {
        typealias Response = Data
        let host: URL
        let path = "/file"
        let query: [String: String]
        let setting = APISetting(timeout: 600)
    }

    static func run(size: Int64, baseURL: String, destination: String) -> Never {
        guard let host = URL(string: baseURL) else { fail("not a URL: \(baseURL)") }
        let file = File(host: host, query: ["size": "\(size)"])
        let target = URL(fileURLWithPath: destination)
        let start = Date()
        do {
            _ = try blocking { try await APIClient().download(file, to: target, ifExists: .replace).statusCode }
        } catch {
            fail("the download failed: \(error)")
        }
        let seconds = Date().timeIntervalSince(start)
        let written = (try? FileManager.default.attributesOfItem(atPath: destination)[.size] as? NSNumber)?.int64Value
        guard written == size else { fail("the file has \(written ?? -1) bytes, not \(size)") }
        let peakMiB = peakResidentMiB()
        print(
            String(
                format: "downloaded %lld bytes in %.1f s (%.0f MB/s); peak resident memory %.1f MiB", size, seconds,
                Double(size) / seconds / 1_000_000, peakMiB))
        exit(0)
    }
}
