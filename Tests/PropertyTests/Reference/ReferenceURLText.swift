/// URL text as RFC 3986 and the invariants of a built request (Docs/Security.md) describe it, written without
/// the request builder's code:
/// which bytes may stay raw in a path and a query, the clean-up of fixed text (valid escapes kept,
/// everything else that may not stay raw escaped once), dot segments, and byte-level decoding.
enum ReferenceURLText {
    /// RFC 3986 `pchar` (unreserved, sub-delims, `:`, `@`) and `/`.
    static let pathBytes = ReferenceEscaping.unreserved.union("!$&'()*+,;=:@/".utf8)
    /// What may stay raw in a query: path bytes and `?`.
    static let queryBytes = pathBytes.union("?".utf8)

    /// `text` with every valid `%XX` kept as written, the bytes of `raw` kept, and everything else (a
    /// `%` that starts no escape included) written `%XX` in uppercase.
    static func cleaned(_ text: some Collection<UInt8>, keepingRaw raw: Set<UInt8>) -> [UInt8] {
        let bytes = Array(text)
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                output += bytes[index...(index + 2)]
                index += 3
                continue
            }
            if byte != UInt8(ascii: "%") && raw.contains(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
            index += 1
        }
        return output
    }

    /// Whether a path segment is `.` or `..`, written raw or as `%2E` in either case.
    static func isDotSegment(_ segment: some Collection<UInt8>) -> Bool {
        var bytes = Array(segment)[...]
        var dots = 0
        while !bytes.isEmpty {
            if bytes.first == UInt8(ascii: ".") {
                bytes = bytes.dropFirst()
            } else if bytes.starts(with: "%2E".utf8) || bytes.starts(with: "%2e".utf8) {
                bytes = bytes.dropFirst(3)
            } else {
                return false
            }
            dots += 1
        }
        return dots == 1 || dots == 2
    }

    /// The bytes `text` stands for, every valid `%XX` decoded (nothing else changed: `+` stays).
    static func decoded(_ text: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(text)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
