/// Percent-encoded URL text, produced and checked byte by byte.
///
/// `URLComponents` traps on invalid percent-encoded text and `URL(string:)` guesses at it, so every piece
/// of a built URL passes through here first: what leaves is valid RFC 3986 text whose meaning cannot shift
/// (no raw `#`, no `\`, no bare `%`, no spaces or controls).
enum URLText {
    /// Whether `byte` is unreserved: `A-Z a-z 0-9 - . _ ~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Whether `byte` may stay raw in a path: an RFC 3986 `pchar` (unreserved, sub-delims, `:`, `@`) or `/`.
    static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"):
            true
        default: isUnreserved(byte)
        }
    }

    /// Whether `byte` may stay raw in a query: a path byte or `?`.
    static func isQueryByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "?") || isPathByte(byte)
    }

    /// Appends `%XX` (uppercase hex) for `byte`.
    static func appendEscape(of byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigit(byte >> 4))
        output.append(hexDigit(byte & 0x0F))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble + UInt8(ascii: "0") : nibble - 10 + UInt8(ascii: "A")
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default: false
        }
    }

    /// Copies `text`, keeping the bytes `keepsRaw` accepts and every valid `%XX` escape as written, and
    /// escaping everything else once, a `%` that starts no escape included (it becomes `%25`).
    static func normalised(_ text: Substring, keepsRaw: (UInt8) -> Bool) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                output.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if byte != UInt8(ascii: "%") && keepsRaw(byte) {
                output.append(byte)
            } else {
                appendEscape(of: byte, to: &output)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes every byte of `text` that is not unreserved, so the result is always exactly one path
    /// segment (or one query value) whatever `text` holds.
    static func escapingAllButUnreserved(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                appendEscape(of: byte, to: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The first segment of a normalised path that is `.` or `..`, written raw or as `%2E`, or `nil`.
    ///
    /// Servers and proxies resolve dot segments (many after decoding `%2E`), so such a path would reach
    /// another resource than the one written.
    static func firstDotSegment(in path: String) -> Substring? {
        path.split(separator: "/", omittingEmptySubsequences: true).first(where: isDotSegment)
    }

    private static func isDotSegment(_ segment: Substring) -> Bool {
        var dots = 0
        var bytes = segment.utf8[...]
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
                && inside.allSatisfy { isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
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
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
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
        default: isUnreserved(byte)
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
