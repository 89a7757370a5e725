import Foundation
import PropertyHarness

/// Query types as users write them: synthesized `Codable`, custom `CodingKeys`, optionals, nested
/// structs, arrays of scalars and of structs, raw-value enums, `Decimal`, `UUID`, `URL`, `Data`, dates,
/// dictionaries and sets.
///
/// Each type also describes itself as a ``QueryNode`` tree, written by hand rather than through
/// `Codable`, so the reference flattener can predict its query: the encoder must turn the synthesized
/// conformance into exactly the tree's query. The round-trip properties decode these types back, and
/// each type says what the lossy combinations of the QueryEncoding guide make of its values.
protocol RealisticQuery: Codable, Equatable, Sendable, SwiftSourceConvertible {
    /// The value as a tree, for the reference flattener.
    var node: QueryNode { get }
    /// Values of the type.
    static var generator: Gen<Self> { get }
    /// Every coding key of the type and of the structs nested in it (for the inverse of the custom
    /// key strategy).
    static var codingKeyNames: [String] { get }
    /// What decoding the value's query with the mirrored decoder gives back: the value itself, with
    /// each lossy combination of the guide applied as documented. Throws when decoding must fail.
    func roundTripped(_ rules: RoundTripRules) throws(RoundTripRules.DecodingMustFail) -> Self
}

/// A search endpoint: renamed keys, optionals, an array of strings, an enum.
struct SearchQuery: RealisticQuery {
    enum Sort: String, Codable, CaseIterable, Sendable {
        case relevance
        case newest
        case priceAscending = "price_asc"
    }

    var term: String
    var page: Int?
    var perPage: UInt8
    var tags: [String]
    var sort: Sort
    var includeArchived: Bool?

    enum CodingKeys: String, CodingKey {
        case term = "q"
        case page
        case perPage = "per_page"
        case tags
        case sort
        case includeArchived
    }

    var node: QueryNode {
        .record(
            .value,
            [
                "q": .string(term), "page": page.map(QueryNode.int) ?? .null(.ifPresent), "per_page": .uint8(perPage),
                "tags": .list(.typed, tags.map(QueryNode.string)), "sort": .string(sort.rawValue),
                "includeArchived": includeArchived.map(QueryNode.bool) ?? .null(.ifPresent),
            ])
    }
}

/// A filter endpoint: a nested struct of decimals, a date, identifiers, a URL, a dictionary.
struct FilterQuery: RealisticQuery {
    struct PriceRange: Codable, Equatable, Sendable {
        var min: Decimal?
        var max: Decimal?
    }

    var price: PriceRange
    var createdAfter: Date?
    var ids: [UUID]
    var owner: URL?
    var quotas: [String: Int]

    var node: QueryNode {
        .record(
            .value,
            [
                "price": .record(
                    .value,
                    [
                        "min": price.min.map(QueryNode.decimal) ?? .null(.ifPresent),
                        "max": price.max.map(QueryNode.decimal) ?? .null(.ifPresent),
                    ]),
                "createdAfter": createdAfter.map(QueryNode.date) ?? .null(.ifPresent),
                "ids": .list(.typed, ids.map(QueryNode.uuid)), "owner": owner.map(QueryNode.url) ?? .null(.ifPresent),
                "quotas": .dictionary(quotas.mapValues(QueryNode.int)),
            ])
    }
}

/// A batch endpoint: an array of structs (which only `.indexedBrackets` can write), bytes, doubles, an
/// array of arrays and a set.
struct BatchQuery: RealisticQuery {
    struct Item: Codable, Equatable, Sendable {
        var id: Int64
        var name: String
        var note: String?
    }

    var items: [Item]
    var signature: Data
    var scores: [Double]
    var matrix: [[Int]]?
    var labels: Set<String>

    var node: QueryNode {
        .record(
            .value,
            [
                "items": .list(
                    .typed,
                    items.map { item in
                        .record(
                            .value,
                            [
                                "id": .int64(item.id), "name": .string(item.name),
                                "note": item.note.map(QueryNode.string) ?? .null(.ifPresent),
                            ])
                    }),
                "signature": .data(signature), "scores": .list(.typed, scores.map(QueryNode.double)),
                "matrix": matrix.map { .list(.typed, $0.map { .list(.typed, $0.map(QueryNode.int)) }) }
                    ?? .null(.ifPresent),
                "labels": .stringSet(labels),
            ])
    }
}
