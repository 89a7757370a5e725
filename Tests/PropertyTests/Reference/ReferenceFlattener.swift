import QueryCoding

/// Why the reference predicts that encoding throws.
struct ReferenceError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// The query the encoder must produce for a case, as the reference predicts it.
struct ReferenceQuery {
    /// A pair's value: one text, or the elements of a comma-separated list.
    enum Value: Equatable {
        case single([UInt8])
        case list([[UInt8]])

        /// The value as a parser sees it: list elements joined by commas.
        var joined: [UInt8] {
            switch self {
            case .single(let text): text
            case .list(let elements): Array(elements.joined(separator: [UInt8(ascii: ",")]))
            }
        }
    }

    /// One `name=value` pair, unescaped.
    struct Pair {
        let name: [UInt8]
        let value: Value
    }

    /// The pairs in output order.
    let pairs: [Pair]
    let setup: EncodingSetup

    /// The percent-encoded query `encodeToString` must return.
    var string: String {
        let plus = setup.spaces == .plus
        let parts = pairs.map { pair -> [UInt8] in
            var part = ReferenceEscaping.escape(pair.name, spaceAsPlus: plus) + [UInt8(ascii: "=")]
            switch pair.value {
            case .single(let text): part += ReferenceEscaping.escape(text, spaceAsPlus: plus)
            case .list(let elements):
                part += Array(
                    elements.map { ReferenceEscaping.escape($0, spaceAsPlus: plus) }.joined(separator: [
                        UInt8(ascii: ",")
                    ]))
            }
            return part
        }
        return String(decoding: Array(parts.joined(separator: [UInt8(ascii: "&")])), as: UTF8.self)
    }

    /// The pairs a parser reads back from ``string``: names and values unescaped, lists joined.
    var parsedPairs: [(name: [UInt8], value: [UInt8])] {
        pairs.map { ($0.name, $0.value.joined) }
    }

    /// The items `encode` must return, or `nil` when an element of a comma-separated list holds a
    /// comma, which items cannot tell from a separator (`encode` must throw then).
    var items: [(name: [UInt8], value: [UInt8])]? {
        for pair in pairs {
            if case .list(let elements) = pair.value, elements.contains(where: { $0.contains(UInt8(ascii: ",")) }) {
                return nil
            }
        }
        return parsedPairs
    }
}

/// An independent model of the encoder's documented rules: a value tree becomes a list of
/// `(name, value)` pairs, which ``ReferenceQuery`` escapes and joins.
///
/// It reads the tree, not the encoder's containers, and ignores every route: a struct is its fields
/// in order, a dictionary its entries sorted by key bytes, an array its elements as the array
/// strategy says, a wrapper its content.
enum ReferenceFlattener {
    static func flatten(_ root: QueryNode, setup: EncodingSetup) -> Result<ReferenceQuery, ReferenceError> {
        var flattening = Flattening(setup: setup)
        do {
            try flattening.flatten(root, at: .root)
            try flattening.checkContainers()
        } catch {
            return .failure(error)
        }
        var pairs = flattening.pairs
        if setup.sortedKeys {
            // Sorted by name bytes; equal names keep their written order.
            pairs = pairs.enumerated()
                .sorted { left, right in
                    left.element.name == right.element.name
                        ? left.offset < right.offset : left.element.name.lexicographicallyPrecedes(right.element.name)
                }
                .map(\.element)
        }
        return .success(ReferenceQuery(pairs: pairs, setup: setup))
    }
}

/// The walk over one tree.
private struct Flattening {
    /// Where a value sits.
    enum Place {
        /// The top level: only keyed values (or nil) can be written here.
        case root
        /// A struct field or dictionary entry named `name`: anything goes; nil follows the strategy.
        case named([UInt8])
        /// `name[i]` of an indexed array: anything goes, but nil cannot be left out.
        case indexed([UInt8])
    }

    let setup: EncodingSetup
    var pairs: [ReferenceQuery.Pair] = []
    /// For each name, how many keyed and unkeyed containers (structs and dictionaries; arrays and sets)
    /// wrote at least one pair under it.
    var writingContainers: [[UInt8]: (keyed: Int, unkeyed: Int)] = [:]

    init(setup: EncodingSetup) {
        self.setup = setup
    }

    /// Issue 14: under one name, containers that both write must be keyed: two arrays, or an array and a
    /// struct, would write names that contradict each other, under every strategy.
    func checkContainers() throws(ReferenceError) {
        for counts in writingContainers.values where counts.unkeyed >= 2 || (counts.unkeyed >= 1 && counts.keyed >= 1) {
            _ = counts
            throw ReferenceError("contradicting containers under one name")
        }
    }

    /// Notes the container that `node` is, written at `place`, if it wrote pairs since `pairsBefore`.
    private mutating func noteContainer(_ node: QueryNode, at place: Place, pairsBefore: Int) {
        guard let name = place.name, pairs.count > pairsBefore else { return }
        switch node {
        case .record, .dictionary, .intKeyedDictionary: writingContainers[name, default: (0, 0)].keyed += 1
        case .list, .stringSet, .intSet: writingContainers[name, default: (0, 0)].unkeyed += 1
        default: break
        }
    }

    mutating func flatten(_ node: QueryNode, at place: Place) throws(ReferenceError) {
        let pairsBefore = pairs.count
        defer { noteContainer(node, at: place, pairsBefore: pairsBefore) }
        switch node {
        case .wrapped(let inner):
            try flatten(inner, at: place)
        case .null:
            guard let name = place.name else { return }  // a top-level nil is an empty query
            if let text = try nilText(mayOmit: place.mayOmitNil) { add(name, .single(text)) }
        case .record(_, let fields):
            try flattenKeyed(
                fields.map { (ReferenceScalars.convertedKey($0.key, setup: setup), $0.value, isDataKey: false) },
                at: place)
        case .dictionary(let entries):
            try flattenKeyed(sortedByKeyBytes(entries.map { ($0.key, $0.value) }), at: place)
        case .intKeyedDictionary(let entries):
            try flattenKeyed(sortedByKeyBytes(entries.map { (String($0.key), $0.value) }), at: place)
        case .list(_, let elements):
            try flattenList(elements, at: place)
        case .stringSet(let elements):
            try flattenList(
                elements.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map(QueryNode.string), at: place)
        case .intSet(let elements):
            let sorted = elements.sorted { String($0).utf8.lexicographicallyPrecedes(String($1).utf8) }
            try flattenList(sorted.map(QueryNode.int), at: place)
        default:
            guard let name = place.name else { throw ReferenceError("a top-level scalar has no name") }
            add(name, .single(try ReferenceScalars.text(of: node, setup: setup)))
        }
    }

    private func sortedByKeyBytes(_ entries: [(String, QueryNode)]) -> [(String, QueryNode, isDataKey: Bool)] {
        entries.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }.map { ($0.0, $0.1, isDataKey: true) }
    }

    /// Struct fields and dictionary entries: each key joined to the parent's name.
    private mutating func flattenKeyed(
        _ entries: [(key: String, value: QueryNode, isDataKey: Bool)], at place: Place
    ) throws(ReferenceError) {
        for (key, value, isDataKey) in entries {
            // Every key is examined, also that of a field whose nil is omitted: whether a key throws does
            // not depend on its value.
            try checkKey(key)
            if !isDataKey, case .null = value, setup.nils == .omit { continue }
            let name: [UInt8]
            switch (place.name, setup.nesting) {
            case (nil, _): name = Array(key.utf8)
            case (let parent?, .dots): name = parent + Array(".".utf8) + Array(key.utf8)
            case (let parent?, .brackets): name = parent + Array("[".utf8) + Array(key.utf8) + Array("]".utf8)
            case (_?, .unexploded):
                // Not among the structural combinations; `StyleRoundTripProperties` covers it.
                throw ReferenceError("unexploded objects are not modelled by the reference")
            }
            try flatten(value, at: .named(name))
        }
    }

    /// A key that the query's nesting syntax would read back as something else throws. (Bytes, not
    /// characters: `"[\u{300}"` is one `Character` that is not `"["`, but it starts with a bracket.)
    private func checkKey(_ key: String) throws(ReferenceError) {
        let bytes = Array(key.utf8)
        if bytes.isEmpty { throw ReferenceError("an empty key") }
        if setup.nesting == .dots && bytes.contains(UInt8(ascii: ".")) {
            throw ReferenceError("a key with a dot under .dots")
        }
        let bracketsAreSyntax =
            setup.nesting == .brackets || setup.array == .brackets || setup.array == .indexedBrackets
        if bracketsAreSyntax && (bytes.contains(UInt8(ascii: "[")) || bytes.contains(UInt8(ascii: "]"))) {
            throw ReferenceError("a key with a bracket under a bracket strategy")
        }
    }

    /// Array elements, as the array strategy says; only `.indexedBrackets` can name non-scalars, and
    /// each of its elements must write at least one pair.
    private mutating func flattenList(_ elements: [QueryNode], at place: Place) throws(ReferenceError) {
        guard let name = place.name else { throw ReferenceError("a top-level array has no name") }
        switch setup.array {
        case .commaSeparated:
            let texts = try elements.map { element throws(ReferenceError) in try elementText(element) }
            if !texts.isEmpty { add(name, .list(texts)) }
        case .pipeDelimited, .spaceDelimited, .delimited:
            // Not among the structural combinations; `StyleRoundTripProperties` covers them.
            throw ReferenceError("delimited arrays other than commas are not modelled by the reference")
        case .repeatedKeys:
            for element in elements { add(name, .single(try elementText(element))) }
        case .brackets:
            for element in elements { add(name + Array("[]".utf8), .single(try elementText(element))) }
        case .indexedBrackets:
            for (index, element) in elements.enumerated() {
                let pairsBefore = pairs.count
                try flatten(element, at: .indexed(name + Array("[\(index)]".utf8)))
                // An element that writes nothing (an empty struct or array) would lose its index.
                if pairs.count == pairsBefore { throw ReferenceError("an indexed element that writes nothing") }
            }
        }
    }

    /// The text of an element written as a pair or list item of its own: a scalar, or nil when the
    /// strategy writes something for it.
    private func elementText(_ element: QueryNode) throws(ReferenceError) -> [UInt8] {
        switch element {
        case .wrapped(let inner): return try elementText(inner)
        case .null:
            guard let text = try nilText(mayOmit: false) else { throw ReferenceError("unreachable") }
            return text
        case .list, .record, .dictionary, .intKeyedDictionary, .stringSet, .intSet:
            throw ReferenceError("a non-scalar element of a .\(setup.array) array")
        default:
            return try ReferenceScalars.text(of: element, setup: setup)
        }
    }

    /// What nil writes: nothing (`nil`), an empty value or `null`; an omitted nil where omitting it
    /// would shift other values throws.
    private func nilText(mayOmit: Bool) throws(ReferenceError) -> [UInt8]? {
        switch setup.nils {
        case .omit:
            guard mayOmit else { throw ReferenceError("a nil array element under .omit") }
            return nil
        case .emptyValue: return []
        case .null: return Array("null".utf8)
        }
    }

    private mutating func add(_ name: [UInt8], _ value: ReferenceQuery.Value) {
        pairs.append(ReferenceQuery.Pair(name: name, value: value))
    }
}

extension Flattening.Place {
    fileprivate var name: [UInt8]? {
        switch self {
        case .root: nil
        case .named(let name), .indexed(let name): name
        }
    }

    fileprivate var mayOmitNil: Bool {
        switch self {
        case .root, .named: true
        case .indexed: false
        }
    }
}
