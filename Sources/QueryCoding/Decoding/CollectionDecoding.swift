import Foundation

extension Optional: QueryDecodingFastPath where Wrapped: Decodable {
    /// `nil` for an absent parameter and for the text the nil strategy names; otherwise the wrapped value.
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        if try query.isNil(at: location, path: path) { return nil }
        return try query.decode(Wrapped.self, at: location, path: path)
    }
}

extension Array: QueryDecodingFastPath where Element: Decodable {
    /// The elements the array strategy finds; `[]` when the parameter is absent (an empty array
    /// writes nothing).
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        // The element type's fast path is looked up once for the whole array; `String`, the commonest,
        // by comparing metadata, and read straight from a node's values where they are its elements.
        if Element.self == String.self {
            return Specialization.cast(try decodeStrings(from: query, at: location, path: path), to: [Element].self)
        }
        let elements = try query.elements(at: location, path: path, type: Self.self)
        if TypeTraits.of(Element.self).contains(.decodingFastPath),
            let fast = Element.self as? any QueryDecodingFastPath.Type
        {
            return try decodeElements(elements, as: fast, query: query, path: path)
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        var elementPath = path.element(0)
        for index in elements.indices {
            elementPath.elementIndex = index
            result.append(try query.decode(Element.self, at: elements[index], path: elementPath))
        }
        return result
    }

    private static func decodeStrings(
        from query: ParsedQuery, at location: QueryLocation, path: PathContext
    ) throws -> [String] {
        var strings: [String] = []
        // Element `i`'s path is element 0's with the index changed: made once, the key is not copied again
        // for every element.
        var elementPath = path.element(0)
        switch try query.arrayElements(at: location, path: path, type: Self.self) {
        case .valuesOf(let node):
            strings.reserveCapacity(Int(query.nodes[node].valueCount))
            var value = query.firstValue(of: node)
            while value >= 0 {
                elementPath.elementIndex = strings.count
                strings.append(try query.decodeString(at: .value(value), path: elementPath).text)
                value = query.nextValue(after: value)
            }
        case .listed(let elements):
            strings.reserveCapacity(elements.count)
            for index in elements.indices {
                elementPath.elementIndex = index
                strings.append(try query.decodeString(at: elements[index], path: elementPath).text)
            }
        }
        return strings
    }

    private static func decodeElements<Fast: QueryDecodingFastPath>(
        _ elements: [QueryLocation], as type: Fast.Type, query: ParsedQuery, path: PathContext
    ) throws -> Self {
        var result: [Fast] = []
        result.reserveCapacity(elements.count)
        var elementPath = path.element(0)
        for index in elements.indices {
            elementPath.elementIndex = index
            result.append(try Fast.decodeQuery(from: query, at: elements[index], path: elementPath))
        }
        // `Fast` was opened from `Element`'s own metatype: they are one type.
        return Specialization.cast(result, to: [Element].self)
    }
}

extension Array {
    /// The first two elements.
    fileprivate var pair: (Element, Element) { (self[0], self[1]) }
}

extension Set: QueryDecodingFastPath where Element: Decodable {
    /// The elements of the array at the location; a repeated element is kept once.
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        Set(try [Element].decodeQuery(from: query, at: location, path: path))
    }
}

extension Dictionary: QueryDecodingFastPath where Key: Decodable, Value: Decodable {
    /// One entry per nested parameter, keyed by its name as sent: dictionary keys are data and are never
    /// converted by the key strategy. `[:]` when the parameter is absent.
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        let node = try query.keyedNode(at: location, path: path, type: Self.self)
        let parent = path.materialize()
        var result: [Key: Value] = [:]
        var names: [Key: String] = [:]
        for (name, child) in query.children(of: node) {
            let keyPath = PathContext(parent: parent, key: NameKey(name))
            try query.requireWritableKey(name, child: child, codingPath: keyPath.codingPath)
            let key = try makeKey(name, query: query, path: keyPath)
            // `5` and `05` name one Int key: keeping either would depend on the order of a dictionary.
            if let other = names.updateValue(name, forKey: key) {
                let (first, second) = [other, name].sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.pair
                throw DecodingErrors.duplicateDictionaryKey(
                    first, second, keyType: Key.self, key: key, codingPath: path.codingPath)
            }
            result[key] = try query.decode(Value.self, at: .node(child), path: keyPath)
        }
        return result
    }

    private static func makeKey(_ name: String, query: ParsedQuery, path: PathContext) throws -> Key {
        if Key.self == String.self { return Specialization.cast(name, to: Key.self) }
        if let type = Key.self as? any CodingKeyRepresentable.Type, let key = type.init(codingKey: NameKey(name)) {
            return key as! Key
        }
        if let type = Key.self as? any QueryIntegerDecoding.Type, let key = makeInteger(type, name) {
            return key as! Key
        }
        throw DecodingErrors.invalidDictionaryKey(name, keyType: Key.self, codingPath: path.codingPath)
    }

    private static func makeInteger<Integer: QueryIntegerDecoding>(_ type: Integer.Type, _ name: String) -> Integer? {
        Integer(name)
    }
}
