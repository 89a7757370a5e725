import PropertyHarness
import Testing

/// The harness itself: seeds replay, the shrinker finds the known minimal counterexamples of planted
/// bugs, and a failure report says how to replay it.
@Suite(.timeLimit(.minutes(20))) struct HarnessSelfTests {
    private let fixed = PropertyConfiguration(seed: 1234, iterations: 200)
    /// The shrinking tests hold for any seed; a few different ones show it.
    private static let seeds: [UInt64] = [1234, 1, 99, 2026, 0xFFFF_FFFF]

    // MARK: Seeds replay

    /// Known answers, computed independently (Python), pin the generator and the range reduction: if
    /// either changed, every recorded seed would replay something else.
    @Test func prngAndRangeReductionGiveTheKnownAnswers() {
        var zero = SplitMix64(seed: 0)
        #expect(
            [zero.next(), zero.next(), zero.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
        var small = SplitMix64(seed: 42)
        #expect((0..<8).map { _ in small.next(upTo: 9) } == [7, 1, 2, 3, 0, 8, 2, 8])
        var large = SplitMix64(seed: 42)
        #expect((0..<4).map { _ in large.next(upTo: 1_000_000) } == [741_565, 159_910, 278_601, 344_191])
        #expect(SplitMix64.caseSeed(runSeed: 1, property: "p", index: 0) == 0xA206_19B1_06E1_CE3B)
        #expect(SplitMix64.caseSeed(runSeed: 1, property: "p", index: 7) == 0x554D_CF26_E187_C1FC)
    }

    @Test func aSeedReplaysTheSameValuesAndTheirRecordReplaysThemToo() {
        let generator = Gen<String>.hostileString().zip(Gen<Double>.floatingPoint()).array()
        for seed: UInt64 in [0, 1, 0xDEAD_BEEF, .max] {
            let first = ChoiceSource(seed: seed)
            let second = ChoiceSource(seed: seed)
            let firstValue = generator.run(first)
            #expect(swiftSource(of: generator.run(second)) == swiftSource(of: firstValue))
            #expect(first.choices == second.choices)
            let replay = ChoiceSource(replaying: first.choices)
            #expect(swiftSource(of: generator.run(replay)) == swiftSource(of: firstValue))
            #expect(replay.choices == first.choices)
        }
    }

    @Test func caseSeedsDependOnTheRunThePropertyAndTheIndexOnly() {
        let seeds = Set((0..<1000).map { SplitMix64.caseSeed(runSeed: 9, property: "a", index: $0) })
        #expect(seeds.count == 1000)
        #expect(
            SplitMix64.caseSeed(runSeed: 9, property: "a", index: 3)
                != SplitMix64.caseSeed(runSeed: 9, property: "b", index: 3))
        #expect(
            SplitMix64.caseSeed(runSeed: 9, property: "a", index: 3)
                != SplitMix64.caseSeed(runSeed: 10, property: "a", index: 3))
    }

    // MARK: Shrinking planted bugs

    @Test(arguments: seeds) func anIntegerThresholdShrinksToTheThreshold(seed: UInt64) throws {
        for generator in [Gen<Int>.int(in: 0...1_000_000), Gen<Int>.anyInteger, Gen<Int>.int(in: -5_000...5_000)] {
            let result = Property("all ints are below 1000", generator) { try require($0 < 1000, "\($0) ≥ 1000") }
                .run(PropertyConfiguration(seed: seed))
            let report = try #require(result.failure)
            #expect(report.minimal?.input == "1000", "\(report)")
        }
    }

    @Test(arguments: seeds) func aListLengthBugShrinksToTheShortestFailingList(seed: UInt64) throws {
        let result = Property("lists are shorter than 3", Gen<Int>.anyInteger.array(averageLength: 8)) {
            try require($0.count < 3, "\($0.count) elements")
        }
        .run(PropertyConfiguration(seed: seed))
        #expect(try #require(result.failure).minimal?.input == "[0, 0, 0]")
    }

    @Test(arguments: seeds) func aListElementBugShrinksToTheOneFailingElement(seed: UInt64) throws {
        let result = Property("no element reaches 10", Gen<Int>.int(in: 0...100).array()) { array in
            try require(array.allSatisfy { $0 < 10 }, "an element ≥ 10")
        }
        .run(PropertyConfiguration(seed: seed))
        #expect(try #require(result.failure).minimal?.input == "[10]")
    }

    @Test(arguments: seeds) func aDuplicateBugShrinksToTwoZeros(seed: UInt64) throws {
        let result = Property("elements are distinct", Gen<Int>.int(in: 0...20).array(averageLength: 10)) { array in
            try require(Set(array).count == array.count, "a duplicate")
        }
        .run(PropertyConfiguration(seed: seed))
        #expect(try #require(result.failure).minimal?.input == "[0, 0]")
    }

    @Test(arguments: seeds) func shrinkingWorksThroughMapAndFlatMap(seed: UInt64) throws {
        let pairs = Gen<Int>.int(in: 0...50).flatMap { first in
            Gen<Int>.int(in: 0...100).map { offset in [first, first + offset] }
        }
        let result = Property("pairs are less than 60 apart", pairs) { pair in
            try require(pair[1] - pair[0] < 60, "\(pair[1] - pair[0]) apart")
        }
        .run(PropertyConfiguration(seed: seed))
        #expect(try #require(result.failure).minimal?.input == "[0, 60]")
    }

    @Test(arguments: seeds) func aHostileStringBugShrinksToTheTroublemaker(seed: UInt64) throws {
        let result = Property("strings have no ampersand", Gen<String>.hostileString()) { text in
            try require(!text.contains("&"), "contains &")
        }
        .run(PropertyConfiguration(seed: seed))
        #expect(try #require(result.failure).minimal?.input == #""&""#)
    }

    @Test(arguments: seeds) func batchedShrinkingFindsTheSameMinimum(seed: UInt64) throws {
        let result = Property(
            "all ints are below 1000, checked in batches", cycling: [Gen<Int>.int(in: 0...1_000_000)], batchSize: 16
        ) { values in
            values.map { $0 < 1000 ? nil : "\($0) ≥ 1000" }
        }
        .run(PropertyConfiguration(seed: seed))
        #expect(try #require(result.failure).minimal?.input == "1000")
    }

    @Test func aCounterexampleIsShrunkAgainWithTheSimplestGeneratorThatFails() throws {
        let plain = Gen<Int>.int(in: 0...1_000_000).map { "plain \($0)" }
        let fancy = Gen<Int>.int(in: 0...1_000_000).map { "fancy \($0)" }
        let property = Property("numbers are below 1000", cycling: [.constant("none"), plain, fancy]) { text in
            try require(Int(text.split(separator: " ").last ?? "") ?? 0 < 1000, "too large")
        }
        var foundByFancy = 0
        for seed: UInt64 in 0..<20 {
            let report = try #require(property.run(PropertyConfiguration(seed: seed)).failure)
            #expect(report.minimal?.input == #""plain 1000""#)
            if report.text.contains("Original failing input:\n    \"fancy") { foundByFancy += 1 }
        }
        #expect(foundByFancy > 0, "no seed exercised the retry with a simpler generator")
    }

    @Test func aReplayGivesTheSameReport() throws {
        let property = Property("no duplicates", Gen<Int>.int(in: 0...20).array(averageLength: 10)) { array in
            try require(Set(array).count == array.count, "a duplicate")
        }
        let first = try #require(property.run(fixed, replayFilter: "x").failure)
        let second = try #require(property.run(fixed, replayFilter: "x").failure)
        #expect(first.text == second.text)
    }

    @Test func aZeroBudgetReportsTheOriginalInput() throws {
        let configuration = PropertyConfiguration(seed: 1234, shrinkBudget: 0)
        let result = Property("all ints are below 1000", Gen<Int>.int(in: 0...1_000_000)) {
            try require($0 < 1000, "\($0) ≥ 1000")
        }
        .run(configuration)
        let report = try #require(result.failure)
        #expect(report.minimal?.input != "1000")
        #expect(report.text.contains("Original failing input:\n    \(report.minimal?.input ?? "")\n"))
    }

    // MARK: Reports

    @Test func aReportNamesThePropertyTheInputsTheSeedAndTheReplayCommand() throws {
        let result = Property("all ints are below 1000", Gen<Int>.int(in: 0...1_000_000)) {
            try require($0 < 1000, "\($0) is too large")
        }
        .run(fixed, replayFilter: #"PropertyTests.Suite/test\("#)
        let report = try #require(result.failure)
        #expect(report.kind == .counterexample)
        #expect(report.replayCommand == #"QUERY_PBT_SEED=1234 swift test --filter 'PropertyTests.Suite/test\('"#)
        for expected in [
            "Property \"all ints are below 1000\" failed on case ", " of 200 (seed 1234).",
            "Minimal failing input", "    1000\n", "1000 is too large", "Original failing input:",
            "Replay: QUERY_PBT_SEED=1234 swift test --filter", "regression corpus",
        ] {
            #expect(report.text.contains(expected), "missing \(expected) in:\n\(report.text)")
        }
    }

    @Test func aCustomIterationCountIsPartOfTheReplayCommand() throws {
        let result = Property("all ints are below 1000", Gen<Int>.int(in: 0...1_000_000)) { try require($0 < 1000, "") }
            .run(PropertyConfiguration(seed: 7, iterations: 100_000))
        #expect(try #require(result.failure).replayCommand == "QUERY_PBT_SEED=7 QUERY_PBT_ITERATIONS=100000 swift test")
    }

    @Test func theCorpusRunsBeforeAnyGeneratedCase() throws {
        var property = Property("never 5", Gen<Int>.int(in: 6...9)) { try require($0 != 5, "got 5") }
        property.corpus = [1, 5]
        let result = property.run(fixed)
        let report = try #require(result.failure)
        #expect(report.kind == .corpusCase)
        #expect(result.cases == 0)
        #expect(report.text.contains("regression corpus case #1:\n    5\n"))
    }

    // MARK: Coverage

    @Test func anUnmetCoverageRequirementFailsAPassingProperty() throws {
        var property = Property("anything", Gen<Int>.int(in: 0...9)) { _ in }
        property.classify = { [$0 == 0 ? "zero" : "other"] }
        property.coverage = [.atLeast(0.05, "zero"), .atLeast(count: 1, "negative"), .between(0.0...0.5, "other")]
        let result = property.run(fixed)
        let report = try #require(result.failure)
        #expect(report.kind == .coverage)
        #expect(report.text.contains(#""negative": at least once"#))
        #expect(report.text.contains(#""other": at most 50.0 %"#))
        #expect(!report.text.contains(#""zero": at least"#))
    }

    @Test func cyclingGeneratorsExerciseEveryOneOfThem() {
        var property = Property("anything", cycling: [0, 1, 2].map { Gen<Int>.constant($0) }) { _ in }
        property.classify = { ["\($0)"] }
        let result = property.run(fixed)
        #expect(result.failure == nil)
        #expect(result.labels.counts == ["0": 67, "1": 67, "2": 66])
    }

    // MARK: Configuration

    @Test func theEnvironmentConfiguresSeedSizeAndBudget() {
        let configuration = PropertyConfiguration(environment: [
            "QUERY_PBT_SEED": "0x10", "QUERY_PBT_ITERATIONS": "5", "QUERY_PBT_SHRINK_BUDGET": "9",
        ])
        #expect(configuration.seed == 16 && configuration.iterations == 5 && configuration.shrinkBudget == 9)
        #expect(configuration.seedIsFixed && configuration.problem == nil)
        #expect(PropertyConfiguration(environment: ["QUERY_PBT_SEED": "18446744073709551615"]).seed == .max)
        #expect(!PropertyConfiguration(environment: [:]).seedIsFixed)
    }

    @Test func anUnreadableEnvironmentBreaksEveryPropertyLoudly() throws {
        let configuration = PropertyConfiguration(environment: ["QUERY_PBT_SEED": "12ab"])
        let result = Property("anything", Gen<Int>.int(in: 0...9)) { _ in }.run(configuration)
        let report = try #require(result.failure)
        #expect(report.kind == .broken)
        #expect(report.text.contains("QUERY_PBT_SEED=12ab is not a decimal or 0x-hexadecimal 64-bit number"))
        #expect(!report.text.contains("Replay: QUERY_PBT_SEED=0"))
    }

    // MARK: Generators and rendering

    @Test func integersStayInTheirRangeAtTheEdgesOfEveryWidth() {
        let source = ChoiceSource(seed: 5)
        func draws<T>(_ generator: Gen<T>) -> [T] { (0..<2000).map { _ in generator.run(source) } }
        #expect(draws(Gen<Int>.int(in: -5 ... -1)).allSatisfy { (-5 ... -1).contains($0) })
        #expect(draws(Gen<Int>.int(in: Int.min...(Int.min + 3))).allSatisfy { (Int.min...(Int.min + 3)).contains($0) })
        #expect(draws(Gen<UInt64>.integer(in: (.max - 2)...(.max))).allSatisfy { $0 >= .max - 2 })
        #expect(draws(Gen<Int16>.integer(in: -3...2)).allSatisfy { (-3...2).contains($0) })
        #expect(Set(draws(Gen<Int8>.anyInteger)).isSuperset(of: [.min, .max, 0, -1, 1]))
    }

    @Test func recursiveValuesStayWithinTheirDepthAndReachIt() {
        let trees = Gen<Tree>.recursive(depth: 3, base: .constant(.leaf)) { inner in
            inner.array(averageLength: 2).map(Tree.node)
        }
        let depths = (0..<500).map { trees.example(seed: UInt64($0)).depth }
        #expect(depths.allSatisfy { $0 <= 3 })
        #expect(depths.contains(3) && depths.contains(0))
    }

    @Test func finiteFloatingPointGeneratorsNeverGiveNaNOrInfinity() {
        let source = ChoiceSource(seed: 6)
        #expect((0..<5000).allSatisfy { _ in Gen<Double>.floatingPoint().run(source).isFinite })
        #expect((0..<5000).allSatisfy { _ in Gen<Float>.floatingPoint().run(source).isFinite })
    }

    @Test func swiftSourceKeepsEveryByte() {
        #expect("a\"\\\n\r\t\0".swiftSource == #""a\"\\\n\r\t\0""#)
        #expect("\u{E9}e\u{301}\u{1F600}\u{FEFF}".swiftSource == #""\u{E9}e\u{301}\u{1F600}\u{FEFF}""#)
        #expect(String(repeating: "\u{E9}", count: 100).swiftSource == #"String(repeating: "\u{E9}", count: 100)"#)
        #expect([Double.nan, -.infinity, -0.0, 1e-7].swiftSource == "[.nan, -.infinity, -0.0, 1e-07]")
        #expect(["b": 2, "a": 1].swiftSource == #"["a": 1, "b": 2]"#)
        #expect(([nil, 3] as [Int?]).swiftSource == "[nil, 3]")
    }
}

/// A tree of arrays, for the recursion test.
private indirect enum Tree: Sendable {
    case leaf
    case node([Tree])

    var depth: Int {
        switch self {
        case .leaf: 0
        case .node(let children): 1 + (children.map(\.depth).max() ?? 0)
        }
    }
}
