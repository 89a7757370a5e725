/// A requirement on how often a labelled class of inputs is generated, so that a generator that
/// quietly stops producing the interesting cases fails the suite instead of passing vacuously.
///
/// Properties label each input (`classify`); after the run, each requirement is checked against the
/// fraction of cases that carried its label. Choose bounds far enough from the generator's real rate
/// that a run of the default size cannot miss them by chance (for a rate `p` over `n` cases the
/// standard deviation is `√(p(1−p)/n)`: a floor at a third of the expected rate is safe from 200 cases
/// for rates above 10 %).
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
