import Foundation

/// A coding path kept as a linked list, extended without copying and turned into an array only when
/// someone asks (an error, or `codingPath` on a decoder).
final class CodingPathNode {
    let parent: CodingPathNode?
    let key: any CodingKey

    init(parent: CodingPathNode?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    var path: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node: CodingPathNode? = self
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// Where a value sits: a materialized path plus, for values read straight from a container, the key
/// (and array index) not linked in yet — most values are read without anyone asking for their path.
struct PathContext {
    let parent: CodingPathNode?
    let key: (any CodingKey)?
    /// The index of an array element below `key` (or below `parent` when there is no key).
    var elementIndex: Int? = nil
    /// The parameter name that was looked up, for messages about a missing parameter.
    var expectedName: String? = nil

    var codingPath: [any CodingKey] {
        var path = parent?.path ?? []
        if let key { path.append(key) }
        if let elementIndex { path.append(IndexKey(elementIndex)) }
        return path
    }

    /// The path as a node, linking in the pending key and index.
    func materialize() -> CodingPathNode? {
        var node = parent
        if let key { node = CodingPathNode(parent: node, key: key) }
        if let elementIndex { node = CodingPathNode(parent: node, key: IndexKey(elementIndex)) }
        return node
    }

    /// The path of element `index` of the array at this path.
    func element(_ index: Int) -> PathContext {
        if elementIndex == nil { return PathContext(parent: parent, key: key, elementIndex: index) }
        return PathContext(parent: materialize(), key: nil, elementIndex: index)
    }

    /// The key a missing value is reported under: the pending index, or else the pending key.
    var lastKey: (any CodingKey)? {
        elementIndex.map { IndexKey($0) } ?? key
    }

    /// The path above ``lastKey``.
    var pathAboveLastKey: [any CodingKey] {
        var path = parent?.path ?? []
        if elementIndex != nil, let key { path.append(key) }
        return path
    }

    static var root: PathContext { PathContext(parent: nil, key: nil) }
}

extension ParsedQuery {
    /// A node with no values and no children: what a struct or collection that was not sent decodes from.
    static let emptyNode = 1

    // MARK: Text

    /// The decoded bytes of a value, valid UTF-8.
    func withBytes<R>(of value: Int, path: PathContext, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        switch values[value].text {
        case .plain(var string):
            return try string.withUTF8(body)
        case .encoded(let range):
            return try source.withUnsafeBufferPointer { bytes in
                let raw = UnsafeBufferPointer(rebasing: bytes[range])
                guard PercentDecoding.needsDecoding(raw) else { return try body(raw) }
                do {
                    try PercentDecoding.decode(raw, into: &scratchBuffer)
                } catch let error as PercentDecoding.Failure {
                    throw DecodingErrors.invalidValueEncoding(
                        parameter: parameterName(of: value), explanation: error.explanation, codingPath: path.codingPath
                    )
                }
                return try scratchBuffer.withUnsafeBufferPointer(body)
            }
        }
    }

    func string(of value: Int, path: PathContext) throws -> String {
        if case .plain(let string) = values[value].text { return string }
        return try withBytes(of: value, path: path) { String(decoding: $0, as: UTF8.self) }
    }

    func parameterName(of value: Int) -> String {
        nodeName(values[value].node)
    }

    // MARK: Shapes

    /// The one value a scalar decodes from.
    func scalarValue(at location: QueryLocation, path: PathContext, type: Any.Type) throws -> Int {
        switch location {
        case .value(let value):
            return value
        case .absent:
            throw missing(type, path: path)
        case .node(let index):
            let node = nodes[index]
            guard !node.hasChildren else {
                throw DecodingErrors.nestedUnderSingleValue(
                    parameter: nodeName(index), type: type, codingPath: path.codingPath)
            }
            guard node.firstValue >= 0 else { throw missing(type, path: path) }
            guard node.moreValues.isEmpty else {
                throw repeated(index, expected: "\(type) takes one value", path: path)
            }
            return node.firstValue
        }
    }

    /// The node a keyed container reads: an empty one when nothing was sent.
    func keyedNode(at location: QueryLocation, path: PathContext, type: Any.Type) throws -> Int {
        switch location {
        case .absent:
            return Self.emptyNode
        case .value(let value):
            throw DecodingErrors.elementIsNotKeyed(
                array: parameterName(of: value), type: type, codingPath: path.codingPath)
        case .node(let index):
            guard nodes[index].firstValue < 0 else {
                if nestedKeyDecoding == .unexploded && !nodes[index].hasChildren {
                    return try unexplodedNode(index, path: path)
                }
                throw DecodingErrors.valueIsNotKeyed(
                    parameter: nodeName(index), type: type, codingPath: path.codingPath)
            }
            return index
        }
    }

    /// Whether the value at `location` reads as `nil`.
    func isNil(at location: QueryLocation, path: PathContext) throws -> Bool {
        switch location {
        case .absent:
            return true
        case .value(let value):
            return try isNilText(value, path: path)
        case .node(let index):
            let node = nodes[index]
            if node.hasChildren { return false }
            if node.firstValue < 0 { return true }
            if !node.moreValues.isEmpty { return false }
            return try isNilText(node.firstValue, path: path)
        }
    }

    private func isNilText(_ value: Int, path: PathContext) throws -> Bool {
        switch options.nilDecoding {
        case .omit: return false
        case .emptyValue: return try withBytes(of: value, path: path) { $0.isEmpty }
        case .null: return try withBytes(of: value, path: path) { $0.elementsEqual("null".utf8) }
        }
    }

    /// The elements of the array at `location`, as the array strategy says.
    func elements(at location: QueryLocation, path: PathContext, type: Any.Type) throws -> [QueryLocation] {
        let index: Int
        switch location {
        case .absent:
            return []
        case .value(let value):
            throw DecodingErrors.elementIsNotArray(
                array: parameterName(of: value), type: type, codingPath: path.codingPath)
        case .node(let node):
            index = node
        }
        let node = nodes[index]
        let elements: [QueryLocation]
        switch arrayDecoding {
        case .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited:
            try requireNoChildren(index, type: type, path: path)
            guard node.firstValue >= 0 else { return [] }
            guard node.moreValues.isEmpty else {
                throw repeated(index, expected: "a \(listKind) array is one parameter", path: path)
            }
            elements = try splitList(node.firstValue, path: path)
        case .repeatedKeys:
            try requireNoChildren(index, type: type, path: path)
            elements = node.values.map(QueryLocation.value)
        case .brackets:
            try requireNoValue(index, type: type, path: path)
            let children = self.children(of: index)
            guard let appended = child(of: index, named: "") else {
                if let (name, _) = children.first {
                    throw unexpectedChild(name, of: index, expected: "\"[]\"", path: path)
                }
                return []
            }
            if children.count > 1, let (name, _) = children.first(where: { !$0.name.isEmpty }) {
                throw unexpectedChild(name, of: index, expected: "\"[]\"", path: path)
            }
            try requireNoChildren(appended, type: type, path: path)
            elements = nodes[appended].values.map(QueryLocation.value)
        case .indexedBrackets:
            try requireNoValue(index, type: type, path: path)
            elements = try indexedElements(of: index, path: path)
        }
        let limit = options.limits.maximumArrayLength
        guard elements.count <= limit else {
            throw QueryDecodingLimitError(limit: .arrayLength, maximum: limit, parameter: nodeName(index))
        }
        return elements
    }

    /// `comma-separated`, `pipe-delimited`, …, for messages.
    private var listKind: String {
        switch arrayDecoding {
        case .pipeDelimited: "pipe-delimited"
        case .spaceDelimited: "space-delimited"
        case .delimited: "delimited"
        default: "comma-separated"
        }
    }

    /// A struct or dictionary sent as one unexploded parameter (`color=R,100,G,200`): a node outside the
    /// tree whose children are the keys, each holding the value after it. An empty value is an empty
    /// object.
    private func unexplodedNode(_ index: Int, path: PathContext) throws -> Int {
        let node = nodes[index]
        guard node.moreValues.isEmpty else {
            throw repeated(index, expected: "an unexploded object is one parameter", path: path)
        }
        let object = detachedNode(segment: node.segment, parent: Int(node.parent))
        let isEmpty = try withBytes(of: node.firstValue, path: path) { $0.isEmpty }
        if isEmpty { return object }
        let separator = ListSeparator.forObjects(arrayDecoding)
        let parts = try splitList(node.firstValue, separator: separator, path: path)
        guard parts.count % 2 == 0 else {
            throw DecodingErrors.oddUnexplodedObject(
                parameter: nodeName(index), parts: parts.count, codingPath: path.codingPath)
        }
        for entry in stride(from: 0, to: parts.count, by: 2) {
            guard case .value(let keyValue) = parts[entry], case .value(let value) = parts[entry + 1] else { continue }
            let key = try string(of: keyValue, path: path)
            guard !key.isEmpty else {
                throw DecodingErrors.emptyUnexplodedKey(parameter: nodeName(index), codingPath: path.codingPath)
            }
            attach(value, to: childCreated(of: object, named: key))
        }
        return object
    }

    /// Splits a delimited value at the array strategy's separator; an escaped separator (`%2C`) stays in
    /// its element.
    private func splitList(_ value: Int, path: PathContext) throws -> [QueryLocation] {
        try splitList(value, separator: ListSeparator.forObjects(arrayDecoding), path: path)
    }

    /// Splits a value at `separator` as it was sent: the raw byte, or for a separator sent escaped, its
    /// escape (`%7C`, either case; a raw `|` too, as some clients send it). Text from items is already
    /// decoded and is split at the byte.
    private func splitList(_ value: Int, separator: ListSeparator, path: PathContext) throws -> [QueryLocation] {
        let node = values[value].node
        let limit = options.limits.maximumArrayLength
        var elements: [QueryLocation] = []
        func add(_ text: Text) throws {
            guard elements.count < limit else {
                throw QueryDecodingLimitError(limit: .arrayLength, maximum: limit, parameter: nodeName(node))
            }
            elements.append(.value(values.count))
            values.append(Value(text: text, node: node))
        }
        switch values[value].text {
        case .encoded(let range) where !separator.isEscaped:
            var start = range.lowerBound
            for index in range where source[index] == separator.byte {
                try add(.encoded(start..<index))
                start = index + 1
            }
            try add(.encoded(start..<range.upperBound))
        case .encoded(let range):
            let high = PercentEncoding.hexDigit(separator.byte >> 4)
            let low = PercentEncoding.hexDigit(separator.byte & 0x0F)
            let rawCounts = separator.byte != UInt8(ascii: " ")
            var start = range.lowerBound
            var index = start
            while index < range.upperBound {
                let byte = source[index]
                if rawCounts && byte == separator.byte {
                    try add(.encoded(start..<index))
                    index += 1
                    start = index
                } else if byte == UInt8(ascii: "%") && index + 2 < range.upperBound
                    && source[index + 1] == high && source[index + 2] | 0x20 == low | 0x20
                {
                    try add(.encoded(start..<index))
                    index += 3
                    start = index
                } else {
                    index += 1
                }
            }
            try add(.encoded(start..<range.upperBound))
        case .plain(let string):
            // Split on the separator byte, not on `Character`s: a comma followed by a combining mark is
            // one `Character`, yet still a separator.
            for piece in Array(string.utf8).split(separator: separator.byte, omittingEmptySubsequences: false) {
                try add(.plain(String(decoding: piece, as: UTF8.self)))
            }
        }
        return elements
    }

    /// The children `0`, `1`, … of an indexed array, which must be dense. Indices are compared as
    /// text against the count of children, never used to size anything, so `a[999999999]=x` is cheap.
    private func indexedElements(of index: Int, path: PathContext) throws -> [QueryLocation] {
        let children = self.children(of: index)
        let count = children.count
        var elements: [QueryLocation] = []
        // No arithmetic on the limit: any `Int` is a valid setting, `.max` included. An array over the limit
        // is refused by the caller once built; its children are bounded by the parameter count anyway.
        elements.reserveCapacity(Swift.min(count, Swift.max(options.limits.maximumArrayLength, 0)))
        for location in 0..<count {
            guard let child = child(of: index, named: String(location)) else {
                let strays = children.map(\.name).filter { key in
                    guard let number = Int(key), number >= 0, String(number) == key else { return true }
                    return number >= count
                }
                let stray = strays.sorted().first ?? String(location)
                throw DecodingErrors.sparseIndices(
                    array: nodeName(index), count: count, stray: stray, codingPath: path.codingPath)
            }
            elements.append(.node(child))
        }
        return elements
    }

    private func requireNoChildren(_ index: Int, type: Any.Type, path: PathContext) throws {
        let first = Int(nodes[index].firstChild)
        guard first >= 0 else { return }
        let name = nodes[first].segment
        throw unexpectedChild(name, of: index, expected: "no nested parameters", path: path)
    }

    private func requireNoValue(_ index: Int, type: Any.Type, path: PathContext) throws {
        guard nodes[index].firstValue >= 0 else { return }
        throw DecodingErrors.valueBesideNestedArray(
            parameter: nodeName(index), type: type, strategy: arrayDecoding, codingPath: path.codingPath)
    }

    private func unexpectedChild(_ name: String, of index: Int, expected: String, path: PathContext) -> DecodingError {
        DecodingErrors.unexpectedArrayChild(
            array: nodeName(index), child: name, strategy: arrayDecoding, expected: expected,
            codingPath: path.codingPath)
    }

    // MARK: Messages

    /// A node's parameter name, as the strategies would write it (`filter.min`, `items[0][id]`).
    func nodeName(_ index: Int) -> String {
        var segments: [String] = []
        var current = index
        while current > 0 {
            segments.append(nodes[current].segment)
            current = Int(nodes[current].parent)
        }
        var name = ""
        for (depth, segment) in segments.reversed().enumerated() {
            let isIndex = segment.isEmpty || segment.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
            if depth == 0 {
                name = segment
            } else if nestedKeyDecoding == .brackets
                || (isIndex && arrayDecoding.namesElementsInBrackets)
            {
                name += "[\(segment)]"
            } else {
                name += ".\(segment)"
            }
        }
        return name
    }

    /// A parameter sent more than once where one is expected: parameter pollution is refused, not
    /// resolved by picking one.
    private func repeated(_ index: Int, expected: String, path: PathContext) -> DecodingError {
        DecodingErrors.repeatedParameter(
            parameter: nodeName(index), count: nodes[index].valueCount, expected: expected,
            codingPath: path.codingPath)
    }

    func missing(_ type: Any.Type, path: PathContext) -> DecodingError {
        DecodingErrors.missing(
            type, expectedName: path.expectedName, lastKey: path.lastKey, pathAboveLastKey: path.pathAboveLastKey,
            codingPath: path.codingPath)
    }

    func invalid(_ value: Int, as type: Any.Type, path: PathContext, reason: String? = nil) -> DecodingError {
        DecodingErrors.invalidValue(
            parameter: parameterName(of: value), text: (try? string(of: value, path: path)) ?? "", type: type,
            reason: reason, codingPath: path.codingPath)
    }
}
