import Foundation

/// Base64 (RFC 4648 §4) and base64url (§5), read strictly: only the alphabet's characters, padding only
/// at the end and at most two `=`. (`Data(base64Encoded:)` alone reads `====` as a zero byte on Linux.)
enum Base64 {
    /// Base64url without padding.
    static func encodeURL(_ data: Data) -> String {
        var bytes = Array(data.base64EncodedString().utf8)
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes padded base64; `nil` for anything else.
    static func decode(_ text: String) -> Data? {
        guard let standard = normalized(text, urlSafe: false) else { return nil }
        return Data(base64Encoded: standard)
    }

    /// Decodes base64url, with or without padding; `nil` for anything else.
    static func decodeURL(_ text: String) -> Data? {
        guard let standard = normalized(text, urlSafe: true) else { return nil }
        return Data(base64Encoded: standard)
    }

    /// The text in the standard alphabet, padded, or `nil` when it is not valid.
    private static func normalized(_ text: String, urlSafe: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 3)
        var padding = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0 else { return nil }  // padding only at the end
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case UInt8(ascii: "+") where !urlSafe, UInt8(ascii: "/") where !urlSafe:
                bytes.append(byte)
            case UInt8(ascii: "-") where urlSafe:
                bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_") where urlSafe:
                bytes.append(UInt8(ascii: "/"))
            default:
                return nil
            }
        }
        let remainder = bytes.count % 4
        // One leftover character cannot hold a byte; padding must complete the last group exactly.
        guard remainder != 1, padding <= 2 else { return nil }
        if padding > 0 || !urlSafe {
            guard (bytes.count + padding) % 4 == 0, padding == (4 - remainder) % 4 else { return nil }
        }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
