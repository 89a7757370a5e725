import Foundation

/// Arrays and unexploded objects in the parsed query: which locations hold an array's elements, as the array
/// strategy lays them out (repeated keys, brackets, indexes, a delimited list in one value), with the checks
/// that refuse a layout the strategy cannot have written.
extension ParsedQuery {
    /// Where an array's elements are: every value one node names (repeated keys, `name[]`), read by following
    /// the node's list of values without making an array of locations, or locations found otherwise.
    enum ArrayElements {
        case valuesOf(node: Int)
        case listed([QueryLocation])
    }

    /// The elements of the array at `location`, as the array strategy says.
    func elements(at location: QueryLocation, path: PathContext, type: Any.Type) throws -> [QueryLocation] {
        switch try arrayElements(at: location, path: path, type: type) {
        case .valuesOf(let node): valueLocations(of: node)
        case .listed(let elements): elements
        }
    }

    /// The elements of the array at `location`, as the array strategy says, checked against the limit.
    func arrayElements(at location: QueryLocation, path: PathContext, type: Any.Type) throws -> ArrayElements {
        let index: Int
        switch location {
        case .absent:
            return .listed([])
        case .value(let value):
            throw DecodingErrors.elementIsNotArray(
                array: parameterName(of: value), type: type, codingPath: path.codingPath)
        case .node(let node):
            index = node
        }
        let elements: ArrayElements
        let count: Int
        switch arrayDecoding {
        case .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited:
            try requireNoChildren(index, type: type, path: path)
            let firstValue = nodes[index].firstValue
            guard firstValue >= 0 else { return .listed([]) }
            guard !nodes[index].hasMoreValues else {
                throw repeated(index, expected: "a \(listKind) array is one parameter", path: path)
            }
            let list = try splitList(firstValue, path: path)
            (elements, count) = (.listed(list), list.count)
        case .repeatedKeys:
            try requireNoChildren(index, type: type, path: path)
            (elements, count) = (.valuesOf(node: index), Int(nodes[index].valueCount))
        case .brackets:
            try requireNoValue(index, type: type, path: path)
            // The one child must be the empty segment (`name[]`); any other is named in the error.
            let first = Int(nodes[index].firstChild)
            guard first >= 0 else { return .listed([]) }
            var appended = -1
            var other = -1
            var child = first
            while child >= 0 {
                if hasEmptySegment(child) {
                    appended = child
                } else if other < 0 {
                    other = child
                }
                child = Int(nodes[child].nextSibling)
            }
            if other >= 0 {
                throw unexpectedChild(segment(of: other), of: index, expected: "\"[]\"", path: path)
            }
            try requireNoChildren(appended, type: type, path: path)
            (elements, count) = (.valuesOf(node: appended), Int(nodes[appended].valueCount))
        case .indexedBrackets:
            try requireNoValue(index, type: type, path: path)
            let list = try indexedElements(of: index, path: path)
            (elements, count) = (.listed(list), list.count)
        }
        let limit = options.limits.maximumArrayLength
        guard count <= limit else {
            throw QueryDecodingLimitError(limit: .arrayLength, maximum: limit, parameter: nodeName(index))
        }
        return elements
    }

    /// The first value a node names, or -1; ``nextValue(after:)`` gives the others, in order.
    @inline(__always)
    func firstValue(of node: Int) -> Int { nodes[node].firstValue }

    /// The value after `value` among those its node names, or -1.
    @inline(__always)
    func nextValue(after value: Int) -> Int { values[value].next }

    /// The values a node names, in order, as locations.
    private func valueLocations(of index: Int) -> [QueryLocation] {
        let firstValue = nodes[index].firstValue
        guard firstValue >= 0 else { return [] }
        var locations: [QueryLocation] = []
        locations.reserveCapacity(Int(nodes[index].valueCount))
        var value = firstValue
        while value >= 0 {
            locations.append(.value(value))
            value = values[value].next
        }
        return locations
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
    func unexplodedNode(_ index: Int, path: PathContext) throws -> Int {
        guard !nodes[index].hasMoreValues else {
            throw repeated(index, expected: "an unexploded object is one parameter", path: path)
        }
        let firstValue = nodes[index].firstValue
        let object = detachedCopy(of: index)
        let isEmpty = try withBytes(of: firstValue, path: path) { $0.isEmpty }
        if isEmpty { return object }
        let separator = ListSeparator.forObjects(arrayDecoding)
        let parts = try splitList(firstValue, separator: separator, path: path)
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
        let name = segment(of: first)
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
}
