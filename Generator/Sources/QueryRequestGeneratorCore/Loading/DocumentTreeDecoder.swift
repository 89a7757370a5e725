import Foundation
import OpenAPIKitCore
import Yams

/// A `Decoder` over a `DocumentTree`, for OpenAPIKit's model types.
///
/// It reads scalars exactly as Yams' `YAMLDecoder` does (through the same `ScalarConstructible` conversions, null
/// for a plain `~`, `null` or nothing), so a document means the same as before; only look-ups and `AnyCodable`
/// values are faster. The coding path is a chain of links made into an array only for an error.
struct DocumentTreeDecoder: Decoder {
    let tree: DocumentTree
    let path: CodingPathLink?
    /// A value of the root mapping decoded ahead on another thread; only the root decoder has one.
    let prefetched: PrefetchedValue?

    init(tree: DocumentTree, path: CodingPathLink? = nil, prefetched: PrefetchedValue? = nil) {
        self.tree = tree
        self.path = path
        self.prefetched = prefetched
    }

    var codingPath: [any CodingKey] { path?.keys ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let keys, let children) = tree.content else {
            throw mismatch([String: Any].self)
        }
        return KeyedDecodingContainer(KeyedContainer(decoder: self, keys: keys, children: children))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let elements) = tree.content else { throw mismatch([Any].self) }
        return UnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// The decoder of a child node.
    func child(_ tree: DocumentTree, _ key: PathKey) -> DocumentTreeDecoder {
        DocumentTreeDecoder(tree: tree, path: CodingPathLink(parent: path, key: key))
    }

    /// A value of any type: scalars through Yams' conversions; `AnyCodable` and its collections straight from the
    /// tree (the same values `AnyCodable(from:)` would give, without a thrown error per type it tries).
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let constructible = type as? any ScalarConstructible.Type {
            guard case .scalar(let scalar) = tree.content else { throw mismatch(type) }
            guard let value = constructible.construct(from: scalar) as? T else { throw mismatch(type) }
            return value
        }
        if type == AnyCodable.self, let value = AnyCodable(tree.anyCodable) as? T {
            return value
        }
        if type == [String: AnyCodable].self, case .mapping(_, let children) = tree.content,
            let value = children.mapValues({ AnyCodable($0.anyCodable) }) as? T
        {
            return value
        }
        if type == [AnyCodable].self, case .sequence(let elements) = tree.content,
            let value = elements.map({ AnyCodable($0.anyCodable) }) as? T
        {
            return value
        }
        return try T(from: self)
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        let found =
            switch tree.content {
            case .scalar(let scalar): "the scalar '\(scalar.string)'"
            case .mapping: "a mapping"
            case .sequence: "a sequence"
            }
        return .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found)."))
    }
}

/// One step of a coding path, kept as a link to its parent so that a decoder one level down costs one small
/// allocation instead of a copy of the whole path.
final class CodingPathLink {
    let parent: CodingPathLink?
    let key: PathKey

    init(parent: CodingPathLink?, key: PathKey) {
        self.parent = parent
        self.key = key
    }

    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var link: CodingPathLink? = self
        while let current = link {
            keys.append(current.key)
            link = current.parent
        }
        return keys.reversed()
    }
}

/// A mapping's key or a sequence's index.
enum PathKey: CodingKey {
    case key(String)
    case index(Int)

    init?(stringValue: String) { self = .key(stringValue) }
    init?(intValue: Int) { self = .index(intValue) }

    var stringValue: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }

    var intValue: Int? {
        guard case .index(let index) = self else { return nil }
        return index
    }
}

extension DocumentTreeDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { tree.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: DocumentTreeDecoder
    let keys: [String]
    let children: [String: DocumentTree]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { keys.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { children[key.stringValue] != nil }

    private func child(_ key: Key) throws -> DocumentTreeDecoder {
        guard let tree = children[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(codingPath: codingPath, debugDescription: "No value for the key \"\(key.stringValue)\"."))
        }
        return decoder.child(tree, .key(key.stringValue))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeValue(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeValue(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeValue(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeValue(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeValue(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeValue(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeValue(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeValue(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeValue(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeValue(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeValue(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeValue(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeValue(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeValue(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let prefetched = decoder.prefetched, prefetched.key == key.stringValue,
            let value = try prefetched.value(as: type)
        {
            return value
        }
        return try child(key).decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        guard let tree = children["super"] else {
            throw DecodingError.keyNotFound(
                PathKey.key("super"), .init(codingPath: codingPath, debugDescription: "No value for the key \"super\".")
            )
        }
        return decoder.child(tree, .key("super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: DocumentTreeDecoder
    let elements: [DocumentTree]
    private(set) var currentIndex = 0

    init(decoder: DocumentTreeDecoder, elements: [DocumentTree]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The current element's decoder; the index moves on only once it has decoded.
    private func current<T>(_ type: T.Type) throws -> DocumentTreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: codingPath + [PathKey.index(currentIndex)],
                    debugDescription: "The sequence has no more elements."))
        }
        return decoder.child(elements[currentIndex], .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        let isNull = try current(Any?.self).decodeNil()
        if isNull { currentIndex += 1 }
        return isNull
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try current(type).decodeValue(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try current([String: Any].self).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try current([Any].self).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try current(Any.self)
        currentIndex += 1
        return decoder
    }
}

/// A value of the document decoded on another thread while the calling thread decodes the rest, handed over when
/// the calling thread reaches its key: OpenAPIKit decodes `components` and then `paths`, two subtrees of about the
/// same size that nothing links, so the two cores of a machine can read one each.
final class PrefetchedValue: @unchecked Sendable {
    let key: String
    private let done = DispatchSemaphore(value: 0)
    // Invariant: written once, on the decoding thread, before `done` is signalled; read only after waiting for
    // `done`. The semaphore orders the write before every read.
    private var result: Result<Any, any Swift.Error>?

    /// Decodes `type` from the root's child `key` on a thread of its own.
    ///
    /// The caller must not touch that subtree until `value(as:)` returns, and no node of it may be shared with
    /// the rest of the tree (a YAML alias can share one): a `DocumentTree` caches values as it is read, without a
    /// lock.
    init<T: Decodable>(_ type: T.Type, key: String, of root: DocumentTree) {
        self.key = key
        let work = UncheckedWork {
            guard case .mapping(_, let children) = root.content, let tree = children[key] else {
                throw DecodingError.keyNotFound(
                    PathKey.key(key), .init(codingPath: [], debugDescription: "No value for the key \"\(key)\"."))
            }
            return try DocumentTreeDecoder(tree: root).child(tree, .key(key)).decodeValue(type)
        }
        let thread = Thread { [self] in
            result = Result { try work.run() }
            done.signal()
        }
        // As deep as the calling thread may go: nested schemas recurse through `Codable` (a secondary thread's
        // default stack is 512 KiB on Apple platforms).
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The value, once decoded (waiting for it); `nil` when the caller asks for another type.
    func value<T>(as type: T.Type) throws -> T? {
        done.wait()
        done.signal()
        return try result?.get() as? T
    }
}

/// The decoding of a subtree, handed to the prefetching thread, which alone reads the subtree until the value is
/// handed over (see `PrefetchedValue.init`).
private struct UncheckedWork: @unchecked Sendable {
    let run: () throws -> Any
}
