/// Percent-decoding of `application/x-www-form-urlencoded` text: `%XX` is the byte `XX`, `+` is a space.
///
/// | Input | Output |
/// |-------|--------|
/// | `a%26b` | `a&b` |
/// | `a+b`, `a%20b` | `a b` |
/// | `%C3%A9` | `é` |
/// | `%zz`, `%4`, `%` at the end | error: invalid escape |
/// | `%C3%28`, `%FF` | error: the bytes are not UTF-8 |
enum PercentDecoding {
    enum Failure: Error, Equatable {
        /// A `%` not followed by two hex digits, at this byte offset of the text.
        case invalidEscape(offset: Int)
        /// The decoded bytes are not valid UTF-8.
        case invalidUTF8
    }

    /// Whether `text` needs decoding at all: most names and values contain neither `%` nor `+`.
    @inline(__always)
    static func needsDecoding(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in text where byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") { return true }
        return false
    }

    /// Decodes `text` into `output` (which is cleared first) and checks that the result is UTF-8.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) throws(Failure) {
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(text.count)
        var index = 0
        var sawNonASCIIEscape = false
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 2 < text.count, let high = PercentEncoding.hexValue(text[index + 1]),
                    let low = PercentEncoding.hexValue(text[index + 2])
                else { throw .invalidEscape(offset: index) }
                output.append(high << 4 | low)
                if high >= 8 { sawNonASCIIEscape = true }
                index += 3
            case UInt8(ascii: "+"):
                output.append(0x20)
                index += 1
            default:
                output.append(byte)
                index += 1
            }
        }
        // Text that came from a Swift string is valid UTF-8 already; only escapes of non-ASCII bytes can
        // break it (a `%` starts a character, and an ASCII byte in its place is a whole character).
        if sawNonASCIIEscape {
            let valid = output.withUnsafeBufferPointer { UTF8Validation.isValid($0) }
            guard valid else { throw .invalidUTF8 }
        }
    }
}
