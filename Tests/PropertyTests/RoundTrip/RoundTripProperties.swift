import PropertyHarness
import Testing

/// Property 1: decoding what the encoder wrote, with the mirrored strategies, gives the value back —
/// byte for byte, sign for sign — or exactly what a lossy row of the QueryEncoding guide says, for
/// every structural strategy combination (the scalar strategies drawn on top), in both forms.
@Suite struct RoundTripProperties {
    @Test func decodingTheStringGivesTheValueBack() {
        check(roundTrip("decode(encodeToString(x)) gives x back", .string))
    }

    @Test func decodingTheItemsGivesTheValueBack() {
        check(roundTrip("decode(encode(x)) gives x back", .items))
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

    /// Floors far below the rates measured over 5,000 cases (a share at a third or less; a rare row's
    /// count several standard deviations below the 200-case expectation).
    static let coverage: [CoverageRequirement] = [
        .atLeast(0.4, "round-trips"),
        .atLeast(0.08, "SearchQuery round-trips"),
        .atLeast(0.06, "FilterQuery round-trips"),
        .atLeast(0.12, "ProfileQuery round-trips"),
        .atLeast(count: 3, "BatchQuery round-trips"),
        .atLeast(count: 3, "lossy: optional \"\" or \"null\" reads as nil"),
        .atLeast(count: 5, "lossy: empty optional collection reads as nil"),
        .atLeast(count: 3, "lossy: .some(nil) reads as nil"),
        .atLeast(count: 1, "lossy: nil dictionary value dropped"),
        .atLeast(count: 6, "lossy: dictionary entry that writes nothing dropped"),
        .atLeast(count: 1, "lossy: optional struct that writes nothing reads as nil"),
        .atLeast(count: 5, "lossy: relative URL reads as its absolute URL"),
        .atLeast(count: 4, "lossy: date to the strategy's precision"),
    ]
}
