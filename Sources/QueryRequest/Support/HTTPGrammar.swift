import QueryCoding

/// The rules of RFC 9110's grammar that the library checks what it sends against, and reads headers by:
/// one home for each, used by every caller (header names and methods, header values, credentials, `Link`
/// headers, multipart part headers).
///
/// - A token (§5.6.2, header names and methods) is one or more `tchar`: letters, digits,
///   `!#$%&'*+-.^_|~` and the backtick.
/// - A field value (§5.5) holds no control: no byte 0x00–0x1F except tab, and no DEL (0x7F).
/// - A `quoted-string` (§5.6.4) is `"…"`, in which `\` escapes the next byte.
///
/// A field value is refused for any control, not only for CR, LF and NUL (which `URLRequest` would drop
/// the header for): RFC 9110 forbids a sender to write them, and a server may reject or cut the message.
enum HTTPGrammar {
    /// RFC 9110 `tchar`: letters, digits, `!#$%&'*+-.^_|~` and the backtick.
    static let tokenBytes = ASCIISet(low: 0x03FF_6CFA_0000_0000, high: 0x57FF_FFFF_C7FF_FFFE)
    /// What a field value may not hold: the controls (`CTL`) but tab.
    static let notInFieldValue = ASCIISet(low: 0x0000_0000_FFFF_FDFF, high: 0x8000_0000_0000_0000)

    /// Whether `text` is a non-empty token, `1*tchar`: a header name or a method.
    static func isToken(_ text: String) -> Bool {
        // Every request's method is checked: one mask test per byte, over the string's own storage.
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return false }
            for byte in bytes where !tokenBytes.contains(byte) { return false }
            return true
        }
    }

    /// Whether `text` may be sent as a field value: it holds no control but tab.
    static func isFieldValue(_ text: String) -> Bool {
        !text.utf8.contains { notInFieldValue.contains($0) }
    }

    /// What ``readQuotedString(_:at:)`` found.
    enum QuotedString {
        /// The text between the quotes, its escapes removed, and the position after the closing quote.
        case text([UInt8], end: Int)
        /// The bytes ended right after a `\`.
        case endsInEscape
        /// The bytes ended before the closing quote.
        case unclosed
    }

    /// Reads the quoted-string that starts at `start` (which holds `"`) in `bytes`.
    static func readQuotedString(_ bytes: [UInt8], at start: Int) -> QuotedString {
        var position = start + 1
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return .text(text, end: position)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return .endsInEscape }
                text.append(bytes[position])
                position += 1
            default:
                text.append(byte)
            }
        }
        return .unclosed
    }
}
