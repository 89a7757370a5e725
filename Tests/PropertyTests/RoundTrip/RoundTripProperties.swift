import PropertyHarness
import Testing

/// Property 1: decoding what the encoder wrote, with the mirrored strategies, gives the value back —
/// byte for byte, sign for sign — or exactly what a lossy row of the QueryEncoding guide says, for
/// every structural strategy combination (the scalar strategies drawn on top), in both forms.
@Suite(.timeLimit(.minutes(20))) struct RoundTripProperties {
    @Test func decodingTheStringGivesTheValueBack() async {
        await check(roundTrip("decode(encodeToString(x)) gives x back", .string))
    }

    @Test func decodingTheItemsGivesTheValueBack() async {
        await check(roundTrip("decode(encode(x)) gives x back", .items))
    }

    private func roundTrip(_ name: String, _ form: QueryForm) -> Property<RealisticCase> {
        var property = Property(name, cycling: RealisticCase.generators) { try $0.checkRoundTrip(form) }
        property.corpus = RegressionCorpus.realisticCases + RegressionCorpus.roundTripCases
        property.classify = { realistic in
            switch Result(catching: { try realistic.checkRoundTrip(form) }) {
            case .success(.decoded(let rows)):
                return ["round-trips", "\(type(of: realistic.value)) round-trips"] + rows.map { "lossy: " + $0 }
            case .success(.failedAsDocumented): return ["decoding fails as documented"]
            case .success(.refusedByTheEncoder): return ["refused by the encoder"]
            case .failure: return ["fails"]
            }
        }
        property.coverage = Self.coverage
        return property
    }

    /// Beside each floor: its label's rate over 100,000 cases (`QUERY_PBT_COVERAGE_AUDIT=100000`) and
    /// the probability that a correct generator misses it at the run's 200 cases (the run is then
    /// extended) and at 3,200 (the run fails), the larger of the two properties', the rate taken four
    /// standard errors low. Small counts (a rare lossy row) are safe because of that extension.
    static let coverage: [CoverageRequirement] = [
        // rate 73.4 %; miss 5.5e-23 at 200, < 1e-300 at 3,200
        .atLeast(0.4, "round-trips"),
        // rate 19.3 %; miss 5.2e-06 at 200, 2.5e-67 at 3,200
        .atLeast(0.08, "SearchQuery round-trips"),
        // rate 17.8 %; miss 5.1e-07 at 200, 2.7e-82 at 3,200
        .atLeast(0.06, "FilterQuery round-trips"),
        // rate 30.6 %; miss 4.2e-10 at 200, 3.3e-130 at 3,200
        .atLeast(0.12, "ProfileQuery round-trips"),
        // rate 5.7 %; miss 1.2e-03 at 200, 3.8e-73 at 3,200
        .atLeast(count: 3, "BatchQuery round-trips"),
        // rate 5.9 %; miss 8.1e-04 at 200, 1.3e-76 at 3,200
        .atLeast(count: 3, "lossy: optional \"\" or \"null\" reads as nil"),
        // rate 10.3 %; miss 9.7e-06 at 200, 4.3e-137 at 3,200
        .atLeast(count: 5, "lossy: empty optional collection reads as nil"),
        // rate 6.0 %; miss 6.4e-04 at 200, 1.3e-78 at 3,200
        .atLeast(count: 3, "lossy: .some(nil) reads as nil"),
        // rate 4.3 %; miss 2.5e-04 at 200, 2.5e-58 at 3,200
        .atLeast(count: 1, "lossy: nil dictionary value dropped"),
        // rate 12.9 %; miss 4.7e-07 at 200, 8.6e-175 at 3,200
        .atLeast(count: 6, "lossy: dictionary entry that writes nothing dropped"),
        // rate 3.2 %; miss 2.5e-03 at 200, 2.4e-42 at 3,200
        .atLeast(count: 1, "lossy: optional struct that writes nothing reads as nil"),
        // rate 9.7 %; miss 2.6e-05 at 200, 1.5e-128 at 3,200
        .atLeast(count: 5, "lossy: relative URL reads as its absolute URL"),
        // rate 7.9 %; miss 1.3e-04 at 200, 2.2e-103 at 3,200
        .atLeast(count: 4, "lossy: date to the strategy's precision"),
    ]
}
