import Foundation

/// Reads the elements of an array in order.
struct QueryUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let query: ParsedQuery
    let elements: [QueryLocation]
    let path: CodingPathNode?
    private(set) var currentIndex = 0

    init(query: ParsedQuery, elements: [QueryLocation], path: CodingPathNode?) {
        self.query = query
        self.elements = elements
        self.path = path
    }

    var codingPath: [any CodingKey] { path?.path ?? [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private func next(_ type: Any.Type) throws -> (location: QueryLocation, path: PathContext) {
        let elementPath = PathContext(parent: path, key: IndexKey(currentIndex))
        guard !isAtEnd else {
            throw DecodingErrors.pastTheEnd(type, count: elements.count, codingPath: elementPath.codingPath)
        }
        return (elements[currentIndex], elementPath)
    }

    mutating func decodeNil() throws -> Bool {
        let (location, path) = try next(Optional<Any>.self)
        guard try query.isNil(at: location, path: path) else { return false }
        currentIndex += 1
        return true
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeNext(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeNext(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeNext(type)
    }

    private mutating func decodeNext<T: Decodable>(_ type: T.Type) throws -> T {
        let (location, path) = try next(type)
        let value = try query.decode(type, at: location, path: path)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try nextDecoder(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try nextDecoder([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try nextDecoder(Any.self)
    }

    private mutating func nextDecoder(_ type: Any.Type) throws -> QueryDecoderImpl {
        let (location, path) = try next(type)
        currentIndex += 1
        return QueryDecoderImpl(query: query, location: location, path: path.materialize())
    }
}
