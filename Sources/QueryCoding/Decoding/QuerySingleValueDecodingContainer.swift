import Foundation

/// Reads the one value at a location: a scalar, or a composite value that occupies the location.
struct QuerySingleValueDecodingContainer: SingleValueDecodingContainer {
    let query: ParsedQuery
    let location: QueryLocation
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { path?.path ?? [] }

    private var context: PathContext { PathContext(parent: path, key: nil) }

    func decodeNil() -> Bool {
        // A value that cannot be read is not nil; the decode that follows reports why.
        (try? query.isNil(at: location, path: context)) ?? false
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try query.decode(type, at: location, path: context) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try query.decode(type, at: location, path: context) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try query.decode(type, at: location, path: context)
    }
}
