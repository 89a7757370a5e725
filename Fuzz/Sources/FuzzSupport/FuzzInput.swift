/// The fuzzer's bytes read as a few choices followed by text fields.
///
/// The first bytes are choices (each read with `choice(_:)`, zero once the input runs out); the rest is
/// split at each `0xFE` byte, which valid UTF-8 never holds, so a field can contain any text, NUL,
/// CR and LF included. Invalid UTF-8 in a field reads as U+FFFD.
public struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    /// Reads `data` from the start.
    public init(_ data: UnsafeRawBufferPointer) {
        bytes = Array(data)[...]
    }

    /// A number below `count` taken from the next byte (0 when none is left).
    public mutating func choice(_ count: Int) -> Int {
        guard let byte = bytes.popFirst() else { return 0 }
        return Int(byte) % count
    }

    /// Whether the next byte is odd.
    public mutating func flag() -> Bool { choice(2) == 1 }

    /// The bytes up to the next `0xFE` (or the end), as they are, or `nil` when nothing is left.
    public mutating func bytesField() -> [UInt8]? {
        guard !bytes.isEmpty else { return nil }
        let end = bytes.firstIndex(of: 0xFE) ?? bytes.endIndex
        let field = Array(bytes[..<end])
        bytes = end < bytes.endIndex ? bytes[(end + 1)...] : []
        return field
    }

    /// The text up to the next `0xFE` (or the end), or `nil` when nothing is left.
    public mutating func field() -> String? {
        bytesField().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every byte not read yet, as text.
    public mutating func rest() -> String {
        defer { bytes = [] }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Stops the process so that libFuzzer records the input: an oracle saw a defect.
public func fuzzFailure(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("FUZZ ORACLE: \(message)", file: file, line: line)
}

/// `fuzzFailure` unless `condition` holds.
public func fuzzRequire(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
    line: UInt = #line
) {
    if !condition() { fuzzFailure(message(), file: file, line: line) }
}
