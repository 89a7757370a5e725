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

    private let body: ResponseBody

    /// The lines of `body`.
    public init(_ body: ResponseBody) {
        self.body = body
    }

    /// Starts reading the body.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: body.makeAsyncIterator())
    }

    /// Reads chunks until a line is complete.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var chunks: ResponseBody.AsyncIterator
        private var splitter = LineSplitter()
        private var ready: [String] = []
        private var readyIndex = 0
        private var ended = false

        init(chunks: ResponseBody.AsyncIterator) {
            self.chunks = chunks
        }

        /// The next line, or `nil` once the body has ended.
        public mutating func next() async throws -> String? {
            while readyIndex == ready.count {
                if ended { return nil }
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                if let chunk = try await chunks.next() {
                    chunk.withUnsafeBytes { bytes in
                        splitter.split(bytes) { ready.append(String(decoding: $0, as: UTF8.self)) }
                    }
                } else {
                    ended = true
                    splitter.finish { ready.append(String(decoding: $0, as: UTF8.self)) }
                }
            }
            defer { readyIndex += 1 }
            return ready[readyIndex]
        }
    }
}
