import Foundation

/// A value to encode, built from every shape a `Codable` type can have, together with the route by
/// which it reaches the encoder (a typed `encode` call, a nested container, a wrapper type's
/// single-value container, …).
///
/// One tree serves two masters: it is `Encodable` (see `QueryNode+Encodable.swift`), and the reference
/// flattener reads it directly to predict the query. The routes must never change the query, so the
/// reference ignores them; the encoder sees each route's different code path.
indirect enum QueryNode: Sendable {
    case string(String)
    case int(Int)
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case uint(UInt)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)
    case double(Double)
    case float(Float)
    case bool(Bool)
    case decimal(Decimal)
    case date(Date)
    case data(Data)
    case url(URL)
    case uuid(UUID)
    /// A `String` raw-value enum, encoded through its single-value container.
    case color(Color)
    /// `nil`, written as the route says.
    case null(NilRoute)
    /// A wrapper type (`struct UserID { let raw: Int }`) that encodes its content through a
    /// single-value container: it must be as transparent as the content itself.
    case wrapped(QueryNode)
    /// An array.
    case list(ListRoute, [QueryNode])
    /// A struct: keyed fields in the order `encode(to:)` writes them (duplicates allowed, as a
    /// hand-written `encode(to:)` may write them).
    case record(RecordRoute, [QueryField])
    /// A `[String: T]` dictionary: keys are data, emitted sorted by their UTF-8 bytes.
    case dictionary([String: QueryNode])
    /// An `[Int: T]` dictionary: keys are written as decimal text and sorted as text.
    case intKeyedDictionary([Int: QueryNode])
    /// A `Set<String>`: elements sorted by their UTF-8 bytes.
    case stringSet(Set<String>)
    /// A `Set<Int>`: elements sorted by the UTF-8 bytes of their text (`10` before `9`).
    case intSet(Set<Int>)

    /// How `nil` reaches the encoder.
    enum NilRoute: CaseIterable {
        /// `container.encodeNil(forKey:)` / `encodeNil()`.
        case encodeNil
        /// `container.encodeIfPresent(nil as String?, forKey:)`, as synthesized conformances do.
        case ifPresent
        /// `container.encode(nil as Int?, forKey:)`: an `Optional` passed generically.
        case optional
    }

    /// How an array reaches the encoder.
    enum ListRoute: CaseIterable {
        /// A nested unkeyed container, one typed `encode` per element.
        case container
        /// `[QueryNode]` passed generically: each element through its own `encode(to:)`.
        case array
        /// A typed Swift array (`[String]`, `[Int]`, `[Double]`, `[Bool]`, `[String?]`) when the
        /// elements allow it, otherwise as ``array``.
        case typed
    }

    /// How a struct reaches the encoder.
    enum RecordRoute: CaseIterable {
        /// `nestedContainer(keyedBy:forKey:)` of the parent.
        case container
        /// The struct passed generically: its own `encode(to:)` asks for a keyed container.
        case value
    }

    /// A struct with the given fields, in order: `.record(.container, ["a": .int(1), "b": .null(.ifPresent)])`.
    static func record(_ route: RecordRoute, _ fields: KeyValuePairs<String, QueryNode>) -> QueryNode {
        .record(route, fields.map { QueryField($0.key, $0.value) })
    }
}

/// One field of a ``QueryNode/record(_:_:)``: a coding key and its value.
struct QueryField: Sendable {
    let key: String
    let value: QueryNode

    init(_ key: String, _ value: QueryNode) {
        self.key = key
        self.value = value
    }
}

/// A raw-value enum whose raw values are themselves hostile.
enum Color: String, Codable, CaseIterable {
    case red
    case darkBlue = "dark blue"
    case researchAndDevelopment = "R&D"
    case pair = "a,b"
    case plus = "+1"
    case empty = ""
}

/// A coding key made at run time.
struct AnyKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension QueryNode {
    /// Whether the node is a scalar (a leaf with text, or a wrapper around one).
    var isScalar: Bool {
        switch self {
        case .null, .list, .record, .dictionary, .intKeyedDictionary, .stringSet, .intSet: false
        case .wrapped(let inner): inner.isScalar
        default: true
        }
    }

    /// How deep the tree goes: a scalar is 0, a struct of scalars 1.
    var depth: Int {
        switch self {
        case .wrapped(let inner): inner.depth
        case .list(_, let elements): 1 + (elements.map(\.depth).max() ?? 0)
        case .record(_, let fields): 1 + (fields.map(\.value.depth).max() ?? 0)
        case .dictionary(let entries): 1 + (entries.values.map(\.depth).max() ?? 0)
        case .intKeyedDictionary(let entries): 1 + (entries.values.map(\.depth).max() ?? 0)
        case .stringSet, .intSet: 1
        default: 0
        }
    }

    /// Every node of the tree, this one first.
    var allNodes: [QueryNode] {
        switch self {
        case .wrapped(let inner): [self] + inner.allNodes
        case .list(_, let elements): [self] + elements.flatMap(\.allNodes)
        case .record(_, let fields): [self] + fields.flatMap(\.value.allNodes)
        case .dictionary(let entries): [self] + entries.values.flatMap(\.allNodes)
        case .intKeyedDictionary(let entries): [self] + entries.values.flatMap(\.allNodes)
        default: [self]
        }
    }
}
