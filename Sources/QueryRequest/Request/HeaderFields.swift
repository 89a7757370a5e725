import QueryCoding

/// Header fields checked against RFC 9110 and merged case-insensitively.
///
/// `URLRequest.setValue(_:forHTTPHeaderField:)` silently drops a value with CR, LF or NUL and accepts a
/// name that is no token, so both are checked here first (``HTTPGrammar``) and refused with a typed error. So are the
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
        guard HTTPGrammar.isFieldValue(value) else { throw RequestBuildingError.invalidHeaderValue(name: name) }
        fields[name.lowercased()] = (name, value)
    }

    /// The headers of `dictionary` in name order (so that the first problem reported does not depend on
    /// hashing), each checked; two spellings of one name are refused.
    private static func validated(_ dictionary: [String: String]) throws -> [(String, String)] {
        let sorted = dictionary.sorted { $0.key < $1.key }
        var seen: [String: String] = [:]
        for (name, value) in sorted {
            guard HTTPGrammar.isToken(name) else { throw RequestBuildingError.invalidHeaderName(name) }
            guard HTTPGrammar.isFieldValue(value) else { throw RequestBuildingError.invalidHeaderValue(name: name) }
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
}
