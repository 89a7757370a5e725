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
        /// The next value of the node this one is attached to (-1 for the last), or `unattached`. An `Int`,
        /// like every value index: it costs no room (it fills what the layout pads), and no input is too long
        /// for it.
        var next = Self.unattached

        static let unattached = -2
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
    @exclusivity(unchecked) private(set) var source: [UInt8]
    /// Where the growable stores below come from and go back to (``ParsedQueryBuffers``).
    private let buffers: ParsedQueryBuffers
    // The stores below belong to this one call and are never accessed overlappingly, so they skip the
    // runtime exclusivity checks, which would otherwise cost more than the work itself.

    /// How many pairs the query has.
    private(set) var pairCount = 0
    /// Whether some name has an empty segment or is a malformed literal: a key the encoder could not
    /// write. Only then do keyed lookups check the name, so well-formed queries pay nothing.
    private(set) var hasUnwritableKeys = false
    /// Whether some name is a malformed literal (not only empty segments): then every looked-up name is
    /// checked byte by byte, not only for being empty.
    private var hasLiteralNames = false
    /// Pair values, then list elements as arrays split them.
    @exclusivity(unchecked) var values: [Value] = []
    /// The root (0) and an empty node (1), then every named node.
    @exclusivity(unchecked) private(set) var nodes: [QueryTreeNode] = []
    /// The UTF-8 bytes of the nodes' name segments, one after another (`QueryTreeNode.segment` is a
    /// range of them): names are split and compared as bytes, and a segment becomes a `String` only
    /// when asked for (``segment(of:)``).
    @exclusivity(unchecked) private var segmentStore: [UInt8] = []
    /// Children by the hash of their name's bytes (``ExactName/hash(_:)``), for the nodes with many:
    /// looking a name up in a short list is cheaper than hashing it, but a long list would make wide
    /// queries quadratic.
    @exclusivity(unchecked) private var childIndexes: [Int: [Int: [Int]]] = [:]
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
        let buffers = ParsedQueryBuffers.take()
        self.buffers = buffers
        var bytes: [UInt8] = []
        swap(&bytes, &buffers.source)
        bytes.append(contentsOf: query.utf8)
        if bytes.first == UInt8(ascii: "?") { bytes.removeFirst() }
        self.source = bytes
        adoptBuffers()
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
        // Decoded names are no longer than the text they were sent as.
        reserve(
            pairs: Swift.min(separators + 1, limits.maximumParameterCount), listElements: commas,
            nameBytes: bytes.count)

        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            if end > start {
                guard pairCount < limits.maximumParameterCount else {
                    throw QueryDecodingLimitError(limit: .parameterCount, maximum: limits.maximumParameterCount)
                }
                let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                let valueStart = Swift.min(equals + 1, end)
                try addPair(encodedName: start..<equals, value: .encoded(valueStart..<end))
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
        let buffers = ParsedQueryBuffers.take()
        self.buffers = buffers
        var bytes: [UInt8] = []
        swap(&bytes, &buffers.source)
        self.source = bytes
        adoptBuffers()
        let limits = options.limits
        guard items.count <= limits.maximumParameterCount else {
            throw QueryDecodingLimitError(limit: .parameterCount, maximum: limits.maximumParameterCount)
        }
        var length = 0
        var nameBytes = 0
        for item in items {
            nameBytes += item.name.utf8.count
            length += item.name.utf8.count + (item.value?.utf8.count ?? 0)
            guard length <= limits.maximumInputLength else {
                throw QueryDecodingLimitError(limit: .inputLength, maximum: limits.maximumInputLength)
            }
        }
        reserve(pairs: items.count, listElements: 0, nameBytes: nameBytes)
        for item in items {
            try addPair(name: item.name, value: .plain(item.value ?? ""))
        }
        parsedValueCount = values.count
        parsedNodeCount = nodes.count
    }

    /// Takes the stores out of ``buffers`` (emptied, with the room earlier calls made) and adds the root and
    /// the empty node.
    private func adoptBuffers() {
        swap(&values, &buffers.values)
        swap(&nodes, &buffers.nodes)
        swap(&segmentStore, &buffers.segmentStore)
        swap(&scratchBuffer, &buffers.scratch)
        nodes.append(QueryTreeNode(segment: 0..<0, parent: -1))
        nodes.append(QueryTreeNode(segment: 0..<0, parent: -1))
    }

    /// Gives the stores back, for the thread's next call.
    deinit {
        swap(&buffers.source, &source)
        swap(&buffers.values, &values)
        swap(&buffers.nodes, &nodes)
        swap(&buffers.segmentStore, &segmentStore)
        swap(&buffers.scratch, &scratchBuffer)
        ParsedQueryBuffers.giveBack(buffers)
    }

    /// Sizes the stores once: a value per pair and per list element (comma), a node per pair.
    private func reserve(pairs count: Int, listElements: Int, nameBytes: Int) {
        values.reserveCapacity(count + listElements)
        nodes.reserveCapacity(count + 2)
        segmentStore.reserveCapacity(nameBytes)
    }

    /// Adds the pair whose name is the source bytes in `range`, percent-decoded: the name is split and
    /// looked up as bytes, and a string is made only for a segment that makes a new node.
    private func addPair(encodedName range: Range<Int>, value: Text) throws {
        try source.withUnsafeBufferPointer { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            guard PercentDecoding.needsDecoding(raw) else { return try addPair(name: raw, value: value) }
            do {
                try PercentDecoding.decode(raw, into: &scratchBuffer)
            } catch let failure as PercentDecoding.Failure {
                throw DecodingErrors.invalidName(String(decoding: raw, as: UTF8.self), explanation: failure.explanation)
            }
            // `addPair(name:value:)` does not touch the scratch buffer, so its bytes stay put while read.
            try scratchBuffer.withUnsafeBufferPointer { try addPair(name: $0, value: value) }
        }
    }

    private func addPair(name: String, value: Text) throws {
        var name = name
        try name.withUTF8 { try addPair(name: $0, value: value) }
    }

    /// Adds the pair named by the UTF-8 bytes `name` (already percent-decoded).
    private func addPair(name: UnsafeBufferPointer<UInt8>, value: Text) throws {
        pairCount += 1
        var node = 0
        switch segmentation.shape(of: name, maximumDepth: options.limits.maximumDepth) {
        case .flat:
            if name.isEmpty { hasUnwritableKeys = true }
            node = childCreated(of: node, named: name)
        case .literal:
            hasUnwritableKeys = true
            hasLiteralNames = true
            node = childCreated(of: node, named: name)
        case .nested:
            segmentation.forEachSegment(of: name) { segment in
                if segment.isEmpty { hasUnwritableKeys = true }
                node = childCreated(of: node, named: UnsafeBufferPointer(rebasing: name[segment]))
            }
        case .tooDeep:
            throw QueryDecodingLimitError(
                limit: .depth, maximum: options.limits.maximumDepth, parameter: String(decoding: name, as: UTF8.self))
        }
        let valueIndex = values.count
        values.append(Value(text: value, node: node))
        attach(valueIndex, to: node)
    }

    /// Adds a value to those a node names. A value already attached to another node (a parameter read
    /// again under a field's own style) is attached as a copy, so that each node's list stays whole.
    @inline(__always)
    func attach(_ value: Int, to node: Int) {
        var value = value
        if values[value].next != Value.unattached {
            values.append(Value(text: values[value].text, node: values[value].node))
            value = values.count - 1
        }
        values[value].next = -1
        let last = Int(nodes[node].lastValue)
        if last < 0 {
            nodes[node].firstValue = value
        } else {
            values[last].next = value
        }
        nodes[node].lastValue = value
        nodes[node].valueCount += 1
    }

    /// A node outside the tree (no parent links to it) named `segment`, for names read again.
    func detachedNode(segment: String, parent: Int) -> Int {
        nodes.append(QueryTreeNode(segment: stored(segment), parent: parent))
        return nodes.count - 1
    }

    /// A node outside the tree (no parent links to it) with the name and parent of `node`.
    func detachedCopy(of node: Int) -> Int {
        nodes.append(QueryTreeNode(segment: nodes[node].segment, parent: Int(nodes[node].parent)))
        return nodes.count - 1
    }

    /// A node's name segment.
    func segment(of node: Int) -> String {
        let range = nodes[node].segment
        return segmentStore.withUnsafeBufferPointer { String(decoding: $0[range], as: UTF8.self) }
    }

    /// Whether a node's name segment is empty.
    func hasEmptySegment(_ node: Int) -> Bool { nodes[node].segment.isEmpty }

    /// The range of the segment store that now holds `segment`, which must not point into the store
    /// (appending may move it): names come from the source, the scratch buffer or a string.
    private func stored(_ segment: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = segmentStore.count
        segmentStore.append(contentsOf: segment)
        return start..<segmentStore.count
    }

    private func stored(_ segment: String) -> Range<Int> {
        let start = segmentStore.count
        segmentStore.append(contentsOf: segment.utf8)
        return start..<segmentStore.count
    }

    // MARK: Children

    /// Throws unless the encoder could write `name`, the name of the child `child`, as a key under these
    /// strategies: read, such a key would make a value that the encoder refuses to write, so refusing it
    /// here (where the parameter can be named) keeps decode ∘ encode total.
    @inline(__always)
    func requireWritableKey(_ name: String, child: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if hasUnwritableKeys && !isWritableKey(child) {
            try throwUnwritableKey(name, child: child, codingPath: codingPath())
        }
    }

    /// Whether the encoder could write the name segment of `node` (the name it was looked up by) as a key.
    private func isWritableKey(_ node: Int) -> Bool {
        let range = nodes[node].segment
        // A node parsed from a well-formed name: the walk split every nesting byte off its segment, so only
        // an empty segment is unwritable (nodes made while decoding, and literal names, are read in full).
        if !hasLiteralNames && node < parsedNodeCount { return !range.isEmpty }
        return segmentStore.withUnsafeBufferPointer {
            segmentation.isWritableKey(UnsafeBufferPointer(rebasing: $0[range]))
        }
    }

    @inline(never)
    private func throwUnwritableKey(_ name: String, child: Int, codingPath: [any CodingKey]) throws {
        throw DecodingErrors.unwritableKey(parameter: nodeName(child), isEmpty: name.isEmpty, codingPath: codingPath)
    }

    /// The child of `node` named `segment`, or `nil`.
    func child(of node: Int, named segment: String) -> Int? {
        var segment = segment
        return segment.withUTF8 { child(of: node, named: $0) }
    }

    /// The children of `node` with their names, in the order they were first named.
    func children(of node: Int) -> [(name: String, node: Int)] {
        var result: [(name: String, node: Int)] = []
        result.reserveCapacity(Int(nodes[node].childCount))
        var child = Int(nodes[node].firstChild)
        while child >= 0 {
            result.append((segment(of: child), child))
            child = Int(nodes[child].nextSibling)
        }
        return result
    }

    /// The child of `node` named by the UTF-8 bytes `segment`, or `nil`.
    private func child(of node: Int, named segment: UnsafeBufferPointer<UInt8>) -> Int? {
        // The store is only read while its buffer is borrowed, and every node's range lies inside it.
        segmentStore.withUnsafeBufferPointer { store in
            // Only nodes with more than `linearLookupLimit` children have an index (`childAppended` makes
            // it when the count passes the limit): asking the count first spares the others a hash.
            if nodes[node].childCount > Self.linearLookupLimit, let index = childIndexes[node] {
                for child in index[ExactName.hash(segment)] ?? []
                where ExactName.same(UnsafeBufferPointer(rebasing: store[nodes[child].segment]), segment) {
                    return child
                }
                return nil
            }
            var child = Int(nodes[node].firstChild)
            while child >= 0 {
                if ExactName.same(UnsafeBufferPointer(rebasing: store[nodes[child].segment]), segment) { return child }
                child = Int(nodes[child].nextSibling)
            }
            return nil
        }
    }

    /// The child of `node` named by the UTF-8 bytes `segment`, made if it does not exist yet.
    private func childCreated(of node: Int, named segment: UnsafeBufferPointer<UInt8>) -> Int {
        if let existing = child(of: node, named: segment) { return existing }
        return childAppended(to: node, segment: stored(segment))
    }

    /// The child of `node` named `segment`, made if it does not exist yet.
    func childCreated(of node: Int, named segment: String) -> Int {
        var segment = segment
        return segment.withUTF8 { childCreated(of: node, named: $0) }
    }

    /// A new last child of `node`, named by the bytes `segment` of the segment store.
    private func childAppended(to node: Int, segment: Range<Int>) -> Int {
        let index = nodes.count
        nodes.append(QueryTreeNode(segment: segment, parent: node))
        let last = Int(nodes[node].lastChild)
        if last >= 0 { nodes[last].nextSibling = Int32(index) } else { nodes[node].firstChild = Int32(index) }
        nodes[node].lastChild = Int32(index)
        nodes[node].childCount += 1
        let count = Int(nodes[node].childCount)
        if count > Self.linearLookupLimit {
            let children = count == Self.linearLookupLimit + 1 ? self.children(of: node).map(\.node) : [index]
            segmentStore.withUnsafeBufferPointer { store in
                for child in children {
                    let hash = ExactName.hash(UnsafeBufferPointer(rebasing: store[nodes[child].segment]))
                    childIndexes[node, default: [:]][hash, default: []].append(child)
                }
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
