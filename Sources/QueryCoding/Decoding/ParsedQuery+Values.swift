import Foundation

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
            guard !node.hasMoreValues else {
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
            if node.hasMoreValues { return false }
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

    // MARK: Messages

    /// A node's parameter name, as the strategies would write it (`filter.min`, `items[0][id]`).
    func nodeName(_ index: Int) -> String {
        var segments: [String] = []
        var current = index
        while current > 0 {
            segments.append(segment(of: current))
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
    func repeated(_ index: Int, expected: String, path: PathContext) -> DecodingError {
        DecodingErrors.repeatedParameter(
            parameter: nodeName(index), count: Int(nodes[index].valueCount), expected: expected,
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
