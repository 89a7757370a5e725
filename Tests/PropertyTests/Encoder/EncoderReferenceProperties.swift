import PropertyHarness
import Testing

/// Property 7: the encoder agrees with a separately written reference flattener, for every strategy
/// combination.
@Suite(.timeLimit(.minutes(20))) struct EncoderReferenceProperties {
    @Test func encodeToStringMatchesTheReference() async {
        var property = Property("encodeToString matches the reference flattener", cycling: QueryGen.cases) {
            try $0.checkStringAgainstReference(encoding: $0.root)
        }
        property.corpus = RegressionCorpus.encoderCases
        property.classify = \.labels
        property.coverage = EncoderCase.coverage
        await check(property)
    }

    @Test func encodeMatchesTheReference() async {
        var property = Property("encode matches the reference flattener", cycling: QueryGen.cases) {
            try $0.checkItemsAgainstReference(encoding: $0.root)
        }
        property.corpus = RegressionCorpus.encoderCases
        await check(property)
    }

    /// Synthesized conformances of realistic types (`CodingKeys`, optionals, nested structs, arrays of
    /// structs, enums, `Decimal`, `UUID`, `URL`, `Data`, dates, dictionaries, sets) encode exactly as
    /// the trees that describe them say.
    @Test func realisticTypesEncodeAsTheirTreesSay() async {
        var property = Property("realistic types encode as their trees say", cycling: RealisticCase.generators) {
            realistic in
            let described = EncoderCase(setup: realistic.setup, root: realistic.value.node)
            try described.checkStringAgainstReference(encoding: realistic.value)
            try described.checkItemsAgainstReference(encoding: realistic.value)
        }
        property.corpus = RegressionCorpus.realisticCases
        property.classify = { realistic in
            let name = "\(type(of: realistic.value))"
            switch Result(catching: { try realistic.setup.encoder.encodeToString(realistic.value) }) {
            case .success: return [name + " encodes"]
            case .failure: return [name + " throws"]
            }
        }
        // Each floor: its label's rate over 100,000 cases and the probability that a correct generator
        // misses it at the run's count (extending the run) and at the extended count (failing it).
        property.coverage = [
            // rate 20.1 %; miss 7.5e-05 at 200, 3.8e-50 at 3,200
            .atLeast(0.1, "SearchQuery encodes"),
            // rate 18.0 %; miss 1.1e-03 at 200, 2.8e-33 at 3,200
            .atLeast(0.1, "FilterQuery encodes"),
            // rate 5.8 %; miss 9.1e-04 at 200, 1.1e-75 at 3,200
            .atLeast(count: 3, "BatchQuery encodes"),
        ]
        await check(property)
    }
}
