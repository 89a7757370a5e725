import Foundation

/// The directives of a `Cache-Control` field (RFC 9111 §5.2): names lowercased, each with its argument (a token
/// or a quoted-string, unquoted), the first occurrence of a name winning.
struct CacheControl: Sendable {
    private var directives: [String: String] = [:]

    /// The directives of `field`; an absent field has none.
    init(_ field: String?) {
        guard let field else { return }
        let bytes = Array(field.utf8)
        var position = 0
        while position < bytes.count {
            // One directive: name [ "=" ( token / quoted-string ) ], up to the next comma.
            while position < bytes.count,
                bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")
                    || bytes[position] == UInt8(ascii: ",")
            {
                position += 1
            }
            let nameStart = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "="), bytes[position] != UInt8(ascii: ",") {
                position += 1
            }
            let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces).lowercased()
            var argument = ""
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                    switch HTTPGrammar.readQuotedString(bytes, at: position) {
                    case .text(let text, let end):
                        argument = String(decoding: text, as: UTF8.self)
                        position = end
                    case .endsInEscape, .unclosed:
                        position = bytes.count
                    }
                }
                let argumentStart = position
                while position < bytes.count, bytes[position] != UInt8(ascii: ",") { position += 1 }
                if argument.isEmpty {
                    argument = String(decoding: bytes[argumentStart..<position], as: UTF8.self)
                        .trimmingCharacters(in: .whitespaces)
                }
            }
            if !name.isEmpty, directives[name] == nil { directives[name] = argument }
        }
    }

    /// Whether the directive `name` (lowercase) is present, with or without an argument.
    func has(_ name: String) -> Bool { directives[name] != nil }

    /// The delta-seconds argument of the directive `name` (lowercase): `nil` when absent, 0 when its argument is
    /// not a number (RFC 9111 §4.2.1: an invalid freshness means stale), at most 2³¹ (§1.2.2).
    func seconds(_ name: String) -> Int? {
        guard let argument = directives[name] else { return nil }
        return Self.deltaSeconds(argument) ?? 0
    }

    /// `text` as delta-seconds (one or more digits), capped at 2³¹; `nil` when it is not.
    static func deltaSeconds(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text.prefix(11)).map { min($0, 2_147_483_648) } ?? 2_147_483_648
    }
}
