import Foundation
import PropertyHarness

extension SearchQuery {
    static var generator: Gen<SearchQuery> {
        Gen { source in
            SearchQuery(
                term: Gen<String>.hostileString().run(source), page: Gen<Int>.anyInteger.optional().run(source),
                perPage: Gen<UInt8>.anyInteger.run(source), tags: Gen<String>.hostileString().array().run(source),
                sort: Gen<Sort>.element(of: Sort.allCases).run(source),
                includeArchived: Gen<Bool>.bool.optional().run(source))
        }
    }
}

extension FilterQuery {
    static var generator: Gen<FilterQuery> {
        let decimal = Gen<Int>.anyInteger.zip(.int(in: -6...6)).map { significand, exponent in
            Decimal(
                sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand.magnitude))
        }
        return Gen { source in
            FilterQuery(
                price: PriceRange(min: decimal.optional().run(source), max: decimal.optional().run(source)),
                createdAfter: QueryGen.dateValue.optional().run(source),
                ids: Gen<UInt8>.anyInteger.array(count: 16).map(QueryGen.uuid(from:)).array(averageLength: 2).run(
                    source),
                owner: Gen<URL>.element(of: QueryGen.urls).optional().run(source),
                quotas: Gen<[String: Int]>.dictionary(keys: QueryGen.dictionaryKey, values: .anyInteger).run(source))
        }
    }
}

extension BatchQuery {
    static var generator: Gen<BatchQuery> {
        let item = Gen { source in
            Item(
                id: Gen<Int64>.anyInteger.run(source), name: Gen<String>.hostileString().run(source),
                note: Gen<String>.hostileString().optional().run(source))
        }
        return Gen { source in
            BatchQuery(
                items: item.array(averageLength: 2).run(source),
                signature: Data(Gen<UInt8>.anyInteger.array().run(source)),
                scores: Gen<Double>.floatingPoint().array().run(source),
                matrix: Gen<Int>.anyInteger.array(averageLength: 2).array(averageLength: 2).optional().run(source),
                labels: Set(Gen<String>.hostileString().array().run(source)))
        }
    }
}

/// A realistic value and the strategies to encode it with.
struct RealisticCase: Sendable, SwiftSourceConvertible {
    var setup: EncodingSetup
    var value: any RealisticQuery

    /// Every realistic type.
    static let types: [any RealisticQuery.Type] = [
        SearchQuery.self, FilterQuery.self, BatchQuery.self, ProfileQuery.self,
    ]

    /// Every realistic type, one generator per structural strategy combination. `ProfileQuery`, which
    /// holds most of the lossy rows, is drawn twice as often as the others.
    static let generators: [Gen<RealisticCase>] = EncodingSetup.structuralCombinations.map { structural in
        let values = types.map { (weight: $0 == ProfileQuery.self ? 2 : 1, generator: erasedGenerator($0)) }
        return QueryGen.scalarStrategies(on: structural).zip(.frequency(values))
            .map { RealisticCase(setup: $0, value: $1) }
    }

    private static func erasedGenerator<T: RealisticQuery>(_ type: T.Type) -> Gen<any RealisticQuery> {
        T.generator.map { $0 as any RealisticQuery }
    }

    var swiftSource: String {
        "RealisticCase(\n    setup: \(setup.swiftSource),\n    value: \(value.swiftSource))"
    }
}
