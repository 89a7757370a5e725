/// Percent-encoding as RFC 3986 and the encoder's documentation define it, written separately from
/// the encoder's own code: a set of unreserved bytes and a table of hex digits.
enum ReferenceEscaping {
    /// RFC 3986 §2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Every byte that is not unreserved as `%XX` (uppercase), a space as `+` when `spaceAsPlus`.
    static func escape(_ bytes: [UInt8], spaceAsPlus: Bool) -> [UInt8] {
        var escaped: [UInt8] = []
        for byte in bytes {
            if unreserved.contains(byte) {
                escaped.append(byte)
            } else if spaceAsPlus && byte == UInt8(ascii: " ") {
                escaped.append(UInt8(ascii: "+"))
            } else {
                escaped += [UInt8(ascii: "%"), hexDigits[Int(byte / 16)], hexDigits[Int(byte % 16)]]
            }
        }
        return escaped
    }

    /// The bytes `escaped` stands for (`+` as a space when `plusAsSpace`), or `nil` when a `%` is not
    /// followed by two hex digits.
    static func unescape<Bytes: Collection<UInt8>>(_ escaped: Bytes, plusAsSpace: Bool) -> [UInt8]? {
        let bytes = Array(escaped)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                result.append(high * 16 + low)
                index += 3
            } else {
                result.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return result
    }

    /// Whether `bytes` matches `([A-Za-z0-9._~-]|%[0-9A-F]{2})*`, with the bytes of `extra` also
    /// allowed raw (the documented structural characters: `+` for spaces under `.plus`).
    static func isCanonical<Bytes: Collection<UInt8>>(_ component: Bytes, allowing extra: Set<UInt8> = []) -> Bool {
        let bytes = Array(component)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if unreserved.contains(byte) || extra.contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                hexDigits.contains(bytes[index + 1]), hexDigits.contains(bytes[index + 2])
            {
                index += 3
            } else {
                return false
            }
        }
        return true
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
