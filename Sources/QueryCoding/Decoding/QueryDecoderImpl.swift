import Foundation

// How decoding works (the folder in brief; Docs/Internals.md has the whole story).
//
// `QueryDecoder.decode` parses the whole query first, into a `ParsedQuery`: its pairs split once on `&`
// and `=`, each value kept as a range of the source bytes (percent-decoded only when read), and the names
// arranged as a tree (`QueryTreeNode.swift`) by the nesting strategies. Limits are enforced while parsing.
// The value is then read from the tree:
//
// - A `QueryLocation` is where one value is read from: a node of the tree, one value text (a list element
//   or one of a repeated name's values), or nothing (`absent`: empty collections and `nil`).
// - `QueryDecoderImpl` is the `Decoder` a type's `init(from:)` receives: a location, its coding path
//   (`PathContext`, materialised only when asked for) and the containers over it.
// - Scalars (`QueryDecodingFastPath.swift`, `QueryIntegerDecoding.swift`, `QueryFloatDecoding.swift`) and
//   the standard collections (`CollectionDecoding.swift`) skip `init(from:)`; `[String]` and `[Int]` are
//   recognised by their metadata in `ParsedQuery.decode`.
// - Every error is built in `DecodingErrors.swift`; limits throw `QueryDecodingLimitError`.

/// The `Decoder` a type's `init(from:)` receives: a location in the parsed query and its coding path.
struct QueryDecoderImpl: Decoder {
    let query: ParsedQuery
    let location: QueryLocation
    let path: CodingPathNode?
    /// The per-field styles of the type being decoded, if it declares any.
    var fieldStyles: (any QueryFieldStyling.Type)? = nil

    var codingPath: [any CodingKey] { path?.path ?? [] }
    var userInfo: [CodingUserInfoKey: Any] { query.options.userInfo }

    private var context: PathContext { PathContext(parent: path, key: nil) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let node = try query.keyedNode(at: location, path: context, type: [String: Any].self)
        return KeyedDecodingContainer(
            QueryKeyedDecodingContainer<Key>(query: query, node: node, path: path, fieldStyles: fieldStyles))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let elements = try query.elements(at: location, path: context, type: [Any].self)
        return QueryUnkeyedDecodingContainer(query: query, elements: elements, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        QuerySingleValueDecodingContainer(query: query, location: location, path: path)
    }
}

extension ParsedQuery {
    /// Decodes the whole query, which is a set of named parameters: a struct, a dictionary, or an
    /// optional of one (`nil` for an empty query).
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        // An empty query is `nil` for any optional, which needs no keys.
        let isEmptyOptional = !nodes[0].hasChildren && T.self is any QueryOptionalType.Type
        if TypeTraits.of(T.self).contains(.hasNoKeys) && !isEmptyOptional {
            throw DecodingErrors.topLevelWithoutKeys(T.self)
        }
        return try decode(T.self, at: .node(0), path: .root)
    }
}

extension ParsedQuery {
    /// Whether values of `type` (or of the type an optional wraps) have no keys to read a query into.
    static func hasNoKeys(_ type: Any.Type) -> Bool {
        if let optional = type as? any QueryOptionalType.Type { return hasNoKeys(optional.wrappedType) }
        return type is any QueryIntegerDecoding.Type || type is any QueryFloatDecoding.Type || type == String.self
            || type == Bool.self || type == Date.self || type == Data.self || type == URL.self
            || type == UUID.self || type == Decimal.self || type is any QueryTopLevelArray.Type
    }
}

extension ParsedQuery {
    /// Whether values of `type` (or of the type an optional wraps) are single values: no keys, no
    /// elements.
    static func isSingleValue(_ type: Any.Type) -> Bool {
        if let optional = type as? any QueryOptionalType.Type { return isSingleValue(optional.wrappedType) }
        return hasNoKeys(type) && !(type is any QueryTopLevelArray.Type)
    }
}

extension ParsedQuery {
    /// The configuration in force where the value being read sits: the decoder's own, with the
    /// strategies that a field's ``QueryFieldStyle`` overrides for the field's value.
    var configuration: QueryDecoder {
        var options = self.options
        options.arrayDecoding = arrayDecoding
        options.nestedKeyDecoding = nestedKeyDecoding
        options.dateDecoding = dateDecoding
        return QueryDecoder(options: options)
    }
}
