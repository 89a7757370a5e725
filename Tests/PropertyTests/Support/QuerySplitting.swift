/// A percent-encoded query split the way every form parser splits it: pairs on `&`, name and value on
/// the first `=`.
struct SplitQuery {
    /// One `name=value` part, still escaped.
    struct Part {
        let name: ArraySlice<UInt8>
        let value: ArraySlice<UInt8>
    }

    let parts: [Part]

    /// Splits `query`; `nil` when a part has no `=` (the encoder always writes one).
    init?(_ query: String) {
        let bytes = Array(query.utf8)
        var parts: [Part] = []
        if !bytes.isEmpty {
            for part in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
                guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else { return nil }
                parts.append(Part(name: part[..<equals], value: part[(equals + 1)...]))
            }
        }
        self.parts = parts
    }

    /// The names and values unescaped (`+` as a space when `plusAsSpace`), or `nil` when one holds a
    /// malformed escape.
    func unescaped(plusAsSpace: Bool) -> [(name: [UInt8], value: [UInt8])]? {
        var pairs: [(name: [UInt8], value: [UInt8])] = []
        for part in parts {
            guard let name = ReferenceEscaping.unescape(part.name, plusAsSpace: plusAsSpace),
                let value = ReferenceEscaping.unescape(part.value, plusAsSpace: plusAsSpace)
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }
}

/// Whether two lists of byte pairs are equal.
func samePairs(_ left: [(name: [UInt8], value: [UInt8])], _ right: [(name: [UInt8], value: [UInt8])]) -> Bool {
    left.elementsEqual(right) { $0.name == $1.name && $0.value == $1.value }
}

/// `pairs` stably sorted by the bytes of their names.
func stablySortedByName(_ pairs: [(name: [UInt8], value: [UInt8])]) -> [(name: [UInt8], value: [UInt8])] {
    pairs.enumerated()
        .sorted { left, right in
            left.element.name == right.element.name
                ? left.offset < right.offset : left.element.name.lexicographicallyPrecedes(right.element.name)
        }
        .map(\.element)
}
