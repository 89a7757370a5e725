import PropertyHarness
import Testing

/// Property 7: the encoder agrees with a separately written reference flattener, for every strategy
/// combination.
@Suite struct EncoderReferenceProperties {
    @Test func encodeToStringMatchesTheReference() {
        var property = Property("encodeToString matches the reference flattener", cycling: QueryGen.cases) {
            try $0.checkStringAgainstReference()
        }
        property.corpus = RegressionCorpus.encoderCases
        property.classify = \.labels
        property.coverage = EncoderCase.coverage
        check(property)
    }

    @Test func encodeMatchesTheReference() {
        var property = Property("encode matches the reference flattener", cycling: QueryGen.cases) {
            try $0.checkItemsAgainstReference()
        }
        property.corpus = RegressionCorpus.encoderCases
        check(property)
    }
}
