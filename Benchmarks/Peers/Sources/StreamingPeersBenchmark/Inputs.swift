import Foundation

/// The inputs every workload shares, made once.
struct Inputs: Sendable {
    /// The file part: `fileSize` bytes of a pattern in a temporary file, written in chunks so that a
    /// workload that streams it never has the whole file in memory (for its peak memory).
    let fileURL: URL
    /// The file's bytes in memory, read when a workload first asks.
    let fileBytes: FileBytes
    /// 1,000 small fields, `field0000` … `field0999`, values of 8–12 characters.
    let fields: [String: String]
    /// A `text/event-stream` of `eventCount` events, in 16 KiB chunks.
    let stream: Data
    let eventCount: Int
    static let chunkSize = 16 * 1024

    init(fileSize: Int, eventCount: Int) throws {
        fileURL = FileManager.default.temporaryDirectory.appendingPathComponent("qr-streaming-peers-\(getpid()).bin")
        _ = FileManager.default.createFile(atPath: fileURL.path, contents: nil)
        let handle = try FileHandle(forWritingTo: fileURL)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var written = 0
        while written < fileSize {
            let count = Swift.min(chunk.count, fileSize - written)
            for index in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                chunk[index] = UInt8(truncatingIfNeeded: state >> 56)
            }
            try handle.write(contentsOf: chunk[..<count])
            written += count
        }
        try handle.close()
        fileBytes = FileBytes(url: fileURL)

        var fields: [String: String] = [:]
        for index in 0..<1_000 {
            fields[String(format: "field%04d", index)] = "value \(index * 7919)"
        }
        self.fields = fields

        // Chat-like events: a type, an id, one or two data lines of JSON.
        var text = ""
        for index in 0..<eventCount {
            text += "event: delta\nid: \(index)\n"
            text += "data: {\"index\":\(index),\"text\":\"some streamed words, token \(index)\"}\n"
            if index % 4 == 0 { text += "data: {\"extra\":true}\n" }
            text += "\n"
        }
        stream = Data(text.utf8)
        self.eventCount = eventCount
    }

    func removeFile() {
        try? FileManager.default.removeItem(at: fileURL)
    }
}

/// The file read into memory once, on first use.
final class FileBytes: @unchecked Sendable {
    // Only the benchmark's main task reads it.
    let url: URL
    private var loaded: Data?
    init(url: URL) { self.url = url }
    var data: Data {
        if let loaded { return loaded }
        let data = (try? Data(contentsOf: url)) ?? Data()
        loaded = data
        return data
    }
}

/// The stream's chunks as an `AsyncSequence` without any suspension or buffering of its own, so that the
/// parsers, not the source, are measured.
struct Chunks: AsyncSequence, Sendable {
    typealias Element = Data
    let data: Data
    let size: Int

    struct Iterator: AsyncIteratorProtocol {
        let data: Data
        let size: Int
        var offset = 0
        mutating func next() async -> Data? {
            guard offset < data.count else { return nil }
            let end = Swift.min(offset + size, data.count)
            defer { offset = end }
            return data.subdata(in: offset..<end)
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(data: data, size: size) }
}

/// The stream's chunks as byte slices, the input the OpenAPI runtime's parser takes (and ours takes too).
struct SliceChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let bytes: [UInt8]
    let size: Int

    struct Iterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let size: Int
        var offset = 0
        mutating func next() async -> ArraySlice<UInt8>? {
            guard offset < bytes.count else { return nil }
            let end = Swift.min(offset + size, bytes.count)
            defer { offset = end }
            return bytes[offset..<end]
        }
    }

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes, size: size) }
}
