/// Cuts bytes that arrive in chunks into lines at LF, CR LF and CR, wherever the chunks are split: a CR
/// ending one chunk and an LF starting the next are one line end. The one line splitter of the library,
/// under ``ResponseLines`` and ``ServerSentEventParser``.
///
/// | Bytes | Lines |
/// |-------|-------|
/// | `a\nb\n` | `a`, `b` |
/// | `a\r\nb` then ``finish(_:)`` | `a`, `b` |
/// | `a\n\nb\n` | `a`, (empty), `b` |
/// | `a\r` + `\nb` + `\n` | `a`, `b` |
struct LineSplitter: Sendable {
    /// The bytes of the line not yet ended.
    private var partial: [UInt8] = []
    /// The last chunk ended in CR: an LF starting the next one belongs to that line end.
    private var afterCR = false

    /// Calls `line` with each line that `chunk` ends, without its line end, in order. A line that lies in
    /// `chunk` alone is passed without a copy.
    mutating func split(
        _ chunk: UnsafeRawBufferPointer, _ line: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        let count = chunk.count
        var start = 0
        if afterCR, count > 0 {
            afterCR = false
            if chunk[0] == UInt8(ascii: "\n") { start = 1 }
        }
        var index = start
        while index < count {
            let byte = chunk[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index += 1
                continue
            }
            let ended = UnsafeRawBufferPointer(rebasing: chunk[start..<index])
            if partial.isEmpty {
                try line(ended)
            } else {
                partial.append(contentsOf: ended)
                let whole = partial
                partial.removeAll(keepingCapacity: true)
                try whole.withUnsafeBytes { try line($0) }
            }
            index += 1
            if byte == UInt8(ascii: "\r") {
                if index == count {
                    afterCR = true
                } else if chunk[index] == UInt8(ascii: "\n") {
                    index += 1
                }
            }
            start = index
        }
        if start < count {
            partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<count]))
        }
    }

    /// Calls `line` with the last line, when the bytes ended without a line end after it; then starts afresh.
    mutating func finish(_ line: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        defer { reset() }
        if !partial.isEmpty { try partial.withUnsafeBytes { try line($0) } }
    }

    /// Forgets the line not yet ended (the bytes were cut off).
    mutating func reset() {
        partial.removeAll(keepingCapacity: true)
        afterCR = false
    }
}
