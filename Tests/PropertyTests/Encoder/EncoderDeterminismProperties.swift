import Foundation
import PropertyHarness
import QueryCoding
import Testing

/// Property 4: the same value gives the same bytes, in this process and in any other.
///
/// `Dictionary` and `Set` iterate in an order that depends on the process's random hash seed and on
/// their capacity and history. In this process, rebuilding every dictionary and set of a value with
/// another capacity and insertion order must not change a byte; across processes, the committed
/// golden queries (`Corpus/GoldenQueries.swift`, written by an earlier process) must come out again.
@Suite(.timeLimit(.minutes(20))) struct EncoderDeterminismProperties {
    @Test func rebuildingDictionariesAndSetsChangesNoByte() async {
        var property = Property("the order of dictionaries and sets never shows", cycling: QueryGen.cases) {
            try $0.checkDeterminism()
        }
        property.corpus = RegressionCorpus.encoderCases
        await check(property)
    }

    /// The rebuilding above is not vacuous: it really changes the iteration order.
    @Test func rebuildingReallyChangesTheIterationOrder() {
        let keys = (0..<64).map { "key\($0)" }
        let original = QueryNode.dictionary(Dictionary(uniqueKeysWithValues: keys.map { ($0, QueryNode.int(0)) }))
        guard case .dictionary(let before) = original, case .dictionary(let after) = original.rebuilt else {
            Issue.record("not a dictionary")
            return
        }
        #expect(Array(before.keys) != Array(after.keys))
        #expect(Set(before.keys) == Set(after.keys))
    }

    @Test(arguments: GoldenQueries.all.indices)
    func goldenQueriesComeOutByteForByte(index: Int) throws {
        let golden = GoldenQueries.all[index]
        let query = try golden.input.setup.encoder.encodeToString(golden.input.root)
        #expect(Array(query.utf8) == Array(golden.query.utf8), "\(query.swiftSource)")
        let reference = try golden.input.reference.get()
        #expect(Array(reference.string.utf8) == Array(golden.query.utf8))
    }

    /// Rewrites `Corpus/GoldenQueries.swift` from a fixed seed; run it only on purpose:
    /// `QUERY_PBT_WRITE_GOLDEN=1 swift test --filter writeGoldenQueries`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["QUERY_PBT_WRITE_GOLDEN"] == "1"))
    func writeGoldenQueries() throws {
        try GoldenQueries.write()
    }
}

extension EncoderCase {
    fileprivate func checkDeterminism() throws {
        let rebuilt = EncoderCase(setup: setup, root: root.rebuilt)
        let encoder = setup.encoder
        switch (encodeToString(), rebuilt.encodeToString(), Result { try encoder.encodeToString(root) }) {
        case (.success(let first), .success(let second), .success(let third)):
            try require(
                Array(first.utf8) == Array(second.utf8) && Array(first.utf8) == Array(third.utf8),
                "different bytes for the same value:\n  \(first.swiftSource)\n  \(second.swiftSource)\n  \(third.swiftSource)"
            )
        case (.failure, .failure, .failure): break
        case (let first, let second, let third):
            throw PropertyFailure("the same value encoded differently: \(first), \(second), \(third)")
        }
        switch (encode(), rebuilt.encode()) {
        case (.success(let first), .success(let second)):
            try require(
                samePairs(bytes(of: first), bytes(of: second)), "different items: \(render(first)), \(render(second))")
        case (.failure, .failure): break
        case (let first, let second):
            throw PropertyFailure("the same value encoded differently: \(first), \(second)")
        }
    }
}

extension QueryNode {
    /// The same value with every dictionary and set rebuilt with a larger capacity, inserting in
    /// reverse order, so that they iterate in another order.
    var rebuilt: QueryNode {
        switch self {
        case .wrapped(let inner): return .wrapped(inner.rebuilt)
        case .list(let route, let elements): return .list(route, elements.map(\.rebuilt))
        case .record(let route, let fields): return .record(route, fields.map { QueryField($0.key, $0.value.rebuilt) })
        case .dictionary(let entries):
            var copy = [String: QueryNode](minimumCapacity: entries.count * 4 + 16)
            for key in entries.keys.sorted().reversed() { copy[key] = entries[key]?.rebuilt }
            return .dictionary(copy)
        case .intKeyedDictionary(let entries):
            var copy = [Int: QueryNode](minimumCapacity: entries.count * 4 + 16)
            for key in entries.keys.sorted().reversed() { copy[key] = entries[key]?.rebuilt }
            return .intKeyedDictionary(copy)
        case .stringSet(let elements):
            var copy = Set<String>(minimumCapacity: elements.count * 4 + 16)
            for element in elements.sorted().reversed() { copy.insert(element) }
            return .stringSet(copy)
        case .intSet(let elements):
            var copy = Set<Int>(minimumCapacity: elements.count * 4 + 16)
            for element in elements.sorted().reversed() { copy.insert(element) }
            return .intSet(copy)
        default: return self
        }
    }
}
