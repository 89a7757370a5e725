import PropertyHarness
import Testing

/// The coverage rule: a requirement missed at the run's case count extends the run (checking every
/// extra case) up to `coverageExtension` times the default count, and fails only when it is still missed
/// there; the miss probabilities written beside the suite's requirements come from `BinomialTail`.
///
/// Every test runs fixed seeds, so none of them can fail by chance: a statement such as "some seed
/// needed the extension" is a fact about those seeds, checked once and then true forever.
@Suite(.timeLimit(.minutes(20))) struct CoverageExtensionTests {
    private static let limit = PropertyConfiguration.coverageExtension * PropertyConfiguration.defaultIterations

    /// A label with rate 1/200: 200 cases miss it with probability 0.995^200 ≈ 37 %, the extended run
    /// with probability 0.995^3200 ≈ 1e-7 (the requirement here is for the test; the suite's own are far
    /// safer).
    private func rareLabelProperty() -> Property<Int> {
        var property = Property("a rare label", Gen<Int>.int(in: 0...199)) { _ in }
        property.classify = { $0 == 0 ? ["zero"] : [] }
        // A floor of one case, safe here only because every test below runs fixed seeds.
        property.coverage = [.atLeast(count: 1, "zero")]
        return property
    }

    @Test func aFloorMissedAtTheDefaultCountIsMetByTheExtension() {
        var extendedRuns = 0
        for seed: UInt64 in 0..<40 {
            let result = rareLabelProperty().run(PropertyConfiguration(seed: seed))
            #expect(result.failure == nil, "seed \(seed): \(result.failure?.text ?? "")")
            #expect(result.cases >= 200 && result.cases <= Self.limit)
            if result.cases > 200 {
                extendedRuns += 1
                // The extension stops at the case that meets the floor.
                #expect(result.labels.counts["zero"] == 1, "seed \(seed)")
            }
        }
        #expect(extendedRuns > 0, "no seed needed the extension, so it was not exercised")
    }

    @Test func aLabelThatIsNeverProducedStillFailsWithAClearMessage() throws {
        var property = Property("a missing label", Gen<Int>.int(in: 0...9)) { _ in }
        property.classify = { _ in ["digit"] }
        // "letter" is never produced: the floor must fail, after the extension, whatever the seed.
        property.coverage = [.atLeast(count: 1, "letter"), .atLeast(0.5, "digit")]
        let result = property.run(PropertyConfiguration(seed: 1234), replayFilter: "x")
        let report = try #require(result.failure)
        #expect(report.kind == .coverage)
        #expect(result.cases == Self.limit)
        for expected in [
            "Property \"a missing label\" held, but its generators missed coverage requirements over \(Self.limit)"
                + " cases (200 per run, extended up to \(Self.limit) because a requirement was missed; seed 1234):",
            #"    "letter": at least once"#, "A correct generator misses a requirement at this count",
            "Replay: QUERY_PBT_SEED=1234 swift test --filter 'x'",
        ] {
            #expect(report.text.contains(expected), "missing \(expected) in:\n\(report.text)")
        }
        #expect(!report.text.contains(#""digit": at least"#))
    }

    @Test func aCapExceededAtTheDefaultCountIsJudgedAgainAfterTheExtension() {
        // Rate 1/2 under a cap of 55 %: 200 cases exceed it with probability ≈ 7 %, 3,200 with ≈ 1e-8.
        var property = Property("a capped label", Gen<Int>.int(in: 0...1)) { _ in }
        property.classify = { $0 == 0 ? ["zero"] : [] }
        property.coverage = [.between(0.4...0.55, "zero")]
        var extendedRuns = 0
        for seed: UInt64 in 0..<60 {
            let result = property.run(PropertyConfiguration(seed: seed))
            #expect(result.failure == nil, "seed \(seed): \(result.failure?.text ?? "")")
            if result.cases > 200 { extendedRuns += 1 }
        }
        #expect(extendedRuns > 0, "no seed needed the extension, so it was not exercised")
    }

    @Test func theExtensionChecksThePropertyOnEveryExtraCase() throws {
        // The check fails on 7 (rate 1/1000); the never-met floor extends every run to the limit, so
        // some seeds find 7 only in the extension, and report it as an ordinary counterexample.
        var property = Property("never 7", Gen<Int>.int(in: 0...999)) { try require($0 != 7, "got 7") }
        property.classify = { _ in [] }
        // Never met, by design: the floor only forces the extension (fixed seeds).
        property.coverage = [.atLeast(count: 1, "never produced")]
        var foundInTheExtension = 0
        for seed: UInt64 in 0..<10 {
            let report = try #require(property.run(PropertyConfiguration(seed: seed)).failure)
            if report.kind == .counterexample && report.text.contains("(the run of 200 was extended") {
                #expect(report.minimal?.input == "7")
                foundInTheExtension += 1
            }
        }
        #expect(foundInTheExtension > 0, "no seed found the failing value in the extension")
    }

    @Test func aShortRunExtendsToTheDefaultRunsLimitAndASoakIsJudgedAtItsOwnCount() {
        // QUERY_PBT_ITERATIONS=10 must not make a floor that is safe at the default count unsafe; a soak
        // longer than the limit already has more cases than the limit.
        let property = rareLabelProperty()
        #expect(property.extendedCaseCount(iterations: 10) == Self.limit)
        #expect(property.extendedCaseCount(iterations: 1_000) == Self.limit)
        #expect(property.extendedCaseCount(iterations: 100_000) == 100_000)
        for seed: UInt64 in 0..<10 {
            let result = property.run(PropertyConfiguration(seed: seed, iterations: 10))
            #expect(result.failure == nil, "seed \(seed): \(result.failure?.text ?? "")")
        }
    }

    // MARK: Miss probabilities

    /// Known answers, computed independently: 0.99^200, 1 − (1 + 10 + 45)/1024, and two tails from
    /// Python's exact fractions (`sum(comb(n, k) * p**k * (1 - p)**(n - k) ...)`).
    @Test func binomialTailsGiveTheKnownAnswers() {
        #expect(isClose(BinomialTail.atMost(0, of: 200, rate: 0.01), 0.133_979_674_9))
        #expect(isClose(BinomialTail.atLeast(3, of: 10, rate: 0.5), 968.0 / 1024))
        #expect(isClose(BinomialTail.atMost(2, of: 3_200, rate: 0.01), 5.988_944e-12))
        #expect(isClose(BinomialTail.atLeast(1_760, of: 3_200, rate: 0.5), 8.320_924e-9))
        #expect(BinomialTail.atMost(-1, of: 10, rate: 0.5) == 0 && BinomialTail.atMost(10, of: 10, rate: 0.5) == 1)
        #expect(BinomialTail.atLeast(0, of: 10, rate: 0.5) == 1 && BinomialTail.atLeast(11, of: 10, rate: 0.5) == 0)
    }

    @Test func aRequirementsMissProbabilityIsTheTailBeyondItsBounds() {
        // "at least once" at rate 1 %: 0.99^n.
        #expect(isClose(CoverageRequirement.atLeast(count: 1, "x").missProbability(rate: 0.01, cases: 200), 0.133_98))
        // "at least 5 %" of 200 cases is at least 10 cases.
        #expect(
            isClose(
                CoverageRequirement.atLeast(0.05, "x").missProbability(rate: 0.1, cases: 200),
                BinomialTail.atMost(9, of: 200, rate: 0.1)))
        // A cap of 55 % of 3,200 cases is at most 1,760 of them.
        #expect(
            isClose(
                CoverageRequirement.between(0.4...0.55, "x").missProbability(rate: 0.5, cases: 3_200),
                BinomialTail.atMost(1_279, of: 3_200, rate: 0.5) + BinomialTail.atLeast(1_761, of: 3_200, rate: 0.5)))
    }

    @Test func theAuditMeasuresEachRequirement() {
        let audit = rareLabelProperty().coverageAudit(cases: 20_000, configuration: PropertyConfiguration(seed: 3))
        #expect(audit.hasPrefix("Coverage audit of \"a rare label\": rates over 20000 cases; 200 per run,"))
        #expect(audit.contains(#"at \#(Self.limit): "zero": at least once"#), "\(audit)")
        #expect(audit.contains("sum of the miss probabilities at \(Self.limit): "), "\(audit)")
    }

    private func isClose(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= 1e-4 * expected
    }
}
