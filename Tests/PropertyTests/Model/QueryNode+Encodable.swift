import Foundation

/// Each node encodes itself the way real types do: scalars with the typed `encode` overloads, `nil`
/// and arrays and structs by the route the node names. The reference flattener never looks at routes,
/// so every route must produce the same query.
extension QueryNode: Encodable {
    /// The node as a value on its own: what a wrapper type, a `[QueryNode]` element, a dictionary
    /// value or the top-level value does in its `encode(to:)`.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .record(_, let fields):
            var container = encoder.container(keyedBy: AnyKey.self)
            for field in fields { try field.value.encode(in: &container, forKey: AnyKey(field.key)) }
        case .list(_, let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try element.encode(in: &container) }
        default:
            var container = encoder.singleValueContainer()
            try encode(in: &container)
        }
    }

    /// The node as a field of a struct.
    func encode(in container: inout KeyedEncodingContainer<AnyKey>, forKey key: AnyKey) throws {
        switch self {
        case .string(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .int16(let value): try container.encode(value, forKey: key)
        case .int32(let value): try container.encode(value, forKey: key)
        case .int64(let value): try container.encode(value, forKey: key)
        case .uint(let value): try container.encode(value, forKey: key)
        case .uint8(let value): try container.encode(value, forKey: key)
        case .uint16(let value): try container.encode(value, forKey: key)
        case .uint32(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .decimal(let value): try container.encode(value, forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        case .data(let value): try container.encode(value, forKey: key)
        case .url(let value): try container.encode(value, forKey: key)
        case .uuid(let value): try container.encode(value, forKey: key)
        case .color(let value): try container.encode(value, forKey: key)
        case .null(.encodeNil): try container.encodeNil(forKey: key)
        case .null(.ifPresent): try container.encodeIfPresent(String?.none, forKey: key)
        case .null(.optional): try container.encode(Int?.none, forKey: key)
        case .wrapped: try container.encode(self, forKey: key)
        case .list(.container, let elements):
            var nested = container.nestedUnkeyedContainer(forKey: key)
            for element in elements { try element.encode(in: &nested) }
        case .list(let route, let elements):
            if route == .typed, let typed = TypedArray(elements) {
                try typed.encode(in: &container, forKey: key)
            } else {
                try container.encode(elements, forKey: key)
            }
        case .record(.container, let fields):
            var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            for field in fields { try field.value.encode(in: &nested, forKey: AnyKey(field.key)) }
        case .record(.value, _): try container.encode(self, forKey: key)
        case .dictionary(let entries): try container.encode(entries, forKey: key)
        case .intKeyedDictionary(let entries): try container.encode(entries, forKey: key)
        case .stringSet(let elements): try container.encode(elements, forKey: key)
        case .intSet(let elements): try container.encode(elements, forKey: key)
        }
    }

    /// The node as an element of an array.
    func encode(in container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .uuid(let value): try container.encode(value)
        case .color(let value): try container.encode(value)
        case .null(.encodeNil), .null(.ifPresent): try container.encodeNil()
        case .null(.optional): try container.encode(Int?.none)
        case .wrapped: try container.encode(self)
        case .list(.container, let elements):
            var nested = container.nestedUnkeyedContainer()
            for element in elements { try element.encode(in: &nested) }
        case .list(let route, let elements):
            if route == .typed, let typed = TypedArray(elements) {
                try typed.encode(in: &container)
            } else {
                try container.encode(elements)
            }
        case .record(.container, let fields):
            var nested = container.nestedContainer(keyedBy: AnyKey.self)
            for field in fields { try field.value.encode(in: &nested, forKey: AnyKey(field.key)) }
        case .record(.value, _): try container.encode(self)
        case .dictionary(let entries): try container.encode(entries)
        case .intKeyedDictionary(let entries): try container.encode(entries)
        case .stringSet(let elements): try container.encode(elements)
        case .intSet(let elements): try container.encode(elements)
        }
    }

    /// The node as the content of a single-value container (a wrapper type's `encode(to:)`).
    private func encode(in container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .uuid(let value): try container.encode(value)
        case .color(let value): try container.encode(value)
        case .null(.encodeNil), .null(.ifPresent): try container.encodeNil()
        case .null(.optional): try container.encode(Int?.none)
        case .wrapped(let inner): try container.encode(inner)
        case .list, .record: try container.encode(self)
        case .dictionary(let entries): try container.encode(entries)
        case .intKeyedDictionary(let entries): try container.encode(entries)
        case .stringSet(let elements): try container.encode(elements)
        case .intSet(let elements): try container.encode(elements)
        }
    }
}

/// The typed Swift arrays a `.typed` list is passed as, so the encoder's specialised array paths run.
private enum TypedArray {
    case strings([String])
    case optionalStrings([String?])
    case ints([Int])
    case doubles([Double])
    case bools([Bool])

    /// The typed array holding `elements`, or `nil` when they do not share one of the types.
    init?(_ elements: [QueryNode]) {
        if let strings = Self.all(elements, { if case .string(let value) = $0 { value } else { nil } }) {
            self = .strings(strings)
        } else if let ints = Self.all(elements, { if case .int(let value) = $0 { value } else { nil } }) {
            self = .ints(ints)
        } else if let doubles = Self.all(elements, { if case .double(let value) = $0 { value } else { nil } }) {
            self = .doubles(doubles)
        } else if let bools = Self.all(elements, { if case .bool(let value) = $0 { value } else { nil } }) {
            self = .bools(bools)
        } else if let strings = Self.all(
            elements,
            { node -> String?? in
                switch node {
                case .string(let value): .some(value)
                case .null: .some(nil)
                default: nil
                }
            })
        {
            self = .optionalStrings(strings)
        } else {
            return nil
        }
    }

    private static func all<T>(_ elements: [QueryNode], _ extract: (QueryNode) -> T?) -> [T]? {
        var values: [T] = []
        for element in elements {
            guard let value = extract(element) else { return nil }
            values.append(value)
        }
        return values
    }

    func encode(in container: inout KeyedEncodingContainer<AnyKey>, forKey key: AnyKey) throws {
        switch self {
        case .strings(let values): try container.encode(values, forKey: key)
        case .optionalStrings(let values): try container.encode(values, forKey: key)
        case .ints(let values): try container.encode(values, forKey: key)
        case .doubles(let values): try container.encode(values, forKey: key)
        case .bools(let values): try container.encode(values, forKey: key)
        }
    }

    func encode(in container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .strings(let values): try container.encode(values)
        case .optionalStrings(let values): try container.encode(values)
        case .ints(let values): try container.encode(values)
        case .doubles(let values): try container.encode(values)
        case .bools(let values): try container.encode(values)
        }
    }
}
