import Foundation
import PropertyHarness

extension QueryNode: SwiftSourceConvertible {
    /// The node as Swift source, for failure reports and the regression corpus.
    var swiftSource: String {
        switch self {
        case .string(let value): ".string(\(value.swiftSource))"
        case .int(let value): ".int(\(value))"
        case .int8(let value): ".int8(\(value))"
        case .int16(let value): ".int16(\(value))"
        case .int32(let value): ".int32(\(value))"
        case .int64(let value): ".int64(\(value))"
        case .uint(let value): ".uint(\(value))"
        case .uint8(let value): ".uint8(\(value))"
        case .uint16(let value): ".uint16(\(value))"
        case .uint32(let value): ".uint32(\(value))"
        case .uint64(let value): ".uint64(\(value))"
        case .double(let value): ".double(\(value.swiftSource))"
        case .float(let value): ".float(\(value.swiftSource))"
        case .bool(let value): ".bool(\(value))"
        case .decimal(let value): ".decimal(Decimal(string: \(value.description.swiftSource))!)"
        case .date(let value): ".date(\(dateSource(value)))"
        case .data(let value):
            ".data(Data([\(value.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", "))]))"
        case .url(let value): ".url(URL(string: \(value.absoluteString.swiftSource))!)"
        case .uuid(let value): ".uuid(UUID(uuidString: \"\(value.uuidString)\")!)"
        case .color(let value): ".color(.\(value))"
        case .null(let route): ".null(.\(route))"
        case .wrapped(let inner): ".wrapped(\(inner.swiftSource))"
        case .list(let route, let elements):
            ".list(.\(route), [\(elements.map(\.swiftSource).joined(separator: ", "))])"
        case .record(let route, let fields):
            fields.isEmpty
                ? ".record(.\(route), [:])"
                : ".record(.\(route), [\(fields.map { "\($0.key.swiftSource): \($0.value.swiftSource)" }.joined(separator: ", "))])"
        case .dictionary(let entries):
            ".dictionary(\(entries.mapValues(Source.init).swiftSource))"
        case .intKeyedDictionary(let entries):
            ".intKeyedDictionary(\(entries.mapValues(Source.init).swiftSource))"
        case .stringSet(let elements): ".stringSet(\(elements.sorted().swiftSource))"
        case .intSet(let elements): ".intSet(\(elements.sorted().swiftSource))"
        }
    }
}

/// A node's source text, for building collection literals of nodes.
private struct Source: SwiftSourceConvertible {
    let swiftSource: String

    init(_ node: QueryNode) { swiftSource = node.swiftSource }
}
