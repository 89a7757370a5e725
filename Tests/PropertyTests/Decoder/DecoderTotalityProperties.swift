import Foundation
import PropertyHarness
import QueryCoding
import Testing

/// Property 5: the decoder is total. Arbitrary strings, byte soups read as UTF-8, and queries shaped to
/// strain a parser, decoded into every kind of target with every strategy combination, give a value or
/// a thrown `DecodingError` / `QueryDecodingLimitError` — never a trap, never another error. (Speed is
/// the benchmark's business: `decode.hostile.*` checks that a megabyte costs no more per byte than a
/// quarter of one.)
@Suite(.timeLimit(.minutes(20))) struct DecoderTotalityProperties {
    @Test func decodingHostileInputGivesAValueOrATypedError() async {
        var property = Property(
            "decoding hostile input gives a value or a typed error", cycling: HostileQueryGen.all
        ) { try $0.checkTotality() }
        property.corpus = RegressionCorpus.decoderInputs
        property.classify = { $0.labels }
        property.coverage = DecoderInput.coverage
        await check(property)
    }
}
