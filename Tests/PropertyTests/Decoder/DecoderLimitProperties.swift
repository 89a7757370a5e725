import Foundation
import PropertyHarness
import QueryCoding
import Testing

/// Property 6: for generated limits, input exactly at a limit decodes (to exactly the value it holds),
/// and input one unit past it (a byte, a parameter, a level, an element) throws exactly the matching
/// `QueryDecodingLimitError(limit:maximum:parameter:)`, the parameter named where the limit concerns
/// one. The other limits sit at what the longer input needs, so they are probed at their edge too.
@Suite(.timeLimit(.minutes(20))) struct DecoderLimitProperties {
    @Test func atTheLimitDecodesAndOnePastThrowsTheMatchingError() async {
        var property = Property(
            "at a limit decoding succeeds; one past, it throws that limit's error", cycling: LimitCase.generators
        ) { try $0.check() }
        property.corpus = RegressionCorpus.limitCases
        property.classify = { limitCase in
            ["\(limitCase.kind) \(limitCase.form)", "\(limitCase.kind)"]
                + (limitCase.slack == 0 ? ["the other limits exactly met"] : [])
                + (limitCase.limit == 0 ? ["\(limitCase.kind) limit 0"] : [])
        }
        // Rates over 100,000 cases: each kind and form 12.4–12.6 %, so at least 8 cases: miss 2.3e-05 at
        // 200 cases (the run is then extended), 1.1e-162 at 3,200 (the run fails); each limit 0 6.2–6.4 %,
        // so at least 2 cases: miss 7.2e-05 at 200, 8.1e-83 at 3,200; the other limits exactly met 57.9 %:
        // miss 7.2e-28 at 200, < 1e-300 at 3,200.
        property.coverage =
            LimitCase.Kind.allCases.flatMap { kind in
                QueryForm.allCases.map { .atLeast(count: 8, "\(kind) \($0)") } + [.atLeast(count: 2, "\(kind) limit 0")]
            } + [.atLeast(0.2, "the other limits exactly met")]
        await check(property)
    }
}

extension LimitCase {
    func check() throws {
        let limits = self.limits
        var decoder = setup.decoder
        decoder.limits = limits
        let atLimit = input(for: limit)
        let onePast = input(for: limit + 1)
        let decoded: LimitTarget
        do {
            decoded = try atLimit.decode(LimitTarget.self, with: decoder)
        } catch {
            throw PropertyFailure("at the limit (\(limits.swiftSource)), decoding \(render(atLimit)) threw \(error)")
        }
        if let difference = StrictComparison(dateMatches: { $0 == $1 }).firstDifference(expected, decoded) {
            throw PropertyFailure("at the limit, decoding \(render(atLimit)) gave the wrong value: \(difference)")
        }
        do {
            let value = try onePast.decode(LimitTarget.self, with: decoder)
            throw PropertyFailure(
                "one past the limit (\(limits.swiftSource)), decoding \(render(onePast)) returned \(memberwiseSource(of: value)) instead of throwing \(expectedError)"
            )
        } catch let error as QueryDecodingLimitError {
            try requireEqual(
                error, expectedError, "one past the limit (\(limits.swiftSource)), decoding \(render(onePast))")
        }
    }

    private func render(_ source: DecoderInput.Source) -> String {
        switch source {
        case .string(let query): query.swiftSource
        case .items(let items):
            "[" + items.map { "(\($0.name.swiftSource), \($0.value.swiftSource))" }.joined(separator: ", ") + "]"
        }
    }
}
