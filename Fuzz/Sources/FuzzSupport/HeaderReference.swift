import QueryRequest

/// An independent statement of the header rules, to compare the library with.
public enum HeaderReference {
    /// What is wrong with one header of a dictionary.
    public enum Refusal: CustomStringConvertible {
        case name(String)
        case value(String)
        case duplicate(Set<String>)
        case transport(String)

        /// Whether `error` is this refusal.
        public func matches(_ error: RequestBuildingError) -> Bool {
            switch (self, error) {
            case (.name(let name), .invalidHeaderName(let refused)): name == refused
            case (.value(let name), .invalidHeaderValue(let refused)): name == refused
            case (.duplicate(let names), .duplicateHeader(let refused)): Set(refused).isSubset(of: names)
            case (.transport(let name), .transportHeader(let refused)): name == refused
            default: false
            }
        }

        /// The refusal, for failure messages.
        public var description: String {
            switch self {
            case .name(let name): "name \(String(reflecting: name))"
            case .value(let name): "value of \(String(reflecting: name))"
            case .duplicate(let names): "duplicate \(names.sorted())"
            case .transport(let name): "transport header \(String(reflecting: name))"
            }
        }
    }

    /// Every refusal a dictionary of headers calls for.
    public static func refusals(_ headers: [String: String]) -> [Refusal] {
        var refusals: [Refusal] = []
        var spellings: [String: Set<String>] = [:]
        for (name, value) in headers {
            if !isToken(name) { refusals.append(.name(name)) }
            // RFC 9110 §5.5: no control but tab, no DEL.
            if value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
                refusals.append(.value(name))
            }
            let lowered = String(decoding: name.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
            if [
                "host", "content-length", "transfer-encoding", "connection", "keep-alive", "proxy-connection", "te",
                "upgrade",
            ].contains(lowered) {
                refusals.append(.transport(name))
            }
            spellings[name.lowercased(), default: []].insert(name)
        }
        for names in spellings.values where names.count > 1 { refusals.append(.duplicate(names)) }
        return refusals
    }

    /// RFC 9110 §5.6.2: `1*tchar`.
    static func isToken(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                    || "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
    }
}
