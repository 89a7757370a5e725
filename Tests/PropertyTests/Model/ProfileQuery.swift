import Foundation
import PropertyHarness

/// A profile endpoint: the shapes the other realistic types lack, most of them on a lossy row of the
/// guide. Non-optional `Bool`, `Float`, `Int8`, `UInt64`; an array of `Int` raw-value enums; an array of
/// optional strings; an optional struct two levels deep whose fields may all write nothing; dictionaries
/// with optional values, with array values, and with `Int` keys; a `Set<Int>`; an optional array of
/// dates; an optional string; a double optional; a URL that may be relative to a base.
struct ProfileQuery: RealisticQuery {
    enum Level: Int, Codable, CaseIterable, Sendable {
        case low = 1
        case medium = 5
        case high = -10
    }

    struct Location: Codable, Equatable, Sendable {
        var city: String?
        var area: Area?
    }

    struct Area: Codable, Equatable, Sendable {
        var code: Int16
        var names: [String]
    }

    var active: Bool
    var ratio: Float
    var small: Int8
    var big: UInt64
    var levels: [Level]
    var nicknames: [String?]
    var location: Location?
    var limits: [String: Int?]
    var groups: [String: [Int]]
    var byRank: [Int: String]
    var seen: Set<Int>
    var history: [Date]?
    var nickname: String?
    var rating: Int??
    var homepage: URL?

    static let codingKeyNames = [
        "active", "ratio", "small", "big", "levels", "nicknames", "location", "city", "area", "code", "names",
        "limits", "groups", "byRank", "seen", "history", "nickname", "rating", "homepage",
    ]

    var node: QueryNode {
        let location: QueryNode =
            self.location.map { location in
                .record(
                    .value,
                    [
                        "city": location.city.map(QueryNode.string) ?? .null(.ifPresent),
                        "area": location.area.map { area in
                            .record(
                                .value,
                                ["code": .int16(area.code), "names": .list(.typed, area.names.map(QueryNode.string))]
                            )
                        } ?? .null(.ifPresent),
                    ])
            } ?? .null(.ifPresent)
        let rating: QueryNode =
            switch self.rating {
            case .none: .null(.ifPresent)
            case .some(.none): .null(.optional)
            case .some(.some(let value)): .int(value)
            }
        return .record(
            .value,
            [
                "active": .bool(active), "ratio": .float(ratio), "small": .int8(small), "big": .uint64(big),
                "levels": .list(.typed, levels.map { .wrapped(.int($0.rawValue)) }),
                "nicknames": .list(.typed, nicknames.map { $0.map(QueryNode.string) ?? .null(.encodeNil) }),
                "location": location,
                "limits": .dictionary(limits.mapValues { $0.map(QueryNode.int) ?? .null(.optional) }),
                "groups": .dictionary(groups.mapValues { .list(.typed, $0.map(QueryNode.int)) }),
                "byRank": .intKeyedDictionary(byRank.mapValues(QueryNode.string)), "seen": .intSet(seen),
                "history": history.map { .list(.typed, $0.map(QueryNode.date)) } ?? .null(.ifPresent),
                "nickname": nickname.map(QueryNode.string) ?? .null(.ifPresent), "rating": rating,
                "homepage": homepage.map(QueryNode.url) ?? .null(.ifPresent),
            ])
    }

    func roundTripped(_ rules: RoundTripRules) throws(RoundTripRules.DecodingMustFail) -> ProfileQuery {
        var result = self
        result.nicknames = nicknames.map(rules.optional)
        result.location = location.map { location in
            Location(city: rules.optional(location.city), area: location.area)
        }
        // An optional struct whose fields all write nothing reads back as nil.
        if let location, location.city == nil, location.area == nil, rules.setup.nils == .omit {
            rules.record("optional struct that writes nothing reads as nil")
            result.location = nil
        }
        result.limits = rules.dictionary(limits)
        result.groups = rules.dictionaryOfArrays(groups)
        result.history = try rules.optionalDates(history)
        result.nickname = rules.optional(nickname)
        result.rating = rules.collapsed(rating)
        if let homepage, homepage.baseURL != nil {
            // `StrictComparison` compares URLs by their absolute text and requires no base.
            rules.record("relative URL reads as its absolute URL")
            result.homepage = URL(string: homepage.absoluteString)
        }
        return result
    }

    static var generator: Gen<ProfileQuery> {
        let area = Gen { source in
            Area(
                code: Gen<Int16>.anyInteger.run(source),
                names: Gen<String>.hostileString().array(averageLength: 2).run(source))
        }
        let location = Gen { source in
            Location(
                city: Gen<String>.hostileString().optional(nilProbability: 0.7).run(source),
                area: area.optional(nilProbability: 0.7).run(source))
        }
        // Optional strings and nil elements are the point: "" and "null" are common.
        let nickname: Gen<String?> = .frequency([
            (6, Gen<String>.hostileString().map { $0 }), (2, .constant(nil)), (1, .constant("")),
            (1, .constant("null")),
        ])
        let rating: Gen<Int??> = .frequency([
            (3, Gen<Int>.anyInteger.map { $0 }), (1, .constant(.none)), (1, .constant(.some(nil))),
        ])
        return Gen { source in
            ProfileQuery(
                active: Gen<Bool>.bool.run(source), ratio: Gen<Float>.floatingPoint().run(source),
                small: Gen<Int8>.anyInteger.run(source), big: Gen<UInt64>.anyInteger.run(source),
                levels: Gen<Level>.element(of: Level.allCases).array(averageLength: 2).run(source),
                nicknames: nickname.array(averageLength: 2).run(source),
                location: location.optional(nilProbability: 0.2).run(source),
                limits: Gen<[String: Int?]>.dictionary(
                    keys: QueryGen.dictionaryKey, values: Gen<Int>.anyInteger.optional(nilProbability: 0.5),
                    averageCount: 2.5
                ).run(source),
                groups: Gen<[String: [Int]]>.dictionary(
                    keys: QueryGen.dictionaryKey, values: Gen<Int>.anyInteger.array(averageLength: 1.5),
                    averageCount: 2
                ).run(source),
                byRank: Gen<[Int: String]>.dictionary(
                    keys: .anyInteger, values: .hostileString(), averageCount: 2
                ).run(source),
                seen: Set(Gen<Int>.anyInteger.array(averageLength: 2).run(source)),
                history: QueryGen.dateValue.array(averageLength: 1.5).optional(nilProbability: 0.4).run(source),
                nickname: nickname.run(source), rating: rating.run(source),
                homepage: Gen<URL>.frequency([(3, .element(of: QueryGen.urls)), (2, .element(of: relativeURLs))])
                    .optional().run(source))
        }
    }

    /// URLs relative to a base, whose round trip keeps only the absolute URL.
    static let relativeURLs: [URL] = [
        URL(string: "b/c?x=1", relativeTo: URL(string: "https://example.com/a/")),
        URL(string: "../up%20one", relativeTo: URL(string: "https://example.com/a/b/")),
    ].compactMap { $0 }
}
