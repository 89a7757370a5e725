import Foundation
import QueryRequest

/// The types the decoder target reads, and the round-trip oracle.
public enum DecoderTargets {
    /// How many targets there are.
    public static let count = 8

    /// Decodes `query` as target number `target` and checks the oracles.
    public static func check(_ target: Int, query: String, asItems: Bool, coders: CoderPair) {
        switch target {
        case 0: roundTrip([String: String].self, query, asItems, coders)
        case 1: roundTrip([String: [String]].self, query, asItems, coders)
        case 2: roundTrip([String: [String: Int]].self, query, asItems, coders)
        case 3: roundTrip([String: Set<String>?].self, query, asItems, coders)
        case 4: roundTrip(Profile.self, query, asItems, coders)
        case 5: roundTrip([String: [Profile.Item]].self, query, asItems, coders)
        case 6: roundTrip(Scalars.self, query, asItems, coders)
        default: roundTrip([String: [[Int]]].self, query, asItems, coders)
        }
    }

    /// `query` as items: split at `&` and the first `=`, nothing decoded (items are text as the server
    /// reads it).
    static func items(_ query: String) -> [URLQueryItem] {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return URLQueryItem(name: String(pair), value: nil) }
            return URLQueryItem(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...]))
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ query: String, _ asItems: Bool, _ decoder: QueryDecoder) -> T? {
        do {
            return asItems ? try decoder.decode(type, from: items(query)) : try decoder.decode(type, from: query)
        } catch is DecodingError, is QueryDecodingLimitError {
            return nil
        } catch {
            fuzzFailure("decoding \(T.self) threw \(String(reflecting: error)), which is not a typed decoding error")
        }
    }

    static func roundTrip<T: Codable>(_ type: T.Type, _ query: String, _ asItems: Bool, _ coders: CoderPair) {
        guard let value = decode(type, query, asItems, coders.decoder) else { return }
        var unlimited = coders.decoder
        unlimited.limits = QueryDecoder.Limits(
            maximumInputLength: .max, maximumParameterCount: .max, maximumDepth: .max, maximumArrayLength: .max)
        let context = "\(T.self) from \(String(reflecting: query)) with \(coders.summary)"
        let first = encoded(value, coders.encoder, "the decoded value of \(context)")
        guard let again = decodeWritten(type, first, unlimited, context) else { return }
        let second = encoded(again, coders.encoder, "the value read back from \(String(reflecting: first))")
        guard let third = decodeWritten(type, second, unlimited, context) else { return }
        let last = encoded(third, coders.encoder, "the value read back from \(String(reflecting: second))")
        fuzzRequire(
            Array(last.utf8) == Array(second.utf8),
            "no fixed point for \(context): \(String(reflecting: first)) → \(String(reflecting: second)) → \(String(reflecting: last))"
        )
    }

    static func encoded<T: Encodable>(_ value: T, _ encoder: QueryEncoder, _ what: String) -> String {
        do {
            return try encoder.encodeToString(value)
        } catch {
            fuzzFailure("the encoder refuses \(what): \(error)")
        }
    }

    /// What the encoder wrote must decode with the mirrored decoder.
    static func decodeWritten<T: Decodable>(_ type: T.Type, _ text: String, _ decoder: QueryDecoder, _ context: String)
        -> T?
    {
        do {
            return try decoder.decode(type, from: text)
        } catch {
            fuzzFailure(
                "the decoder refuses what the encoder wrote, \(String(reflecting: text)), for \(context): \(error)")
        }
    }
}

/// A realistic query: optionals, nested structs, arrays of structs, sets, dictionaries, dates, data.
struct Profile: Codable {
    struct Filter: Codable {
        var min: Int?
        var max: Decimal?
        var tags: [String]?
    }

    struct Item: Codable {
        var id: Int
        var name: String?
    }

    var name: String?
    var age: Int?
    var tags: [String]?
    var flags: Set<String>?
    var filter: Filter?
    var items: [Item]?
    var when: Date?
    var blob: Data?
    var on: Bool?
    var meta: [String: String]?
    var userID: UUID?
}

/// Every scalar type, required and optional.
struct Scalars: Codable {
    var text: String
    var number: Int?
    var small: Int8?
    var unsigned: UInt64?
    var ratio: Double?
    var single: Float?
    var flag: Bool?
    var link: URL?
    var amount: Decimal?
}
