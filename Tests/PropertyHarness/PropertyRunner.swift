/// What a run of a property found.
public struct PropertyResult {
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
        let context = FailureReport.Context(
            property: name, configuration: configuration, replayFilter: replayFilter,
            cases: caseCount(iterations: configuration.iterations))
        if let problem = configuration.problem {
            return PropertyResult(cases: 0, labels: LabelCounts(), failure: .broken(context, problem))
        }
        do {
            if let failure = try runCorpus(context) {
                return PropertyResult(cases: 0, labels: LabelCounts(), failure: failure)
            }
            return try runGeneratedCases(context)
        } catch {
            return PropertyResult(
                cases: 0, labels: LabelCounts(),
                failure: .broken(context, "the check could not run: \(String(reflecting: error))"))
        }
    }

    private func runCorpus(_ context: FailureReport.Context) throws -> FailureReport? {
        for start in stride(from: 0, to: corpus.count, by: batchSize) {
            let batch = Array(corpus[start..<min(start + batchSize, corpus.count)])
            for (offset, message) in try check(batch).enumerated() {
                if let message {
                    return .corpusCase(context, index: start + offset, input: render(batch[offset]), failure: message)
                }
            }
        }
        return nil
    }

    private func runGeneratedCases(_ context: FailureReport.Context) throws -> PropertyResult {
        var labels = LabelCounts()
        var index = 0
        while index < context.cases {
            let indices = index..<min(index + batchSize, context.cases)
            let generated = indices.map { caseIndex in
                let source = ChoiceSource(seed: caseSeed(caseIndex, context))
                let value = generator(forCase: caseIndex).run(source)
                return (choices: source.choices, spans: source.spans, value: value)
            }
            if let classify {
                for trial in generated { labels.record(classify(trial.value)) }
            }
            let messages = try check(generated.map(\.value))
            if let offset = messages.firstIndex(where: { $0 != nil }), let message = messages[offset] {
                let caseIndex = indices.lowerBound + offset
                let original = Trial(
                    choices: generated[offset].choices, spans: generated[offset].spans, value: generated[offset].value,
                    failure: message)
                let failure = shrink(original, caseIndex: caseIndex, context: context)
                return PropertyResult(cases: caseIndex + 1, labels: labels, failure: failure)
            }
            index = indices.upperBound
        }
        let unmet = labels.unmet(coverage)
        if !unmet.isEmpty {
            return PropertyResult(
                cases: context.cases, labels: labels, failure: .coverage(context, unmet: unmet, labels: labels))
        }
        return PropertyResult(cases: context.cases, labels: labels, failure: nil)
    }

    private func generator(forCase index: Int) -> Gen<Value> {
        generators[index % generators.count]
    }

    private func caseSeed(_ index: Int, _ context: FailureReport.Context) -> UInt64 {
        SplitMix64.caseSeed(runSeed: context.configuration.seed, property: name, index: index)
    }

    private func shrink(_ original: Trial<Value>, caseIndex: Int, context: FailureReport.Context) -> FailureReport {
        let generator = generator(forCase: caseIndex)
        var shrinker = Shrinker(
            failing: original, batchSize: batchSize, budget: context.configuration.shrinkBudget
        ) { candidates in
            let replayed = candidates.map { choices in
                let source = ChoiceSource(replaying: choices)
                let value = generator.run(source)
                return Trial(choices: source.choices, spans: source.spans, value: value, failure: nil)
            }
            let messages = try check(replayed.map(\.value))
            return zip(replayed, messages).map {
                Trial(choices: $0.choices, spans: $0.spans, value: $0.value, failure: $1)
            }
        }
        var note: String?
        do {
            try shrinker.shrink()
        } catch {
            note = "shrinking stopped early: the check threw \(String(reflecting: error))"
        }
        return .counterexample(
            context, caseIndex: caseIndex,
            minimal: .init(input: render(shrinker.best.value), failure: shrinker.best.failure ?? ""),
            original: .init(input: render(original.value), failure: original.failure ?? ""),
            shrinking: .init(improvements: shrinker.improvements, candidates: shrinker.evaluations, note: note))
    }
}
