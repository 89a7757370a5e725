import Foundation

extension Property {
    /// Measures each coverage requirement's label over `cases` generated values (classified, not
    /// checked) and computes how often a run misses it by chance: at the run's case count alone, and at
    /// the extended count at which a run fails. `QUERY_PBT_COVERAGE_AUDIT=100000` prints this for every
    /// property; the numbers are the ones written beside the requirements.
    ///
    /// The measured rate is taken four standard errors against the requirement (lower for a floor,
    /// higher for a cap), so that the printed bound also covers the measurement's own uncertainty.
    public func coverageAudit(cases: Int, configuration: PropertyConfiguration) -> String {
        var labels = LabelCounts()
        if let classify {
            for index in 0..<cases {
                let source = ChoiceSource(
                    seed: SplitMix64.caseSeed(runSeed: configuration.seed, property: name, index: index))
                labels.record(classify(generators[index % generators.count].run(source)))
            }
        }
        let runCases = caseCount(iterations: configuration.iterations)
        let extended = extendedCaseCount(iterations: configuration.iterations)
        var lines = [
            "Coverage audit of \"\(name)\": rates over \(cases) cases; \(runCases) per run, extended up to"
                + " \(extended)"
        ]
        var total = 0.0
        for requirement in coverage {
            let count = labels.counts[requirement.label] ?? 0
            let rate = Double(count) / Double(max(labels.total, 1))
            let error = 4 * (rate * (1 - rate) / Double(max(labels.total, 1))).squareRoot()
            let low = max(0, rate - error)
            let high = min(1, rate + error)
            let atRun = requirement.missProbability(lowerRate: low, upperRate: high, cases: runCases)
            let atLimit = requirement.missProbability(lowerRate: low, upperRate: high, cases: extended)
            total += atLimit
            lines.append(
                "    rate \(String(format: "%7.3f", rate * 100)) %; miss \(scientific(atRun)) at \(runCases),"
                    + " \(scientific(atLimit)) at \(extended): \(requirement)")
        }
        lines.append("    sum of the miss probabilities at \(extended): \(scientific(total))")
        return lines.joined(separator: "\n")
    }
}

/// `1.2e-13`, or `< 1e-300` where the computation underflows.
func scientific(_ probability: Double) -> String {
    probability < 1e-300 ? "< 1e-300" : String(format: "%.1e", probability)
}
