import Foundation
import PropertyHarness
import QueryCoding
import Testing

/// Property 7 for the decoder: decoding generated queries (well formed but hostile, a few with invalid
/// escapes) and query items into dictionary shapes gives exactly what a separately written reference
/// parser says — the same entries with the same bytes, or a failure where it says decoding must fail —
/// for every array and nesting strategy.
@Suite(.timeLimit(.minutes(20))) struct DecoderReferenceProperties {
    @Test func decodingMatchesTheReferenceParser() async {
        var property = Property("decoding matches the reference parser", cycling: WellFormedQueryGen.all) {
            try $0.checkAgainstReference()
        }
        property.weight = 3
        property.corpus = RegressionCorpus.differentialInputs
        property.classify = { $0.referenceLabels }
        // Each floor: its label's rate over 100,000 cases and the probability that a correct generator
        // misses it at the run's count (extending the run) and at the extended count (failing it).
        property.coverage = [
            // rate 39.7 %; miss 2.8e-24 at 600, < 1e-300 at 9,600
            .atLeast(0.2, "[String: String] decodes"),
            // rate 30.6 %; miss 9.8e-09 at 600, 1.6e-110 at 9,600
            .atLeast(0.2, "[String: [String]] decodes"),
            // rate 20.3 %; miss 2.7e-11 at 600, 5.4e-150 at 9,600
            .atLeast(0.1, "[String: [String: String]] decodes"),
            // rate 60.3 %; miss 1.1e-144 at 600, < 1e-300 at 9,600
            .atLeast(0.1, "[String: String] fails"),
            // rate 69.4 %; miss 1.8e-201 at 600, < 1e-300 at 9,600
            .atLeast(0.1, "[String: [String]] fails"),
            // rate 79.7 %; miss 2.3e-212 at 600, < 1e-300 at 9,600
            .atLeast(0.2, "[String: [String: String]] fails"),
            // rate 13.4 %; miss 2.7e-18 at 600, 3.2e-258 at 9,600
            .atLeast(0.03, "a malformed name or value"),
            // rate 10.0 %; miss 1.2e-23 at 600, < 1e-300 at 9,600
            .atLeast(count: 3, "canonically equivalent names"),
            // rate 24.9 %; miss 9.8e-20 at 600, 3.4e-282 at 9,600
            .atLeast(0.1, "items"),
        ]
        await check(property)
    }
}

extension DecoderInput {
    /// The reference's parse of the source, or why decoding must fail.
    var referenceTree: Result<ReferenceQueryNode, ReferenceDecodingFailure> {
        let parsed: Result<ReferenceParsedQuery, ReferenceDecodingFailure> =
            switch source {
            case .string(let query): ReferenceParsedQuery.parse(query)
            case .items(let items): .success(ReferenceParsedQuery.parse(items: items))
            }
        return parsed.flatMap { ReferenceQueryNode.tree(of: $0, setup: setup) }
    }

    /// Decodes the source into three dictionary shapes and compares each with the reference.
    func checkAgainstReference() throws {
        let tree = referenceTree
        try compare([String: String].self, tree.flatMap(ReferenceDecoding.stringMap)) { Array($0.utf8) == $1 }
        try compare([String: [String]].self, tree.flatMap { ReferenceDecoding.listMap($0, setup: setup) }) {
            $0.map { Array($0.utf8) } == $1
        }
        try compare([String: [String: String]].self, tree.flatMap(ReferenceDecoding.nestedMap)) { actual, expected in
            actual.count == expected.count
                && expected.allSatisfy { entry in
                    actual.contains { Array($0.key.utf8) == entry.key && Array($0.value.utf8) == entry.value }
                }
        }
    }

    private func compare<Value: Decodable, Expected>(
        _ type: [String: Value].Type, _ expected: ReferenceDecoding.Entries<Expected>,
        _ same: (Value, Expected) -> Bool
    ) throws {
        let actual = Result { try source.decode(type, with: decoder) }
        switch (expected, actual) {
        case (.failure, .failure(let error)):
            guard error is DecodingError else {
                throw PropertyFailure("\(type): expected a DecodingError, got \(String(reflecting: error))")
            }
        case (.failure(let reason), .success(let value)):
            throw PropertyFailure(
                "\(type): the reference fails (\(reason)), but decoding returned \(memberwiseSource(of: value))")
        case (.success(let entries), .failure(let error)):
            throw PropertyFailure("\(type): the reference reads \(describe(entries)), but decoding threw \(error)")
        case (.success(let entries), .success(let value)):
            let matches =
                value.count == entries.count
                && entries.allSatisfy { entry in
                    value.contains { Array($0.key.utf8) == entry.key && same($0.value, entry.value) }
                }
            try require(
                matches,
                "\(type): decoding returned \(memberwiseSource(of: value)), but the reference reads \(describe(entries))"
            )
        }
    }

    private func describe<Expected>(_ entries: [(key: [UInt8], value: Expected)]) -> String {
        "[" + entries.map { "\(text($0.key)): \(describe($0.value))" }.joined(separator: ", ") + "]"
    }

    private func describe(_ value: Any) -> String {
        switch value {
        case let bytes as [UInt8]: text(bytes)
        case let list as [[UInt8]]: "[" + list.map(text).joined(separator: ", ") + "]"
        case let entries as [(key: [UInt8], value: [UInt8])]:
            "[" + entries.map { "\(text($0.key)): \(text($0.value))" }.joined(separator: ", ") + "]"
        default: "\(value)"
        }
    }

    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).swiftSource
    }

    /// Labels for the coverage of the differential property.
    var referenceLabels: [String] {
        var labels: [String] = []
        let tree = referenceTree
        labels.append("[String: String] " + (tree.flatMap(ReferenceDecoding.stringMap).isSuccess ? "decodes" : "fails"))
        labels.append(
            "[String: [String]] "
                + (tree.flatMap { ReferenceDecoding.listMap($0, setup: setup) }.isSuccess ? "decodes" : "fails"))
        labels.append(
            "[String: [String: String]] " + (tree.flatMap(ReferenceDecoding.nestedMap).isSuccess ? "decodes" : "fails"))
        switch source {
        case .items(let items):
            labels.append("items")
            if hasCanonicallyEquivalentNames(items.map { Array($0.name.utf8) }) {
                labels.append("canonically equivalent names")
            }
        case .string(let query):
            switch ReferenceParsedQuery.parse(query) {
            case .failure: labels.append("a malformed name or value")
            case .success(let parsed):
                if parsed.decodedPairs == nil { labels.append("a malformed name or value") }
                if hasCanonicallyEquivalentNames(parsed.pairs.map(\.name)) {
                    labels.append("canonically equivalent names")
                }
            }
        }
        return labels
    }

    private func hasCanonicallyEquivalentNames(_ names: [[UInt8]]) -> Bool {
        let distinct = Set(names)
        return Set(distinct.map { String(decoding: $0, as: UTF8.self) }).count < distinct.count
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
