import QueryCoding

/// Header fields checked against RFC 9110 and merged case-insensitively.
///
/// `URLRequest.setValue(_:forHTTPHeaderField:)` silently drops a value with CR, LF or NUL and accepts a
/// name that is no token, so both are checked here first and refused with a typed error. So are the
/// framing and hop-by-hop headers, which belong to the transport.
struct HeaderFields {
    /// The fields keyed by lowercased name; the value keeps the name as it was spelled.
    private(set) var fields: [String: (name: String, value: String)] = [:]

    /// `settingHeaders` overlaid with `requestHeaders`: on a name given in both (compared without case),
    /// the request's field wins.
    init(settingHeaders: [String: String], requestHeaders: [String: String]) throws {
        if settingHeaders.isEmpty && requestHeaders.isEmpty { return }
        for (name, value) in try Self.validated(settingHeaders) {
            fields[name.lowercased()] = (name, value)
        }
        for (name, value) in try Self.validated(requestHeaders) {
            fields[name.lowercased()] = (name, value)
        }
    }

    /// Adds `name: value` unless a field of that name is already present.
    mutating func addIfAbsent(name: String, value: String) throws {
        guard fields[name.lowercased()] == nil else { return }
        guard Self.isValidValue(value) else { throw RequestBuildingError.invalidHeaderValue(name: name) }
        fields[name.lowercased()] = (name, value)
    }

    /// The headers of `dictionary` in name order (so that the first problem reported does not depend on
    /// hashing), each checked; two spellings of one name are refused.
    private static func validated(_ dictionary: [String: String]) throws -> [(String, String)] {
        let sorted = dictionary.sorted { $0.key < $1.key }
        var seen: [String: String] = [:]
        for (name, value) in sorted {
            guard isToken(name) else { throw RequestBuildingError.invalidHeaderName(name) }
            guard isValidValue(value) else { throw RequestBuildingError.invalidHeaderValue(name: name) }
            guard !transportHeaderNames.contains(name.lowercased()) else {
                throw RequestBuildingError.transportHeader(name: name)
            }
            if let other = seen.updateValue(name, forKey: name.lowercased()) {
                throw RequestBuildingError.duplicateHeader(names: [other, name])
            }
        }
        return sorted.map { ($0.key, $0.value) }
    }

    /// The headers the transport writes from the URL, the body and the connection (lowercased): `Host`
    /// (RFC 9110 §7.2), the framing headers `Content-Length` and `Transfer-Encoding` (RFC 9112 §6), and the
    /// hop-by-hop ones (RFC 9110 §7.6.1). Set by hand they are silently replaced by URLSession or, worse,
    /// sent beside its own: a second `Host` or a `Content-Length` that disagrees with the body is how
    /// requests are smuggled past a proxy.
    static let transportHeaderNames: Set<String> = [
        "host", "content-length", "transfer-encoding", "connection", "keep-alive", "proxy-connection", "te",
        "upgrade",
    ]

    /// Whether `text` is a non-empty RFC 9110 token: `1*tchar`, where tchar is a letter, a digit or one of
    /// `!#$%&'*+-.^_|~` or the backtick. Used for header names and methods.
    static func isToken(_ text: String) -> Bool {
        // Every request's method is checked: bytes are tested against two 64-bit masks made from `isTokenByte`.
        var text = text
        return text.withUTF8 { bytes in
            let (low, high) = tokenMasks
            return !bytes.isEmpty
                && bytes.allSatisfy { byte in
                    byte < 128 && ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
                }
        }
    }

    /// Bit `b` of the first mask (`b - 64` of the second) is set when ASCII byte `b` is a tchar.
    private static let tokenMasks: (UInt64, UInt64) = (0..<128).reduce((0, 0)) { masks, value in
        guard isTokenByte(UInt8(value)) else { return masks }
        return value < 64 ? (masks.0 | 1 << UInt64(value), masks.1) : (masks.0, masks.1 | 1 << UInt64(value - 64))
    }

    /// Whether `byte` is an RFC 9110 tchar.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: PercentEncoding.isUnreserved(byte)  // letters, digits, and "-._~" which are tchars too
        }
    }

    /// Whether `value` holds none of CR, LF and NUL (RFC 9110 §5.5 calls them invalid and dangerous).
    static func isValidValue(_ value: String) -> Bool {
        !value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }
    }
}
