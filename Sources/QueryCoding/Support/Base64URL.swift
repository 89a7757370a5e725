import Foundation

/// Base64url (RFC 4648 §5): `-` and `_` in place of `+` and `/`, without padding.
enum Base64URL {
    static func encode(_ data: Data) -> String {
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

    /// Decodes base64url with or without padding; `nil` for any other character.
    static func decode(_ text: String) -> Data? {
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
            case UInt8(ascii: "-"): bytes.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): bytes.append(UInt8(ascii: "/"))
            case UInt8(ascii: "+"), UInt8(ascii: "/"): return nil
            default: bytes.append(byte)
            }
        }
        guard padding <= 2 else { return nil }
        while bytes.count % 4 != 0 { bytes.append(UInt8(ascii: "=")) }
        return Data(base64Encoded: Data(bytes))
    }
}
