import Foundation
import GeneratedColorsAPI
import QueryRequest
import Testing

/// Generated queries holding arbitrary values in every styled field read back as the same query: 300 seeded
/// random cases, whose text mixes the characters each style gives a meaning (`&`, `=`, `,`, space, `+`, `%`,
/// brackets, non-ASCII).
@Suite struct QueryRoundTripPropertyTests {
    /// A small deterministic generator (SplitMix64), so that a failure names a seed that reproduces it.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let alphabet: [Character] = Array("ab Z09&=,+%;/?#[].-_~é😀|\"'")

    static func text(_ random: inout SeededGenerator, excluding excluded: Set<Character> = []) -> String {
        let characters = alphabet.filter { !excluded.contains($0) }
        return String(
            (0..<Int.random(in: 0...6, using: &random)).map { _ in characters.randomElement(using: &random)! })
    }

    static func texts(_ random: inout SeededGenerator, excluding excluded: Set<Character> = []) -> [String]? {
        // nil or non-empty: an empty optional array reads back as nil by design (Docs/QueryEncoding.md).
        guard Bool.random(using: &random) else { return nil }
        return (0..<Int.random(in: 1...4, using: &random)).map { _ in text(&random, excluding: excluded) }
    }

    static func color(_ random: inout SeededGenerator) -> RGB? {
        Bool.random(using: &random)
            ? RGB(
                r: .random(in: -5...300, using: &random), g: .random(in: 0...255, using: &random),
                b: .random(in: 0...255, using: &random))
            : nil
    }

    static func query(seed: UInt64) -> ListColorsRequest.Query {
        var random = SeededGenerator(state: seed)
        return ListColorsRequest.Query(
            formPrimitive: Bool.random(using: &random) ? text(&random) : nil,
            formArray: texts(&random),
            formArrayFlat: Bool.random(using: &random) ? [.random(in: -99...99, using: &random), 7] : nil,
            formObjectFlat: color(&random),
            // A pipe inside a pipeDelimited element has no spelling of its own, and throws.
            spaceArray: texts(&random),
            spaceArrayExploded: texts(&random),
            spaceObject: color(&random),
            pipeArray: texts(&random, excluding: ["|"]),
            pipeArrayExploded: texts(&random),
            pipeObject: color(&random),
            deep: color(&random),
            limit: .random(in: .min ... .max, using: &random),
            sort: Bool.random(using: &random) ? .unknown(text(&random)) : .asc,
            pageSize: Bool.random(using: &random) ? .random(in: 0...1000, using: &random) : nil)
    }

    @Test func randomQueriesReadBackUnchanged() throws {
        for seed in UInt64(1)...300 {
            let query = Self.query(seed: seed)
            let wire = try QueryEncoder().encodeToString(query)
            let decoded = try QueryDecoder().decode(ListColorsRequest.Query.self, from: wire)
            #expect(decoded == query, "seed \(seed): \(wire)")
            let url = try ListColorsRequest(query: query).makeURLRequest().url
            #expect(url?.query == wire, "seed \(seed)")
        }
    }
}
