import Foundation

/// The lines of a streamed body, as they arrive: for JSON Lines (NDJSON), logs and other line-based
/// formats.
///
/// | Body bytes | Lines |
/// |------------|-------|
/// | `a\nb\n` | `"a"`, `"b"` |
/// | `a\r\nb` | `"a"`, `"b"` (a last line without a line end counts) |
/// | `a\n\nb\n` | `"a"`, `""`, `"b"` (empty lines are kept) |
/// | `a\rb\n` | `"a"`, `"b"` (CR alone ends a line too) |
/// | `a\r` + `\nb` in two chunks | `"a"`, `"b"` (one line end, however the chunks fall) |
///
/// Lines end in LF, CR LF or CR, and the line end is not part of the line. The text is read as UTF-8;
/// bytes that are not UTF-8 become U+FFFD. A line is never longer than the body, which the response size
/// limit bounds. Errors are the body's.
public struct ResponseLines: AsyncSequence, Sendable {
    /// A line, without its line end.
    public typealias Element = String

    private let body: ResponseBodyStream

    /// The lines of `body`.
    public init(_ body: ResponseBodyStream) {
        self.body = body
    }

    /// Starts reading the body.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: body.makeAsyncIterator())
    }

    /// Reads chunks until a line is complete.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var chunks: ResponseBodyStream.AsyncIterator
        private var splitter = LineSplitter()
        private var ready: [String] = []
        private var readyIndex = 0
        private var ended = false

        init(chunks: ResponseBodyStream.AsyncIterator) {
            self.chunks = chunks
        }

        /// The next line, or `nil` once the body has ended.
        public mutating func next() async throws -> String? {
            while readyIndex == ready.count {
                if ended { return nil }
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                if let chunk = try await chunks.next() {
                    splitter.split(chunk) { ready.append($0) }
                } else {
                    ended = true
                    if let last = splitter.finish() { ready.append(last) }
                }
            }
            defer { readyIndex += 1 }
            return ready[readyIndex]
        }
    }
}

/// Cuts bytes into lines at LF, CR LF and CR, whatever the chunks' boundaries.
struct LineSplitter {
    /// The bytes of the line not yet ended.
    private var partial: [UInt8] = []
    /// The last chunk ended in CR: an LF starting the next one belongs to that line end.
    private var afterCR = false

    mutating func split(_ chunk: Data, _ line: (String) -> Void) {
        chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            var index = 0
            if afterCR, bytes.first == UInt8(ascii: "\n") {
                start = 1
                index = 1
            }
            afterCR = false
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                    index += 1
                    continue
                }
                partial.append(contentsOf: bytes[start..<index])
                line(String(decoding: partial, as: UTF8.self))
                partial.removeAll(keepingCapacity: true)
                if byte == UInt8(ascii: "\r") {
                    if index + 1 < bytes.count {
                        if bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    } else {
                        afterCR = true
                    }
                }
                index += 1
                start = index
            }
            partial.append(contentsOf: bytes[start..<bytes.count])
        }
    }

    /// The last line, when the body ended without a line end after it.
    mutating func finish() -> String? {
        defer { partial.removeAll() }
        return partial.isEmpty ? nil : String(decoding: partial, as: UTF8.self)
    }
}
