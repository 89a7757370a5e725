import Foundation

/// Everything one `decode` call reads: the parsed pairs, their values and the tree of names.
final class ParsedQuery {
    /// A value's text: a range of the query's bytes still percent-encoded, or text already decoded
    /// (from query items).
    enum Text {
        case encoded(Range<Int>)
        case plain(String)
    }

    struct Value {
        let text: Text
        /// The node the value's pair names, for messages.
        let node: Int
    }

    let options: DecodingOptions
    // The strategies a field's own style can change, copied out of the options: they change only while
    // such a field is read (see `QueryKeyedDecodingContainer.decodeStyled`), and are restored after it.
    @exclusivity(unchecked) var arrayDecoding: QueryArrayStyle
    @exclusivity(unchecked) var nestedKeyDecoding: QueryDecoder.NestedKeyDecodingStrategy
    @exclusivity(unchecked) var dateDecoding: QueryDecoder.DateDecodingStrategy
    /// How many values and nodes parsing made: the ones after them were made while decoding.
    private(set) var parsedValueCount = 0
    private(set) var parsedNodeCount = 0
    /// Whether the field being read was found by reading names both ways (`restyledChild`).
    @exclusivity(unchecked) var isRestyled = false
    /// The names of the parsed nodes as tokens both ways of nesting split (`restyledChild`), made on
    /// first use.
    @exclusivity(unchecked) var tokenPaths: [[String]]? = nil
    /// The query's UTF-8 bytes (empty when decoding items).
    let source: [UInt8]
    // The stores below belong to this one call and are never accessed overlappingly, so they skip the
    // runtime exclusivity checks, which would otherwise cost more than the work itself.

    /// How many pairs the query has.
    private(set) var pairCount = 0
    /// Whether some name has an empty segment or is a malformed literal: a key the encoder could not
    /// write. Only then do keyed lookups check the name, so well-formed queries pay nothing.
    private(set) var hasUnwritableKeys = false
    /// Pair values, then list elements as arrays split them.
    @exclusivity(unchecked) var values: [Value] = []
    /// The root (0) and an empty node (1), then every named node.
    @exclusivity(unchecked) private(set) var nodes: [QueryTreeNode] = [
        QueryTreeNode(segment: "", parent: -1), QueryTreeNode(segment: "", parent: -1),
    ]
    /// Children by name, for the nodes with many: looking a name up in a short list is cheaper than
    /// hashing it, but a long list would make wide queries quadratic.
    @exclusivity(unchecked) private var childIndexes: [Int: [ExactName: Int]] = [:]
    private let segmentation: NameSegmentation
    /// Which name syntax nested when the query was parsed.
    var parsedSyntax: NestingSyntax {
        NestingSyntax(dotsNest: segmentation.dotsNest, bracketsNest: segmentation.bracketsNest)
    }
    /// Reused for percent-decoding. Code that reads it must not call back into the query.
    @exclusivity(unchecked) var scratchBuffer: [UInt8] = []

    // MARK: Parsing

    init(query: String, options: DecodingOptions) throws {
        self.options = options
        self.arrayDecoding = options.arrayDecoding
        self.nestedKeyDecoding = options.nestedKeyDecoding
        self.dateDecoding = options.dateDecoding
        self.segmentation = NameSegmentation(options: options)
        var bytes = Array(query.utf8)
        if bytes.first == UInt8(ascii: "?") { bytes.removeFirst() }
        self.source = bytes
        let limits = options.limits
        guard bytes.count <= limits.maximumInputLength else {
            throw QueryDecodingLimitError(limit: .inputLength, maximum: limits.maximumInputLength)
        }

        // Size the stores once: one pair per `&`, most of them direct children of the root, and a
        // value per pair and per comma (list elements).
        var separators = 0
        var commas = 0
        for byte in bytes {
            if byte == UInt8(ascii: "&") { separators += 1 } else if byte == UInt8(ascii: ",") { commas += 1 }
        }
        reserve(pairs: Swift.min(separators + 1, limits.maximumParameterCount))
        values.reserveCapacity(values.capacity + commas)

        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if end > start {
                guard pairCount < limits.maximumParameterCount else {
                    throw QueryDecodingLimitError(limit: .parameterCount, maximum: limits.maximumParameterCount)
                }
                let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                let name = try decodeName(start..<equals)
                let valueStart = Swift.min(equals + 1, end)
                try addPair(name: name, value: .encoded(valueStart..<end))
            }
            start = end + 1
        }
        parsedValueCount = values.count
        parsedNodeCount = nodes.count
    }

    init(items: [URLQueryItem], options: DecodingOptions) throws {
        self.options = options
        self.arrayDecoding = options.arrayDecoding
        self.nestedKeyDecoding = options.nestedKeyDecoding
        self.dateDecoding = options.dateDecoding
        self.segmentation = NameSegmentation(options: options)
        self.source = []
        let limits = options.limits
        guard items.count <= limits.maximumParameterCount else {
            throw QueryDecodingLimitError(limit: .parameterCount, maximum: limits.maximumParameterCount)
        }
        var length = 0
        for item in items {
            length += item.name.utf8.count + (item.value?.utf8.count ?? 0)
            guard length <= limits.maximumInputLength else {
                throw QueryDecodingLimitError(limit: .inputLength, maximum: limits.maximumInputLength)
            }
        }
        reserve(pairs: items.count)
        for item in items {
            try addPair(name: item.name, value: .plain(item.value ?? ""))
        }
        parsedValueCount = values.count
        parsedNodeCount = nodes.count
    }

    private func reserve(pairs count: Int) {
        values.reserveCapacity(count)
        nodes.reserveCapacity(count + 2)
    }

    private func decodeName(_ range: Range<Int>) throws -> String {
        do {
            return try source.withUnsafeBufferPointer { bytes in
                let raw = UnsafeBufferPointer(rebasing: bytes[range])
                guard PercentDecoding.needsDecoding(raw) else { return String(decoding: raw, as: UTF8.self) }
                try PercentDecoding.decode(raw, into: &scratchBuffer)
                return String(decoding: scratchBuffer, as: UTF8.self)
            }
        } catch let failure as PercentDecoding.Failure {
            let raw = String(decoding: source[range], as: UTF8.self)
            throw DecodingErrors.invalidName(raw, explanation: failure.explanation)
        }
    }

    private func addPair(name: String, value: Text) throws {
        pairCount += 1
        var node = 0
        switch segmentation.split(name, maximumDepth: options.limits.maximumDepth) {
        case .flat:
            if name.isEmpty { hasUnwritableKeys = true }
            node = childCreated(of: node, named: name)
        case .literal:
            hasUnwritableKeys = true
            node = childCreated(of: node, named: name)
        case .nested(let segments):
            for segment in segments {
                if segment.isEmpty { hasUnwritableKeys = true }
                node = childCreated(of: node, named: segment)
            }
        case .tooDeep:
            throw QueryDecodingLimitError(limit: .depth, maximum: options.limits.maximumDepth, parameter: name)
        }
        let valueIndex = values.count
        values.append(Value(text: value, node: node))
        attach(valueIndex, to: node)
    }

    /// Adds a value to those a node names.
    @inline(__always)
    func attach(_ value: Int, to node: Int) {
        if nodes[node].firstValue < 0 {
            nodes[node].firstValue = value
        } else {
            nodes[node].moreValues.append(value)
        }
    }

    /// A node outside the tree (no parent links to it) named `segment`, for names read again.
    func detachedNode(segment: String, parent: Int) -> Int {
        nodes.append(QueryTreeNode(segment: segment, parent: parent))
        return nodes.count - 1
    }

    // MARK: Children

    /// Throws unless the encoder could write `name`, the name of the child `child`, as a key under these
    /// strategies: read, such a key would make a value that the encoder refuses to write, so refusing it
    /// here (where the parameter can be named) keeps decode ∘ encode total.
    @inline(__always)
    func requireWritableKey(_ name: String, child: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if hasUnwritableKeys && !segmentation.isWritableKey(name) {
            try throwUnwritableKey(name, child: child, codingPath: codingPath())
        }
    }

    @inline(never)
    private func throwUnwritableKey(_ name: String, child: Int, codingPath: [any CodingKey]) throws {
        throw DecodingErrors.unwritableKey(parameter: nodeName(child), isEmpty: name.isEmpty, codingPath: codingPath)
    }

    /// The child of `node` named `segment`, or `nil`.
    func child(of node: Int, named segment: String) -> Int? {
        // Only nodes with more than `linearLookupLimit` children have an index (`childCreated` makes it
        // when the count passes the limit): asking the count first spares the others a hashed lookup.
        if nodes[node].childCount > Self.linearLookupLimit, let index = childIndexes[node] {
            return index[ExactName(segment)]
        }
        var child = Int(nodes[node].firstChild)
        while child >= 0 {
            if ExactName.same(nodes[child].segment, segment) { return child }
            child = Int(nodes[child].nextSibling)
        }
        return nil
    }

    /// The children of `node` with their names, in the order they were first named.
    func children(of node: Int) -> [(name: String, node: Int)] {
        var result: [(name: String, node: Int)] = []
        result.reserveCapacity(Int(nodes[node].childCount))
        var child = Int(nodes[node].firstChild)
        while child >= 0 {
            result.append((nodes[child].segment, child))
            child = Int(nodes[child].nextSibling)
        }
        return result
    }

    /// The child of `node` named `segment`, made if it does not exist yet.
    func childCreated(of node: Int, named segment: String) -> Int {
        if let existing = child(of: node, named: segment) { return existing }
        let index = nodes.count
        nodes.append(QueryTreeNode(segment: segment, parent: node))
        let last = Int(nodes[node].lastChild)
        if last >= 0 { nodes[last].nextSibling = Int32(index) } else { nodes[node].firstChild = Int32(index) }
        nodes[node].lastChild = Int32(index)
        nodes[node].childCount += 1
        let count = Int(nodes[node].childCount)
        if count > Self.linearLookupLimit {
            if count == Self.linearLookupLimit + 1 {
                var index: [ExactName: Int] = [:]
                for (name, child) in children(of: node) { index[ExactName(name)] = child }
                childIndexes[node] = index
            } else {
                childIndexes[node]?[ExactName(segment)] = index
            }
        }
        return index
    }

    /// How many children a node has before its names are hashed.
    private static let linearLookupLimit = 12
}

extension PercentDecoding.Failure {
    var explanation: String {
        switch self {
        case .invalidEscape(let offset):
            "has an invalid percent-escape at offset \(offset) (\"%\" must be followed by two hex digits)"
        case .invalidUTF8:
            "decodes to bytes that are not valid UTF-8"
        }
    }
}
