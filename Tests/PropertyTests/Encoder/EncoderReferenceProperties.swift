import PropertyHarness
import Testing

/// Property 7: the encoder agrees with a separately written reference flattener, for every strategy
/// combination.
@Suite struct EncoderReferenceProperties {
    @Test func encodeToStringMatchesTheReference() {
        var property = Property("encodeToString matches the reference flattener", cycling: QueryGen.cases) {
            try $0.checkStringAgainstReference(encoding: $0.root)
        }
        property.corpus = RegressionCorpus.encoderCases
        property.classify = \.labels
        property.coverage = EncoderCase.coverage
        check(property)
    }

    @Test func encodeMatchesTheReference() {
        var property = Property("encode matches the reference flattener", cycling: QueryGen.cases) {
            try $0.checkItemsAgainstReference(encoding: $0.root)
        }
        property.corpus = RegressionCorpus.encoderCases
        check(property)
    }

    /// Synthesized conformances of realistic types (`CodingKeys`, optionals, nested structs, arrays of
    /// structs, enums, `Decimal`, `UUID`, `URL`, `Data`, dates, dictionaries, sets) encode exactly as
    /// the trees that describe them say.
    @Test func realisticTypesEncodeAsTheirTreesSay() {
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
        property.coverage = [
            .atLeast(0.1, "SearchQuery encodes"), .atLeast(0.1, "FilterQuery encodes"),
            .atLeast(count: 3, "BatchQuery encodes"),
        ]
        check(property)
    }
}
