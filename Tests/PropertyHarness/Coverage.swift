/// A requirement on how often a labelled class of inputs is generated, so that a generator that
/// quietly stops producing the interesting cases fails the suite instead of passing vacuously.
///
/// Properties label each input (`classify`); after the run, each requirement is checked against the
/// number and fraction of cases that carried its label. A requirement missed at the run's case count is
/// not yet a failure: the runner keeps generating (and checking) cases, up to
/// ``PropertyConfiguration/coverageExtension`` times the default count, and fails only when a
/// requirement is still missed there (see `Docs/Testing.md`). So a correct generator fails a
/// requirement only when the binomial tail at the extended count, ``missProbability(rate:cases:)``,
/// says so; write that number beside each requirement (`QUERY_PBT_COVERAGE_AUDIT` measures it).
public struct CoverageRequirement: Sendable, CustomStringConvertible {
    /// The label the property's `classify` gives.
    public let label: String
    /// The smallest acceptable fraction of cases with the label.
    public let minimumFraction: Double
    /// The largest acceptable fraction.
    public let maximumFraction: Double
    /// The smallest acceptable number of cases with the label.
    public let minimumCount: Int

    /// At least `fraction` of the cases carry `label`.
    public static func atLeast(_ fraction: Double, _ label: String) -> CoverageRequirement {
        CoverageRequirement(label: label, minimumFraction: fraction, maximumFraction: 1, minimumCount: 1)
    }

    /// Between `fractions.lowerBound` and `fractions.upperBound` of the cases carry `label`.
    public static func between(_ fractions: ClosedRange<Double>, _ label: String) -> CoverageRequirement {
        CoverageRequirement(
            label: label, minimumFraction: fractions.lowerBound, maximumFraction: fractions.upperBound, minimumCount: 1)
    }

    /// At least `count` cases carry `label` (for rare classes, such as a value nested three deep).
    public static func atLeast(count: Int, _ label: String) -> CoverageRequirement {
        CoverageRequirement(label: label, minimumFraction: 0, maximumFraction: 1, minimumCount: count)
    }

    public var description: String {
        var parts: [String] = []
        if minimumCount > 1 { parts.append("at least \(minimumCount) cases") }
        if minimumFraction > 0 { parts.append("at least \(percent(minimumFraction))") }
        if maximumFraction < 1 { parts.append("at most \(percent(maximumFraction))") }
        if parts.isEmpty { parts.append("at least once") }
        return "\"\(label)\": \(parts.joined(separator: ", "))"
    }

    /// Whether `count` labelled cases out of `total` satisfy the requirement.
    func isMet(count: Int, total: Int) -> Bool {
        let fraction = total == 0 ? 0 : Double(count) / Double(total)
        return count >= minimumCount && fraction >= minimumFraction && fraction <= maximumFraction
    }

    /// The fewest labelled cases out of `total` that meet the lower bounds.
    func smallestMeetingCount(total: Int) -> Int {
        var count = max(minimumCount, Int((minimumFraction * Double(total)).rounded(.up)))
        while count > minimumCount && isMetBelow(count: count - 1, total: total) { count -= 1 }
        while count <= total && !isMetBelow(count: count, total: total) { count += 1 }
        return count
    }

    /// The most labelled cases out of `total` that meet the upper bound.
    func largestMeetingCount(total: Int) -> Int {
        var count = min(total, Int((maximumFraction * Double(total)).rounded(.down)))
        while count < total && isMetAbove(count: count + 1, total: total) { count += 1 }
        while count >= 0 && !isMetAbove(count: count, total: total) { count -= 1 }
        return count
    }

    private func isMetBelow(count: Int, total: Int) -> Bool {
        count >= minimumCount && Double(count) / Double(max(total, 1)) >= minimumFraction
    }

    private func isMetAbove(count: Int, total: Int) -> Bool {
        Double(count) / Double(max(total, 1)) <= maximumFraction
    }

    /// The probability that `cases` independent cases, each carrying the label with probability `rate`,
    /// miss this requirement: the binomial tails below the smallest and above the largest count that
    /// meets it. (For cycling generators whose rates differ, the binomial with their mean rate is the
    /// conservative choice: Hoeffding, 1956.)
    public func missProbability(rate: Double, cases: Int) -> Double {
        missProbability(lowerRate: rate, upperRate: rate, cases: cases)
    }

    /// The miss probability with a rate for each side, so that a measured rate's uncertainty can be
    /// taken against the requirement: the lower end of its interval for the floor, the upper for the cap.
    public func missProbability(lowerRate: Double, upperRate: Double, cases: Int) -> Double {
        let below = BinomialTail.atMost(smallestMeetingCount(total: cases) - 1, of: cases, rate: lowerRate)
        let above =
            maximumFraction < 1
            ? BinomialTail.atLeast(largestMeetingCount(total: cases) + 1, of: cases, rate: upperRate) : 0
        return min(1, below + above)
    }
}

/// How many cases carried each label.
public struct LabelCounts: Sendable {
    /// Cases per label.
    public private(set) var counts: [String: Int] = [:]
    /// Cases classified.
    public private(set) var total = 0

    /// Counts one case's labels (each label once per case).
    mutating func record(_ labels: [String]) {
        total += 1
        for label in Set(labels) { counts[label, default: 0] += 1 }
    }

    /// The requirements that are not met.
    func unmet(_ requirements: [CoverageRequirement]) -> [CoverageRequirement] {
        requirements.filter { !$0.isMet(count: counts[$0.label] ?? 0, total: total) }
    }

    /// A table of every label with its count and share, most frequent first.
    public var table: String {
        counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { label, count in
                "    \(percent(Double(count) / Double(max(total, 1)))) \(label) (\(count) of \(total))"
            }
            .joined(separator: "\n")
    }
}

private func percent(_ fraction: Double) -> String {
    let tenths = Int((fraction * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10) %"
}
