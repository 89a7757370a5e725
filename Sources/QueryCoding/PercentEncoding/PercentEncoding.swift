/// Percent-encoding of UTF-8 bytes as RFC 3986 defines it, done in one pass without `CharacterSet`.
///
/// | Input byte | Output |
/// |------------|--------|
/// | `A-Z a-z 0-9 - . _ ~` (unreserved) | itself |
/// | space, with `spaceAsPlus` | `+` |
/// | anything else, including `+ & = ; , # % ? / [ ] @ :` and every non-ASCII byte | `%XX`, uppercase hex |
enum PercentEncoding {
    /// Bit `b` of the two words is set when ASCII byte `b` is unreserved.
    private static let unreservedLow: UInt64 = {
        var bits: UInt64 = 0
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { bits |= 1 << UInt64(byte) }
        bits |= 1 << UInt64(UInt8(ascii: "-")) | 1 << UInt64(UInt8(ascii: "."))
        return bits
    }()
    private static let unreservedHigh: UInt64 = {
        var bits: UInt64 = 0
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { bits |= 1 << UInt64(byte - 64) }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { bits |= 1 << UInt64(byte - 64) }
        bits |= 1 << UInt64(UInt8(ascii: "_") - 64) | 1 << UInt64(UInt8(ascii: "~") - 64)
        return bits
    }()

    /// Whether `byte` is an RFC 3986 unreserved character.
    @inline(__always)
    static func isUnreserved(_ byte: UInt8) -> Bool {
        if byte < 64 { return unreservedLow & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return unreservedHigh & (1 << UInt64(byte &- 64)) != 0 }
        return false
    }

    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x37
    }

    /// Appends `source` to `output`, escaping every byte that is not unreserved.
    @inline(__always)
    static func append(
        _ source: UnsafeBufferPointer<UInt8>, to output: inout [UInt8], spaceAsPlus: Bool
    ) {
        // Worst case every byte becomes three; one reservation keeps the loop free of reallocation.
        output.ensureCapacity(forAppending: source.count &* 3)
        for byte in source {
            if isUnreserved(byte) {
                output.append(byte)
            } else if byte == 0x20 && spaceAsPlus {
                output.append(UInt8(ascii: "+"))
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            }
        }
    }

    /// The value of an ASCII hex digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- 0x30
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- 0x37
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- 0x57
        default: return nil
        }
    }
}

extension Array where Element == UInt8 {
    /// Reserves room for `count` more bytes, growing geometrically.
    ///
    /// `reserveCapacity` alone grows to exactly the requested size, so calling it before every small
    /// append would copy the buffer each time and make long outputs quadratic.
    @inline(__always)
    mutating func ensureCapacity(forAppending count: Int) {
        let needed = self.count &+ count
        if needed > capacity {
            reserveCapacity(Swift.max(needed, capacity &* 2, 64))
        }
    }
}
