import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads a response body as text, in the charset its `Content-Type` names.
enum ResponseText {
    /// `body` as a `String`: in the `charset` parameter of `Content-Type` (RFC 9110 §8.3.2), UTF-8 when
    /// there is none. A UTF-8 byte order mark is dropped. Bytes that are not valid in the charset throw:
    /// text is never repaired silently.
    static func decode(_ body: Data, response: HTTPURLResponse) throws -> String {
        let charset = Self.charset(in: response.value(forHTTPHeaderField: "Content-Type")) ?? "utf-8"
        guard let encoding = encoding(named: charset) else { throw ResponseDecodingError.unsupportedCharset(charset) }
        if encoding == .utf8 {
            var bytes = body[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            // `String(validating:)` needs macOS 15; decoding and comparing the length is the same check.
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else { throw ResponseDecodingError.invalidText(charset: charset) }
            return text
        }
        guard let text = String(data: body, encoding: encoding) else {
            throw ResponseDecodingError.invalidText(charset: charset)
        }
        return text
    }

    /// The `charset` parameter of a media type, lowercased and unquoted, or `nil`.
    static func charset(in contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value.lowercased()
        }
        return nil
    }

    /// The encodings a server commonly names (WHATWG Encoding labels), or `nil`.
    private static func encoding(named charset: String) -> String.Encoding? {
        switch charset {
        case "utf-8", "utf8", "unicode-1-1-utf-8": .utf8
        case "us-ascii", "ascii": .ascii
        case "iso-8859-1", "latin1", "iso_8859-1", "l1": .isoLatin1
        case "windows-1252", "cp1252": .windowsCP1252
        case "utf-16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        default: nil
        }
    }
}
