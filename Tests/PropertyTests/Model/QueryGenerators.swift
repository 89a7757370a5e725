import Foundation
import PropertyHarness
import QueryCoding

/// Generators of encoder cases: strategy combinations and the value trees that fit them.
enum QueryGen {
    /// One generator per structural strategy combination (see
    /// ``EncodingSetup/structuralCombinations``), each drawing the scalar strategies at random and a
    /// top-level value. A property that cycles through them covers every combination in every run.
    static let cases: [Gen<EncoderCase>] = EncodingSetup.structuralCombinations.map(encoderCase)

    /// Cases for one structural combination.
    static func encoderCase(_ structural: EncodingSetup) -> Gen<EncoderCase> {
        scalarStrategies(on: structural).flatMap { setup in
            root(for: setup).map { EncoderCase(setup: setup, root: $0) }
        }
    }

    /// A structural combination with the strategies that only change a scalar's text (dates, bools,
    /// keys, data) drawn at random.
    static func scalarStrategies(on structural: EncodingSetup) -> Gen<EncodingSetup> {
        Gen<EncodingSetup.DateChoice>.element(of: EncodingSetup.DateChoice.allCases)
            .zip(.element(of: [QueryEncoder.BoolEncodingStrategy.literal, .numeric]))
            .zip(Gen<EncodingSetup.KeyChoice>.element(of: EncodingSetup.KeyChoice.allCases))
            .zip(Gen<EncodingSetup.DataChoice>.element(of: EncodingSetup.DataChoice.allCases))
            .map { choices in
                var setup = structural
                ((setup.dates, setup.bools), setup.keys) = choices.0
                setup.data = choices.1
                return setup
            }
    }

    // MARK: Trees

    /// Nesting below the top level; with the top-level struct, values reach depth 5.
    static let maximumDepth = 4

    /// A top-level value: mostly a struct, sometimes a dictionary, rarely nil (an empty query).
    static func root(for setup: EncodingSetup) -> Gen<QueryNode> {
        let inner = node(for: setup, depth: maximumDepth)
        // At least one field: an empty query is the rare case, not one in five.
        let fields = codingKey.zip(inner).array(averageLength: 4, minimumLength: 1, maximumLength: 24)
        return .frequency([
            (16, fields.map { .record(.value, $0.map { QueryField($0, $1) }) }),
            (3, Gen<[String: QueryNode]>.dictionary(keys: dictionaryKey, values: inner).map { .dictionary($0) }),
            (1, .constant(.null(.optional))),
        ])
    }

    /// A value nested at most `depth` levels deep. Arrays get the elements their strategy can write
    /// (anything for `.indexedBrackets`, scalars otherwise), with a small share of elements it cannot,
    /// so that the errors are exercised without drowning the successes.
    static func node(for setup: EncodingSetup, depth: Int) -> Gen<QueryNode> {
        let leaf: Gen<QueryNode> = .frequency([(12, scalar), (2, null)])
        guard depth > 0 else { return leaf }
        let inner = node(for: setup, depth: depth - 1)
        return .frequency([
            (12, scalar),
            (2, null),
            (4, list(for: setup, inner: inner)),
            (4, record(inner)),
            (1, Gen<[String: QueryNode]>.dictionary(keys: dictionaryKey, values: inner).map { .dictionary($0) }),
            (1, Gen<[Int: QueryNode]>.dictionary(keys: .anyInteger, values: inner).map { .intKeyedDictionary($0) }),
            (1, sets),
            (1, inner.map { .wrapped($0) }),
        ])
    }

    static func record(_ inner: Gen<QueryNode>) -> Gen<QueryNode> {
        Gen<QueryNode.RecordRoute>.element(of: QueryNode.RecordRoute.allCases)
            .zip(codingKey.zip(inner).array(averageLength: 3, maximumLength: 16))
            .map { route, fields in .record(route, fields.map { QueryField($0, $1) }) }
    }

    static func list(for setup: EncodingSetup, inner: Gen<QueryNode>) -> Gen<QueryNode> {
        let misfit: Gen<QueryNode> = setup.array == .indexedBrackets ? inner : .frequency([(20, scalar), (1, inner)])
        let nilWeight = setup.nils == .omit && setup.array != .indexedBrackets ? 1 : 3
        // Commas inside the elements of a comma-separated list are the classic bug: make them common.
        let commaWeight = setup.array == .commaSeparated ? 2 : 0
        let element: Gen<QueryNode> = .frequency([
            (16, scalar), (nilWeight, null), (4, misfit), (commaWeight, commaStrings),
        ])
        let mixed = Gen<QueryNode.ListRoute>.element(of: [.container, .array])
            .zip(element.array(averageLength: 3, maximumLength: 24))
            .map { route, elements in QueryNode.list(route, elements) }
        return .frequency([(3, mixed), (2, typedList(nilWeight: nilWeight))])
    }

    /// A homogeneous list passed as a typed Swift array (`[String]`, `[Int]`, …).
    static func typedList(nilWeight: Int) -> Gen<QueryNode> {
        let optionalString: Gen<QueryNode> = .frequency([(8, string), (nilWeight, null)])
        return Gen<Gen<QueryNode>>.element(of: [string, integer, double, bool, optionalString])
            .flatMap { $0.array(averageLength: 3, maximumLength: 24) }
            .map { .list(.typed, $0) }
    }

    static let commaStrings: Gen<QueryNode> = Gen<String>.element(of: [",", "a,b", ",x", "x,", ",,", "a%2Cb"])
        .map { .string($0) }

    static let sets: Gen<QueryNode> = .frequency([
        (1, Gen<String>.hostileString().array(averageLength: 3).map { .stringSet(Set($0)) }),
        (1, Gen<Int>.anyInteger.array(averageLength: 3).map { .intSet(Set($0)) }),
    ])

    static let null: Gen<QueryNode> = Gen<QueryNode.NilRoute>.element(of: QueryNode.NilRoute.allCases)
        .map { .null($0) }

    // MARK: Keys

    /// Coding keys: mostly realistic names (camelCase, snake_case, acronyms), some random identifiers,
    /// and a hostile share that collides with the nesting syntax now and then.
    static let codingKey: Gen<String> = .frequency([
        (6, .element(of: realisticKeys)),
        (3, .identifier()),
        (1, .hostileString(troublemakerProbability: 0.3)),
    ])

    /// Dictionary keys are data: more of them are hostile.
    static let dictionaryKey: Gen<String> = .frequency([
        (3, .element(of: realisticKeys)),
        (1, .hostileString(troublemakerProbability: 0.3)),
    ])

    static let realisticKeys = [
        "id", "q", "page", "perPage", "sort", "filter", "deviceID", "userName", "myURLValue", "created_at",
        "HTTPStatus", "a1B2", "_private", "x", "type", "tags", "min", "max", "ids", "isActive", "URL", "kebab-key",
        "__proto__", "constructor", "ünïcode", "naïveKey", "a b",
    ]

    // MARK: Scalars

    static let string: Gen<QueryNode> = Gen<String>.hostileString().map { .string($0) }
    static let integer: Gen<QueryNode> = Gen<Int>.anyInteger.map { .int($0) }
    static let double: Gen<QueryNode> = Gen<Double>.floatingPoint().map { .double($0) }
    static let bool: Gen<QueryNode> = Gen<Bool>.bool.map { .bool($0) }

    /// Every scalar type, strings and integers most often; NaN, infinities and unrepresentable dates
    /// occur rarely, to check that they throw.
    static let scalar: Gen<QueryNode> = .frequency([
        (40, string),
        (16, integer),
        (4, Gen<Int8>.anyInteger.map { .int8($0) }),
        (4, Gen<Int16>.anyInteger.map { .int16($0) }),
        (4, Gen<Int32>.anyInteger.map { .int32($0) }),
        (4, Gen<Int64>.anyInteger.map { .int64($0) }),
        (4, Gen<UInt>.anyInteger.map { .uint($0) }),
        (4, Gen<UInt8>.anyInteger.map { .uint8($0) }),
        (4, Gen<UInt16>.anyInteger.map { .uint16($0) }),
        (4, Gen<UInt32>.anyInteger.map { .uint32($0) }),
        (4, Gen<UInt64>.anyInteger.map { .uint64($0) }),
        (12, double),
        (4, Gen<Float>.floatingPoint().map { .float($0) }),
        (1, Gen<Double>.element(of: [.nan, .infinity, -.infinity]).map { .double($0) }),
        (1, Gen<Float>.element(of: [.nan, -.infinity]).map { .float($0) }),
        (8, bool),
        (4, decimal),
        (12, date),
        (4, Gen<UInt8>.anyInteger.array(averageLength: 5).map { .data(Data($0)) }),
        (4, Gen<URL>.element(of: urls).map { .url($0) }),
        (4, Gen<UInt8>.anyInteger.array(count: 16).map { .uuid(uuid(from: $0)) }),
        (4, Gen<Color>.element(of: Color.allCases).map { .color($0) }),
    ])

    static let decimal: Gen<QueryNode> = .frequency([
        (
            6,
            Gen<Int>.anyInteger.zip(.int(in: -20...20)).map { significand, exponent in
                .decimal(
                    Decimal(
                        sign: significand < 0 ? .minus : .plus, exponent: exponent,
                        significand: Decimal(significand.magnitude)))
            }
        ),
        (
            2,
            Gen<String>.element(of: ["0", "12.5", "-0.001", "123456789012345678901234567890", "1e-20", "3.14159"])
                .map { .decimal(Decimal(string: $0)!) }
        ),
        (1, .constant(.decimal(.nan))),
    ])

    /// Dates mostly between 1900 and 2100, in whole seconds or with fractions, plus the edges of
    /// ISO 8601's years 0000–9999, just past them, and far beyond.
    static let date: Gen<QueryNode> = dateValue.map { .date($0) }

    /// Dates mostly between 1900 and 2100, in whole seconds or with fractions, plus the edges of
    /// ISO 8601's years 0000–9999, just past them, and far beyond.
    static let dateValue: Gen<Date> = .frequency([
        (5, Gen<Int64>.integer(in: -2_208_988_800...4_102_444_800).map { Date(timeIntervalSince1970: Double($0)) }),
        (
            2,
            Gen<Int64>.integer(in: -2_208_988_800...4_102_444_800).zip(.int(in: 1...999)).map { seconds, millis in
                Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
            }
        ),
        (2, Gen<Double>.element(of: dateEdges).map { Date(timeIntervalSince1970: $0) }),
    ])

    static let dateEdges: [Double] = [
        0, -0.5, -1, 0.001, 951_782_400, 1_509_466_556.25, -62_167_219_200, 253_402_300_799, 253_402_300_799.999,
        -62_167_219_201, 253_402_300_800, 1e20, -1e20,
    ]

    static let urls: [URL] = [
        "https://example.com/a?b=c&d=e#f", "http://[::1]:8080/", "https://user:pass@host.example/p%20q",
        "file:///tmp/a%2Cb", "mailto:a@b.example", "urn:isbn:0451450523", "https://example.com/%E2%82%AC+x",
        "relative/path?x=1",
    ].compactMap { URL(string: $0) }

    static func uuid(from bytes: [UInt8]) -> UUID {
        UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
