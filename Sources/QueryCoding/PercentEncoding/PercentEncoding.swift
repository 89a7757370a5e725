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
    /// RFC 3986's unreserved characters: `A-Z a-z 0-9 - . _ ~`.
    package static let unreserved = ASCIISet(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)

    /// The class of each byte value, as the character at its index: `1` unreserved, `2` the dot (also
    /// unreserved, but structural in keys under `.dots`), `0` anything else. In a loop over bytes one load
    /// costs less than ``isUnreserved(_:)``'s tests, and a literal is static data, with nothing to
    /// initialise at run time (a `static let` array paid a `swift_once` on every call). `EscapingTests`
    /// checks it against RFC 3986's set and ``isUnreserved(_:)`` for all 256 bytes.
    package static var byteClasses: StaticString {
        """
        0000000000000000000000000000000000000000000001201111111111000000\
        0111111111111111111111111110000101111111111111111111111111100010\
        0000000000000000000000000000000000000000000000000000000000000000\
        0000000000000000000000000000000000000000000000000000000000000000
        """
    }

    /// Runs `body` with the 256 byte classes of ``byteClasses`` (the ASCII characters `0`, `1`, `2`): any
    /// `UInt8` indexes them.
    @inline(__always)
    package static func withByteClasses<Result>(_ body: (UnsafePointer<UInt8>) throws -> Result) rethrows -> Result {
        // SAFETY: the literal has 256 ASCII characters (checked here in debug builds and by a test), one
        // byte each, so any byte indexes it; it is static data, valid for the whole process.
        assert(byteClasses.utf8CodeUnitCount == 256)
        return try body(byteClasses.utf8Start)
    }

    /// Whether `byte` is an RFC 3986 unreserved character.
    @inline(__always)
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        unreserved.contains(byte)
    }

    /// Copies the leading unreserved bytes of `source` (not `.` when `allowsDot` is false) to `output`,
    /// eight at a time, and returns how many it copied, a multiple of 8: the caller goes on byte by byte.
    /// Most names and values are unreserved bytes only.
    @inline(__always)
    static func appendUnreservedWords(
        _ source: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer, allowsDot: Bool
    ) -> Int {
        let count = source.count
        guard count >= 8, let base = source.baseAddress else { return 0 }
        output.reserve(count)
        var index = 0
        // SAFETY: each load reads the 8 bytes at `index..<index + 8`, within `source` (`index + 8 <= count`);
        // `loadUnaligned` has no alignment requirement. `output` has room for `count` bytes, and at most
        // `count` are appended here.
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if ~unreservedBytes(word, allowsDot: allowsDot) & highBits != 0 { break }
            output.appendReserved(word: word)
            index &+= 8
        }
        return index
    }

    /// The high bit of each of eight bytes.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Eight bytes at once (byte `i` of `word` is bits `8i..<8i+8`): the high bit of byte `i` of the
    /// result is set when byte `i` is unreserved. Exact for every byte below the first non-ASCII one
    /// (which is never marked unreserved); bytes after that one may be wrong, and are not looked at.
    @inline(__always)
    private static func unreservedBytes(_ word: UInt64, allowsDot: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // For an ASCII byte x, `(x | 0x80) - lo` keeps its high bit exactly when x >= lo, and
        // `(hi | 0x80) - x` exactly when x <= hi; neither borrows from the next byte.
        @inline(__always) func inRange(_ value: UInt64, _ lo: UInt8, _ hi: UInt8) -> UInt64 {
            ((value | highBits) &- ones &* UInt64(lo)) & ((highBits | ones &* UInt64(hi)) &- value)
        }
        // High bit set exactly where the byte equals `byte`: `(t & 0x7F) + 0x7F | t` has it where t != 0.
        @inline(__always) func equal(_ value: UInt64, _ byte: UInt8) -> UInt64 {
            let difference = value ^ (ones &* UInt64(byte))
            return ~(((difference & low7) &+ low7) | difference)
        }
        // A byte of 0x80 and up makes the borrows below wrong from the next byte on; it is itself
        // never unreserved.
        let nonASCII = word & highBits
        let digits = inRange(word, 0x30, 0x39)
        let letters = inRange(word | (ones &* 0x20), 0x61, 0x7A)  // `| 0x20` folds A-Z onto a-z exactly
        let punctuation = allowsDot ? inRange(word, 0x2D, 0x2E) : equal(word, 0x2D)  // `-` (and `.`)
        let others = equal(word, 0x5F) | equal(word, 0x7E)  // `_`, `~`
        return (digits | letters | punctuation | others) & ~nonASCII
    }

    /// The escape of each byte value without its `%`: the two uppercase hex digits at offset `2 * byte`.
    /// One load of two bytes costs less than working out the digits (`EscapingTests` checks the table
    /// against ``hexDigit(_:)`` for all 256 bytes).
    package static var hexPairs: StaticString {
        """
        000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F\
        303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F\
        606162636465666768696A6B6C6D6E6F707172737475767778797A7B7C7D7E7F808182838485868788898A8B8C8D8E8F\
        909192939495969798999A9B9C9D9E9FA0A1A2A3A4A5A6A7A8A9AAABACADAEAFB0B1B2B3B4B5B6B7B8B9BABBBCBDBEBF\
        C0C1C2C3C4C5C6C7C8C9CACBCCCDCECFD0D1D2D3D4D5D6D7D8D9DADBDCDDDEDFE0E1E2E3E4E5E6E7E8E9EAEBECEDEEEF\
        F0F1F2F3F4F5F6F7F8F9FAFBFCFDFEFF
        """
    }

    @inline(__always)
    package static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ 0x30 : nibble &+ 0x37
    }

    /// Appends `source` to `output`, escaping every byte that is not unreserved.
    @inline(__always)
    static func append(_ source: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer, spaceAsPlus: Bool) {
        let count = source.count
        var clean = appendUnreservedWords(source, to: &output, allowsDot: true)
        // The rest (all of a value shorter than 8 bytes) byte by byte, up to the first byte to escape.
        output.reserve(count &- clean)
        withByteClasses { classes in
            output.withCursor { cursor in
                while clean < count {
                    let byte = source[clean]
                    if classes[Int(byte)] == UInt8(ascii: "0") { break }
                    cursor.append(byte)
                    clean &+= 1
                }
            }
        }
        if clean == count { return }
        appendEscaping(UnsafeBufferPointer(rebasing: source[clean...]), to: &output, spaceAsPlus: spaceAsPlus)
    }

    private static func appendEscaping(
        _ source: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer, spaceAsPlus: Bool
    ) {
        // Worst case every byte becomes three; one reservation keeps the loop free of checks.
        output.reserve(source.count &* 3)
        // SAFETY: the literal has 512 ASCII characters (checked here in debug builds and by a test), one
        // byte each, so `2 * byte + 1` is within it for any byte; it is static data, valid for the whole
        // process.
        assert(Self.hexPairs.utf8CodeUnitCount == 512)
        let hexPairs = Self.hexPairs.utf8Start
        withByteClasses { classes in
            output.withCursor { cursor in
                for byte in source {
                    if classes[Int(byte)] != UInt8(ascii: "0") {
                        cursor.append(byte)
                    } else if byte == 0x20 && spaceAsPlus {
                        cursor.append(UInt8(ascii: "+"))
                    } else {
                        cursor.append(UInt8(ascii: "%"))
                        cursor.append(hexPairs + 2 &* Int(byte))
                    }
                }
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
