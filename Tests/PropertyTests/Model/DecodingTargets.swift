import Foundation
import QueryCoding

/// The types the decoder-totality property decodes every hostile input into: flat and nested structs,
/// recursive classes, arrays, dictionaries and sets in every position, optionals, the realistic types,
/// values that cannot be a whole query, and a walker that reads whatever is there through every
/// container API.
enum DecodingTargets {
    /// Every target, by name, decoded from `input` with `decoder`.
    static func outcomes(of input: DecoderInput.Source, with decoder: QueryDecoder) -> [(
        target: String, outcome: Result<String, any Error>
    )] {
        func attempt<T: Decodable>(_ type: T.Type) -> (String, Result<String, any Error>) {
            ("\(T.self)", Result { memberwiseSource(of: try input.decode(T.self, with: decoder)) })
        }
        return [
            attempt(FlatTarget.self), attempt(RequiredTarget.self), attempt(NestedTarget.self),
            attempt(FlatTarget?.self), attempt([String: String].self), attempt([String: [String]].self),
            attempt([String: [String: Int]].self), attempt([Int: String].self), attempt([String: Int?].self),
            attempt([String: Set<String>].self), attempt([String: [FlatTarget]].self), attempt(SearchQuery.self),
            attempt(FilterQuery.self), attempt(BatchQuery.self), attempt(ProfileQuery.self), attempt(Walker.self),
        ]
    }

    /// Types that have no keys: a whole query can never be one of them.
    static func keylessOutcomes(of input: DecoderInput.Source, with decoder: QueryDecoder) -> [(
        target: String, outcome: Result<String, any Error>
    )] {
        func attempt<T: Decodable>(_ type: T.Type) -> (String, Result<String, any Error>) {
            ("\(T.self)", Result { memberwiseSource(of: try input.decode(T.self, with: decoder)) })
        }
        return [attempt([String].self), attempt(Int.self), attempt(String.self), attempt(Set<Int>.self)]
    }
}

/// Every scalar type, each optional, with the names hostile queries use.
struct FlatTarget: Decodable {
    var q: String?
    var page: Int?
    var ratio: Double?
    var f: Float?
    var flag: Bool?
    var tags: [String]?
    var when: Date?
    var blob: Data?
    var id: UUID?
    var link: URL?
    var amount: Decimal?
    var color: Color?
    var small: Int8?
    var big: UInt64?
}

/// Required fields: most hostile queries lack them.
struct RequiredTarget: Decodable {
    var q: String
    var page: Int
}

/// Nesting in every form: optional structs, arrays of structs and of arrays, dictionaries, sets, a
/// recursive class.
struct NestedTarget: Decodable {
    struct Filter: Decodable {
        var min: Int?
        var max: Decimal?
        var tags: [String]?
    }

    struct Item: Decodable {
        var id: Int
        var name: String?
    }

    var filter: Filter?
    var items: [Item]?
    var meta: [String: String]?
    var matrix: [[Int]]?
    var tree: TreeTarget?
    var flags: Set<Bool>?
    var a: [String: [Int]]?
}

/// A recursive type: deep names reach it.
final class TreeTarget: Decodable {
    let value: String?
    let child: TreeTarget?
    let children: [TreeTarget]?
}

/// Reads whatever a query holds through every container API (keys, `contains`, `decodeNil`, scalars,
/// arrays, nested keyed and unkeyed containers, super decoders, single-value containers), so the
/// decoder's less travelled paths see hostile input too. A read may fail with a `DecodingError` or a
/// limit error, which is counted; any other error ends the walk.
struct Walker: Decodable {
    let reads: Int
    let refusals: Int

    init(from decoder: any Decoder) throws {
        let log = Log()
        try log.walk(decoder, depth: 0)
        (reads, refusals) = (log.reads, log.refusals)
    }

    private final class Log {
        var reads = 0
        var refusals = 0

        func attempt(_ read: () throws -> Void) throws {
            do {
                try read()
                reads += 1
            } catch is DecodingError {
                refusals += 1
            } catch is QueryDecodingLimitError {
                refusals += 1
            }
        }

        func walk(_ decoder: any Decoder, depth: Int) throws {
            guard depth < 8 else { return }
            try attempt { _ = try decoder.singleValueContainer().decode(String.self) }
            try attempt { _ = try decoder.singleValueContainer().decodeNil() }
            try attempt {
                var elements = try decoder.unkeyedContainer()
                try walk(&elements, depth: depth + 1)
            }
            try attempt {
                let container = try decoder.container(keyedBy: AnyKey.self)
                for key in container.allKeys.prefix(24) {
                    try walk(container, key, depth: depth)
                }
                // An absent key and `super` once per container, not walked further: walking absent
                // positions would branch without end.
                try walk(container, AnyKey("not sent"), depth: 8)
                if depth == 0 { try walk(try container.superDecoder(), depth: 7) }
            }
        }

        func walk(_ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey, depth: Int) throws {
            _ = container.contains(key)
            try attempt { _ = try container.decodeNil(forKey: key) }
            try attempt { _ = try container.decode(String.self, forKey: key) }
            try attempt { _ = try container.decodeIfPresent(Int.self, forKey: key) }
            try attempt { _ = try container.decode([String].self, forKey: key) }
            try attempt { _ = try container.decode([Int?].self, forKey: key) }
            try attempt { _ = try container.decode([String: String].self, forKey: key) }
            try attempt {
                var elements = try container.nestedUnkeyedContainer(forKey: key)
                try walk(&elements, depth: depth + 1)
            }
            try attempt {
                let nested = try container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
                _ = nested.allKeys
            }
            try attempt { try walk(try container.superDecoder(forKey: key), depth: depth + 1) }
        }

        func walk(_ elements: inout any UnkeyedDecodingContainer, depth: Int) throws {
            var steps = 0
            while !elements.isAtEnd && steps < 24 {
                steps += 1
                if try elements.decodeNil() { continue }
                try walk(try elements.superDecoder(), depth: depth + 1)
            }
            // Reading past the end must throw, not trap.
            try attempt { _ = try elements.decode(String.self) }
            try attempt { _ = try elements.nestedContainer(keyedBy: AnyKey.self) }
        }
    }
}
