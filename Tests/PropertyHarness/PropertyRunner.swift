/// What a run of a property found.
public struct PropertyResult: Sendable {
    /// How many generated cases ran (the corpus not included).
    public let cases: Int
    /// How often each label of ``Property/classify`` occurred.
    public let labels: LabelCounts
    /// The failure, or `nil` when the property held for every case and its coverage was met.
    public let failure: FailureReport?
}

extension Property {
    /// Runs the property: the regression corpus first, then the generated cases (shrinking the first
    /// counterexample), then the coverage requirements.
    ///
    /// - Parameters:
    ///   - configuration: The seed and size; by default the process's, from the environment.
    ///   - replayFilter: The `swift test --filter` argument that selects the test running this
    ///     property, for the replay command of a report.
    public func run(_ configuration: PropertyConfiguration = .current, replayFilter: String? = nil) -> PropertyResult {
        let cases = caseCount(iterations: configuration.iterations)
        let context = FailureReport.Context(
            property: name, configuration: configuration, replayFilter: replayFilter, cases: cases,
            extendedCases: coverage.isEmpty ? cases : extendedCaseCount(iterations: configuration.iterations))
        if let problem = configuration.problem {
            return PropertyResult(cases: 0, labels: LabelCounts(), failure: .broken(context, problem))
        }
        do {
            if let failure = try runCorpus(context) {
                return PropertyResult(cases: 0, labels: LabelCounts(), failure: failure)
            }
            if let auditCases = configuration.coverageAuditCases, !coverage.isEmpty {
                print(coverageAudit(cases: auditCases, configuration: configuration))
            }
            return try runGeneratedCases(context)
        } catch {
            return PropertyResult(
                cases: 0, labels: LabelCounts(),
                failure: .broken(context, "the check could not run: \(String(reflecting: error))"))
        }
    }

    /// The most cases a run configured with `iterations` may grow to when it misses a coverage
    /// requirement: ``PropertyConfiguration/coverageExtension`` times the default count, so a short run
    /// (`QUERY_PBT_ITERATIONS=10`) keeps the guarantee of a default one. A run that is already longer
    /// (a soak) is judged at its own count, where a correct generator misses a requirement even less
    /// often, so a broken generator does not multiply a soak's time.
    public func extendedCaseCount(iterations: Int) -> Int {
        max(
            caseCount(iterations: iterations),
            PropertyConfiguration.coverageExtension * caseCount(iterations: PropertyConfiguration.defaultIterations))
    }

    private func runCorpus(_ context: FailureReport.Context) throws -> FailureReport? {
        for start in stride(from: 0, to: corpus.count, by: batchSize) {
            let batch = Array(corpus[start..<min(start + batchSize, corpus.count)])
            for (offset, message) in try judge(batch).enumerated() {
                if let message {
                    return .corpusCase(context, index: start + offset, input: render(batch[offset]), failure: message)
                }
            }
        }
        return nil
    }

    /// Runs the run's cases; when a coverage requirement is missed there, keeps generating and checking
    /// cases until every requirement is met or the extension limit is reached, and only then reports the
    /// coverage failure. Stopping as soon as the requirements are met cannot make a correct generator
    /// fail more often: a run fails only when a requirement is missed at the limit itself, so its
    /// chance is the binomial tail at the limit (``CoverageRequirement/missProbability(rate:cases:)``).
    private func runGeneratedCases(_ context: FailureReport.Context) throws -> PropertyResult {
        var labels = LabelCounts()
        var index = 0
        var limit = context.cases
        while index < limit {
            let indices = index..<min(index + batchSize, limit)
            let generated = indices.map { caseIndex in
                let source = ChoiceSource(seed: caseSeed(caseIndex, context))
                let value = generator(forCase: caseIndex).run(source)
                return (choices: source.choices, spans: source.spans, value: value)
            }
            if let classify {
                for trial in generated { labels.record(classify(trial.value)) }
            }
            let messages = try judge(generated.map(\.value))
            if let offset = messages.firstIndex(where: { $0 != nil }), let message = messages[offset] {
                let caseIndex = indices.lowerBound + offset
                let original = Trial(
                    choices: generated[offset].choices, spans: generated[offset].spans, value: generated[offset].value,
                    failure: message)
                let failure = shrink(original, caseIndex: caseIndex, context: context)
                return PropertyResult(cases: caseIndex + 1, labels: labels, failure: failure)
            }
            index = indices.upperBound
            if index == limit && !labels.unmet(coverage).isEmpty {
                // Missed at the run's count (or still missed after an extension batch): extend by one
                // batch, up to the limit.
                limit = min(index + batchSize, context.extendedCases)
            }
        }
        let unmet = labels.unmet(coverage)
        if !unmet.isEmpty {
            return PropertyResult(
                cases: index, labels: labels, failure: .coverage(context, unmet: unmet, labels: labels))
        }
        return PropertyResult(cases: index, labels: labels, failure: nil)
    }

    /// The check's verdicts on `values`, one per value.
    private func judge(_ values: [Value]) throws -> [String?] {
        let messages = try check(values)
        guard messages.count == values.count else {
            throw PropertyFailure("the check returned \(messages.count) verdicts for \(values.count) values")
        }
        return messages
    }

    private func generator(forCase index: Int) -> Gen<Value> {
        generators[index % generators.count]
    }

    private func caseSeed(_ index: Int, _ context: FailureReport.Context) -> UInt64 {
        SplitMix64.caseSeed(runSeed: context.configuration.seed, property: name, index: index)
    }

    /// Shrinks a counterexample with its case's generator; then, when an earlier generator (by
    /// convention a simpler one: the default strategies come first) also fails on the shrunk choices,
    /// shrinks again with that one, so the report shows the simplest setting that fails.
    private func shrink(_ original: Trial<Value>, caseIndex: Int, context: FailureReport.Context) -> FailureReport {
        // A batched check (an external process per batch) judges candidates in chunks of up to 64: a
        // chunk costs one process, and a smaller chunk wastes fewer candidates after the one adopted.
        // Its candidates are cheap, so it gets four times the budget.
        let batchSize = min(self.batchSize, 64)
        let budget = context.configuration.shrinkBudget * (batchSize > 1 ? 4 : 1)
        var generatorIndex = caseIndex % generators.count
        var best = original
        var improvements = 0
        var candidates = 0
        var note: String?
        do {
            var shrinker = Shrinker(failing: best, batchSize: batchSize, budget: budget) { choices in
                try replay(choices.map { ($0, generatorIndex) })
            }
            try shrinker.shrink()
            (best, improvements, candidates) = (shrinker.best, shrinker.improvements, shrinker.evaluations)
            if generatorIndex > 0 && candidates < budget {
                let earlier = try replay((0..<generatorIndex).map { (best.choices, $0) })
                candidates += earlier.count
                if let simpler = earlier.firstIndex(where: { $0.failure != nil }) {
                    generatorIndex = simpler
                    var again = Shrinker(failing: earlier[simpler], batchSize: batchSize, budget: budget - candidates) {
                        choices in try replay(choices.map { ($0, generatorIndex) })
                    }
                    try again.shrink()
                    best = again.best
                    improvements += 1 + again.improvements
                    candidates += again.evaluations
                }
            }
        } catch {
            note = "shrinking stopped early: the check threw \(String(reflecting: error))"
        }
        return .counterexample(
            context, caseIndex: caseIndex,
            minimal: .init(input: render(best.value), failure: best.failure ?? ""),
            original: .init(input: render(original.value), failure: original.failure ?? ""),
            shrinking: .init(improvements: improvements, candidates: candidates, note: note))
    }

    /// Runs each record of choices through the generator of the given index, and checks the values
    /// (in one batch).
    private func replay(_ records: [([UInt64], Int)]) throws -> [Trial<Value>] {
        let replayed = records.map { choices, generatorIndex in
            let source = ChoiceSource(replaying: choices)
            let value = generators[generatorIndex].run(source)
            return Trial(choices: source.choices, spans: source.spans, value: value, failure: nil)
        }
        let messages = try judge(replayed.map(\.value))
        return zip(replayed, messages).map { Trial(choices: $0.choices, spans: $0.spans, value: $0.value, failure: $1) }
    }
}
