import QueryCoding

/// Percent-encoded URL text, produced and checked byte by byte.
///
/// `URLComponents` traps on invalid percent-encoded text and `URL(string:)` guesses at it, so every piece
/// of a built URL passes through here first: what leaves is valid RFC 3986 text whose meaning cannot shift
/// (no raw `#`, no `\`, no bare `%`, no spaces or controls).
enum URLText {
    // The unreserved set, the hex digits and their values are QueryCoding's (`PercentEncoding`): one
    // definition of percent-encoding for both modules. What is added here is what a URL needs beyond a
    // query value: the raw bytes a path and a query keep, and valid escapes kept as written.

    /// What a path keeps raw: RFC 3986's `pchar` (unreserved, sub-delims, `:`, `@`) and `/`, that is
    /// `A-Z a-z 0-9 - . _ ~ ! $ & ' ( ) * + , ; = : @ /`.
    static let pathBytes = ASCIISet(low: 0x2FFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)
    /// What a query keeps raw: the path's bytes and `?`.
    static let queryBytes = ASCIISet(low: 0xAFFF_FFD2_0000_0000, high: 0x47FF_FFFE_87FF_FFFF)

    /// Whether `byte` may stay raw in a path: an RFC 3986 `pchar` (unreserved, sub-delims, `:`, `@`) or `/`.
    @inline(__always)
    static func isPathByte(_ byte: UInt8) -> Bool {
        pathBytes.contains(byte)
    }

    /// Whether `byte` may stay raw in a query: a path byte or `?`.
    @inline(__always)
    static func isQueryByte(_ byte: UInt8) -> Bool {
        queryBytes.contains(byte)
    }

    /// Appends `%XX` (uppercase hex) for `byte`.
    static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(PercentEncoding.hexDigit(byte >> 4))
        output.append(PercentEncoding.hexDigit(byte & 0x0F))
    }

    /// Which bytes a piece of URL text may keep raw.
    enum Part {
        case path, query
    }

    /// `text` with the bytes `part` allows raw and every valid `%XX` escape kept as written, and everything
    /// else escaped once, a `%` that starts no escape included (it becomes `%25`).
    static func normalised(_ text: Substring, as part: Part) -> String {
        String(unsafeUninitializedCapacity: Writer.normalisedCapacity(text)) { buffer in
            var writer = Writer(buffer)
            writer.appendNormalised(text, as: part)
            return writer.count
        }
    }

    /// Escapes every byte of `text` that is not unreserved, so the result is always exactly one path
    /// segment (or one query value) whatever `text` holds.
    static func escapingAllButUnreserved(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if PercentEncoding.isUnreserved(byte) {
                output.append(byte)
            } else {
                appendEscape(of: byte, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes URL text into the uninitialised storage of a new `String`
    /// (`String(unsafeUninitializedCapacity:initializingUTF8With:)`): one allocation for a whole URL, no
    /// intermediate arrays, every byte stored once.
    struct Writer {
        private let buffer: UnsafeMutableBufferPointer<UInt8>
        /// The number of bytes written, from the start of the buffer.
        private(set) var count = 0

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        /// The most bytes ``appendNormalised(_:as:)`` writes for `text`: three for each of its bytes.
        static func normalisedCapacity(_ text: Substring) -> Int {
            text.utf8.count * 3
        }

        /// The bytes written so far, from `start`.
        func written(from start: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: buffer[start..<count])
        }

        /// Appends `text` as it is.
        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                // SAFETY: the bounds are checked once here; `count + bytes.count` fits, so does each store.
                precondition(bytes.count <= buffer.count &- count, "URL text overflows its buffer")
                guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
                (target + count).update(from: source, count: bytes.count)
                count &+= bytes.count
            }
        }

        /// Appends one ASCII byte.
        mutating func append(_ byte: UInt8) {
            precondition(count < buffer.count, "URL text overflows its buffer")
            buffer[count] = byte
            count &+= 1
        }

        /// Appends `text` normalised as ``URLText/normalised(_:as:)`` describes.
        mutating func appendNormalised(_ text: Substring, as part: Part) {
            // `withUTF8` is specialised here (and makes the text contiguous first if it is not, as a bridged
            // string may be); the generic `withContiguousStorageIfAvailable` of a substring is not.
            var text = text
            text.withUTF8 { appendNormalised($0, as: part) }
        }

        /// Appends `bytes` normalised as ``URLText/normalised(_:as:)`` describes.
        mutating func appendNormalised(_ bytes: UnsafeBufferPointer<UInt8>, as part: Part) {
            // SAFETY: each input byte writes at most three, so checking room for three per byte once makes
            // every store below in bounds (the eight-byte copy writes eight for eight).
            precondition(bytes.count <= (buffer.count &- count) / 3, "URL text overflows its buffer")
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
            // The one difference between the parts: the class bit that says "not raw here".
            let notRaw = part == .path ? ByteClass.notRawInPath : ByteClass.notRawInQuery
            let end = bytes.count
            var output = count
            var index = 0
            ByteClass.table.withUnsafeBufferPointer { table in
                // SAFETY: the table has 256 entries, so any byte indexes it.
                precondition(table.count == 256)
                let classes = table.baseAddress.unsafelyUnwrapped
                while index < end {
                    var stop = end
                    if end &- index >= 8 {
                        // Most URL text is raw: eight bytes are tested together and copied in one store.
                        let chunk = source + index
                        let any =
                            classes[Int(chunk[0])] | classes[Int(chunk[1])] | classes[Int(chunk[2])]
                            | classes[Int(chunk[3])] | classes[Int(chunk[4])] | classes[Int(chunk[5])]
                            | classes[Int(chunk[6])] | classes[Int(chunk[7])]
                        if any & notRaw == 0 {
                            UnsafeMutableRawPointer(target + output).storeBytes(
                                of: UnsafeRawPointer(chunk).loadUnaligned(as: UInt64.self), as: UInt64.self)
                            output &+= 8
                            index &+= 8
                            continue
                        }
                        // Byte by byte up to the end of this chunk (an escape may reach past it).
                        stop = index &+ 8
                    }
                    while index < stop {
                        let byte = source[index]
                        // `%` is never raw in either part, so a raw byte needs no look-ahead.
                        if classes[Int(byte)] & notRaw == 0 {
                            target[output] = byte
                            output &+= 1
                            index &+= 1
                        } else if byte == UInt8(ascii: "%"), index &+ 2 < end,
                            classes[Int(source[index &+ 1])] & classes[Int(source[index &+ 2])] & ByteClass.hexDigit
                                != 0
                        {
                            target[output] = byte
                            target[output &+ 1] = source[index &+ 1]
                            target[output &+ 2] = source[index &+ 2]
                            output &+= 3
                            index &+= 3
                        } else {
                            target[output] = UInt8(ascii: "%")
                            target[output &+ 1] = PercentEncoding.hexDigit(byte >> 4)
                            target[output &+ 2] = PercentEncoding.hexDigit(byte & 0x0F)
                            output &+= 3
                            index &+= 1
                        }
                    }
                }
            }
            count = output
        }
    }

    /// What the writer needs to know of each byte, looked up in one table instead of tested bit by bit.
    private enum ByteClass {
        /// Set when the byte may not stay raw in a path (``URLText/isPathByte(_:)`` is false).
        static let notRawInPath: UInt8 = 1
        /// Set when the byte may not stay raw in a query (``URLText/isQueryByte(_:)`` is false).
        static let notRawInQuery: UInt8 = 2
        /// Set for an ASCII hex digit (`PercentEncoding.hexValue` is not `nil`).
        static let hexDigit: UInt8 = 4

        /// The classes of the 256 byte values, derived from the predicates above, so that the masks and
        /// QueryCoding's hex digits stay the one definition.
        static let table: [UInt8] = (0...255).map { (value: Int) -> UInt8 in
            let byte = UInt8(value)
            var classes: UInt8 = 0
            if !isPathByte(byte) { classes |= notRawInPath }
            if !isQueryByte(byte) { classes |= notRawInQuery }
            if PercentEncoding.hexValue(byte) != nil { classes |= hexDigit }
            return classes
        }
    }

    /// The first segment of a normalised path that is `.` or `..`, written raw or as `%2E`, or `nil`.
    ///
    /// Servers and proxies resolve dot segments (many after decoding `%2E`), so such a path would reach
    /// another resource than the one written.
    static func firstDotSegment(in path: String) -> Substring? {
        var path = path
        return path.withUTF8 { bytes in
            firstDotSegment(in: bytes).map { String(decoding: bytes[$0], as: UTF8.self)[...] }
        }
    }

    /// The positions of the first `.` or `..` segment of the normalised path `bytes`, or `nil`: read byte by
    /// byte, without splitting, since every request's path is checked.
    static func firstDotSegment(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end &+= 1 }
            if start < end, isDotSegment(bytes[start..<end]) { return start..<end }
            start = end &+ 1
        }
        return nil
    }

    private static func isDotSegment(_ segment: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var dots = 0
        var bytes = segment
        while let byte = bytes.first {
            if byte == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
            } else if byte == UInt8(ascii: "%"), bytes.count >= 3,
                bytes.dropFirst().first == UInt8(ascii: "2"),
                bytes.dropFirst(2).first.map({ $0 | 0x20 }) == UInt8(ascii: "e")
            {
                bytes = bytes.dropFirst(3)
            } else {
                return false
            }
            dots += 1
            if dots > 2 { return false }
        }
        return dots == 1 || dots == 2
    }

    // MARK: Host names

    /// Why `host` (percent-encoded, as `URLComponents.percentEncodedHost` gives it) cannot name a server,
    /// as the end of a sentence, or `nil` when it can.
    ///
    /// A host name percent-decodes to UTF-8 text of unreserved characters, sub-delimiters (RFC 3986
    /// `reg-name`) and non-ASCII characters; an IPv6 literal is `[` hex digits, `:` and `.` `]`. Anything
    /// else (an escape that is not UTF-8, a decoded `/`, `@`, `%`, space or control) is refused: Foundation
    /// writes such a host back unpredictably, and a lost authority lets the path name another host.
    static func hostNameProblem(_ host: String) -> String? {
        let bytes = Array(host.utf8)
        if bytes.first == UInt8(ascii: "[") {
            let inside = bytes.dropFirst().dropLast()
            let isLiteral =
                bytes.count > 2 && bytes.last == UInt8(ascii: "]")
                && inside.allSatisfy {
                    PercentEncoding.hexValue($0) != nil || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
                }
            return isLiteral ? nil : "is not an IPv6 literal of hex digits, \":\" and \".\""
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "%") else {
                decoded.append(bytes[index])
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = PercentEncoding.hexValue(bytes[index + 1]),
                let low = PercentEncoding.hexValue(bytes[index + 2])
            else { return "holds a \"%\" that starts no escape" }
            decoded.append(high << 4 | low)
            index += 3
        }
        // Invalid UTF-8 decodes with replacement characters, so it does not read back byte for byte.
        guard String(decoding: decoded, as: UTF8.self).utf8.elementsEqual(decoded) else {
            return "holds a percent-escape that is not UTF-8"
        }
        if let byte = decoded.first(where: { $0 < 0x80 && !isHostByte($0) }) {
            let shown = (0x21..<0x7F).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte \(byte)"
            return "holds \(shown), which cannot be part of a host name"
        }
        return nil
    }

    /// Whether the ASCII `byte` may be part of a decoded host name: unreserved or a sub-delimiter.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default: PercentEncoding.isUnreserved(byte)
        }
    }
}
