import Foundation
import PropertyHarness

/// A value with dictionaries or sets and the exact query an earlier process encoded it to.
struct GoldenQuery {
    let input: EncoderCase
    let query: String
}

extension GoldenQueries {
    /// The seed the golden inputs were drawn from.
    static let seed: UInt64 = 20_261_122

    /// Draws inputs that hold a dictionary or set of two or more entries, for every array and nesting
    /// strategy, and writes them with their queries (checked against the reference) to
    /// `Corpus/GoldenQueries.swift`.
    static func write() throws {
        var entries: [String] = []
        // Every fourth strategy combination: all array, nesting, nil and space strategies.
        for index in stride(from: 0, to: QueryGen.cases.count, by: 4) {
            let generator = QueryGen.cases[index]
            for attempt in 0..<200 {
                let input = generator.example(
                    seed: SplitMix64.caseSeed(runSeed: seed, property: "golden", index: index * 1000 + attempt))
                guard case .success(let reference) = input.reference, case .success(let query) = input.encodeToString(),
                    query == reference.string, (40...600).contains(query.utf8.count),
                    input.root.allNodes.contains(where: \.isUnorderedCollectionOfTwoOrMore)
                else { continue }
                let inputSource = input.swiftSource.replacingOccurrences(of: "\n", with: "\n        ")
                entries.append(
                    "        GoldenQuery(\n            input: \(inputSource),\n            query: \(query.swiftSource)),"
                )
                break
            }
        }
        let source = """
            // Written by `QUERY_PBT_WRITE_GOLDEN=1 swift test --filter writeGoldenQueries`; do not edit by hand.
            // Each query was encoded by an earlier process, whose dictionaries and sets iterated in another order.
            import Foundation

            /// Values holding dictionaries and sets, with the queries an earlier process encoded them to.
            enum GoldenQueries {
                static let all: [GoldenQuery] = [
            \(entries.joined(separator: "\n"))
                ]
            }

            """
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Corpus/GoldenQueries.swift")
        try source.write(to: path, atomically: true, encoding: .utf8)
    }
}

extension QueryNode {
    fileprivate var isUnorderedCollectionOfTwoOrMore: Bool {
        switch self {
        case .dictionary(let entries): entries.count >= 2
        case .intKeyedDictionary(let entries): entries.count >= 2
        case .stringSet(let elements): elements.count >= 2
        case .intSet(let elements): elements.count >= 2
        default: false
        }
    }
}
