import Foundation

/// Everything one `decode` call reads: the parsed pairs, their values and the tree of names.
final class DecodingState {
    /// A value's text: a range of the query's bytes still percent-encoded, or text already decoded
    /// (from query items).
    enum Text {
        case encoded(Range<Int>)
        case plain(String)
    }

    struct Value {
        let text: Text
        /// The pair the value belongs to, for messages.
        let pair: Int
    }

    let options: DecodingOptions
    /// The query's UTF-8 bytes (empty when decoding items).
    let source: [UInt8]
    // The stores below belong to this one call and are never accessed overlappingly, so they skip the
    // runtime exclusivity checks, which would otherwise cost more than the work itself.

    /// Every pair's decoded name, for messages.
    @exclusivity(unchecked) private(set) var pairNames: [String] = []
    /// Pair values, then list elements as arrays split them.
    @exclusivity(unchecked) var values: [Value] = []
    /// The root (0) and an empty node (1), then every named node.
    @exclusivity(unchecked) private(set) var nodes: [DecodingNode] = [
        DecodingNode(firstPair: -1), DecodingNode(firstPair: -1),
    ]
    private let segmentation: NameSegmentation
    /// Reused for percent-decoding. Code that reads it must not call back into the state.
    @exclusivity(unchecked) var scratchBuffer: [UInt8] = []

    // MARK: Parsing

    init(query: String, options: DecodingOptions) throws {
        self.options = options
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
                guard pairNames.count < limits.maximumParameterCount else {
                    throw QueryDecodingLimitError(limit: .parameterCount, maximum: limits.maximumParameterCount)
                }
                let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
                let name = try decodeName(start..<equals)
                let valueStart = Swift.min(equals + 1, end)
                try addPair(name: name, value: .encoded(valueStart..<end))
            }
            start = end + 1
        }
    }

    init(items: [URLQueryItem], options: DecodingOptions) throws {
        self.options = options
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
    }

    private func reserve(pairs count: Int) {
        pairNames.reserveCapacity(count)
        values.reserveCapacity(count)
        nodes.reserveCapacity(count + 2)
        nodes[0].children.reserveCapacity(count)
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
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription: "The parameter name \"\(raw)\" \(failure.explanation)."))
        }
    }

    private func addPair(name: String, value: Text) throws {
        let pair = pairNames.count
        pairNames.append(name)
        let valueIndex = values.count
        values.append(Value(text: value, pair: pair))

        var node = 0
        if let segments = segmentation.segments(of: name) {
            let depthLimit = options.limits.maximumDepth
            guard segments.count - 1 <= depthLimit else {
                throw QueryDecodingLimitError(limit: .depth, maximum: depthLimit, parameter: name)
            }
            for segment in segments { node = child(of: node, named: String(segment), pair: pair) }
        } else {
            node = child(of: node, named: name, pair: pair)
        }
        if nodes[node].firstValue < 0 {
            nodes[node].firstValue = valueIndex
        } else {
            nodes[node].moreValues.append(valueIndex)
        }
    }

    private func child(of node: Int, named segment: String, pair: Int) -> Int {
        if let existing = nodes[node].children[segment] { return existing }
        let index = nodes.count
        nodes.append(DecodingNode(firstPair: pair, parent: node, segment: segment))
        nodes[node].children[segment] = index
        return index
    }
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
