/// Percent-encoding of UTF-8 bytes as RFC 3986 defines it, done in one pass without `CharacterSet`.
///
/// | Input byte | Output |
/// |------------|--------|
/// | `A-Z a-z 0-9 - . _ ~` (unreserved) | itself |
/// | space, with `spaceAsPlus` | `+` |
/// | anything else, including `+ & = ; , # % ? / [ ] @ :` and every non-ASCII byte | `%XX`, uppercase hex |
///
/// `package`: QueryRequest's URL builder escapes and checks URL text with these same definitions.
package enum PercentEncoding {
    /// Bit `b` is set when ASCII byte `b` (0–63) is unreserved: `-`, `.`, `0-9`.
    private static let unreservedLow: UInt64 = 0x03FF_6000_0000_0000
    /// Bit `b - 64` is set when ASCII byte `b` (64–127) is unreserved: `A-Z`, `_`, `a-z`, `~`.
    private static let unreservedHigh: UInt64 = 0x47FF_FFFE_87FF_FFFE

    /// Whether `byte` is an RFC 3986 unreserved character.
    @inline(__always)
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        let mask = byte < 64 ? unreservedLow : unreservedHigh
        return byte < 128 && (mask >> UInt64(byte & 63)) & 1 != 0
    }

    /// The number of leading bytes of `source` that are unreserved: most names and values are
    /// entirely, and are then copied in one go.
    @inline(__always)
    static func unreservedPrefixLength(_ source: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < source.count && isUnreserved(source[index]) { index &+= 1 }
        return index
    }

    @inline(__always)
    package static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x37
    }

    /// Appends `source` to `output`, escaping every byte that is not unreserved.
    @inline(__always)
    static func append(_ source: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer, spaceAsPlus: Bool) {
        let clean = unreservedPrefixLength(source)
        output.append(UnsafeBufferPointer(rebasing: source[..<clean]))
        if clean == source.count { return }
        appendEscaping(UnsafeBufferPointer(rebasing: source[clean...]), to: &output, spaceAsPlus: spaceAsPlus)
    }

    private static func appendEscaping(
        _ source: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer, spaceAsPlus: Bool
    ) {
        // Worst case every byte becomes three; one reservation keeps the loop free of checks.
        output.reserve(source.count &* 3)
        for byte in source {
            if isUnreserved(byte) {
                output.appendReserved(byte)
            } else if byte == 0x20 && spaceAsPlus {
                output.appendReserved(UInt8(ascii: "+"))
            } else {
                output.appendReserved(UInt8(ascii: "%"))
                output.appendReserved(hexDigit(byte >> 4))
                output.appendReserved(hexDigit(byte & 0x0F))
            }
        }
    }

    /// The value of an ASCII hex digit, or `nil`.
    @inline(__always)
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- 0x30
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- 0x37
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- 0x57
        default: return nil
        }
    }
}
