import Foundation

/// Reads the one value at a position: a scalar, or a composite value that occupies the position.
struct QuerySingleValueDecodingContainer: SingleValueDecodingContainer {
    let state: DecodingState
    let position: DecodingPosition
    let path: CodingPathNode?

    var codingPath: [any CodingKey] { path?.path ?? [] }

    private var context: PathContext { PathContext(parent: path, key: nil) }

    func decodeNil() -> Bool {
        // A value that cannot be read is not nil; the decode that follows reports why.
        (try? state.isNil(at: position, path: context)) ?? false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.decode(type, at: position, path: context)
    }
}
