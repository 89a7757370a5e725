import Foundation
import PropertyHarness

/// The classes of encoder cases whose frequency the coverage requirements watch.
extension EncoderCase {
    /// The labels of this case.
    var labels: [String] {
        var labels: [String] = []
        let nodes = root.allNodes
        switch reference {
        case .success(let query):
            labels.append("encodes")
            if query.items == nil { labels.append("comma inside a comma-separated element") }
            if query.pairs.isEmpty { labels.append("empty query") }
            if setup.spaces == .plus
                && query.pairs.contains(where: { $0.name.contains(32) || $0.value.joined.contains(32) })
            {
                labels.append("space under .plus")
            }
        case .failure:
            labels.append("throws")
        }
        if root.depth >= 3 { labels.append("depth ≥ 3") }
        if root.depth >= 5 { labels.append("depth ≥ 5") }
        var strings = 0
        var reserved = 0
        for node in nodes {
            switch node {
            case .string(let text):
                strings += 1
                if Troublemakers.containsReservedCharacter(text) { reserved += 1 }
                if text.contains("+") { labels.append("string with +") }
                if text.unicodeScalars.contains(where: { $0.value > 0xFFFF }) { labels.append("astral character") }
                if text.utf8.count >= 1000 { labels.append("string of 1000+ bytes") }
            case .int(Int.min), .int(Int.max), .uint64(UInt64.max): labels.append("Int.min, Int.max or UInt64.max")
            case .double(let value) where !value.isFinite: labels.append("NaN or infinity")
            case .double(let value) where value == 0 && value.sign == .minus: labels.append("-0.0")
            case .double(let value) where value.isSubnormal: labels.append("subnormal")
            case .dictionary(let entries) where entries.count > 1: labels.append("dictionary of 2+ entries")
            case .stringSet(let elements) where elements.count > 1: labels.append("set of 2+ elements")
            case .intSet(let elements) where elements.count > 1: labels.append("set of 2+ elements")
            case .null: labels.append("nil")
            case .wrapped: labels.append("wrapper")
            case .list(_, let elements) where elements.count > 1: labels.append("array of 2+ elements")
            default: break
            }
        }
        if reserved > 0 { labels.append("reserved character in a string") }
        return labels
    }

    /// What every run of an encoder property must generate. Beside each floor: its label's rate over
    /// 100,000 cases (`QUERY_PBT_COVERAGE_AUDIT=100000`) and the probability that a correct generator
    /// misses it at the run's 200 cases (the run is then extended) and at 3,200 (the run fails), the
    /// rate taken four standard errors low. Small counts are safe because of that extension.
    static let coverage: [CoverageRequirement] = [
        // rate 78.1 %; miss 4.4e-18 at 200, 3.1e-254 at 3,200
        .atLeast(0.5, "encodes"),
        // rate 21.9 %; miss 1.4e-11 at 200, 3.8e-152 at 3,200
        .atLeast(0.05, "throws"),
        // rate 36.5 %; miss 4.2e-15 at 200, 7.7e-208 at 3,200
        .atLeast(0.12, "depth ≥ 3"),
        // rate 12.8 %; miss 1.5e-09 at 200, 5.7e-179 at 3,200
        .atLeast(count: 3, "depth ≥ 5"),
        // rate 39.6 %; miss 5.0e-18 at 200, 1.6e-253 at 3,200
        .atLeast(0.12, "reserved character in a string"),
        // rate 21.2 %; miss 2.3e-08 at 200, 5.8e-103 at 3,200
        .atLeast(0.07, "dictionary of 2+ entries"),
        // rate 16.3 %; miss 5.2e-07 at 200, 6.6e-82 at 3,200
        .atLeast(0.05, "set of 2+ elements"),
        // rate 40.4 %; miss 7.6e-19 at 200, 2.1e-266 at 3,200
        .atLeast(0.12, "array of 2+ elements"),
        // rate 50.0 %; miss 3.6e-25 at 200, < 1e-300 at 3,200
        .atLeast(0.15, "nil"),
        // rate 23.9 %; miss 2.6e-09 at 200, 1.5e-117 at 3,200
        .atLeast(0.08, "wrapper"),
        // rate 30.0 %; miss 7.3e-12 at 200, 3.1e-157 at 3,200
        .atLeast(0.1, "astral character"),
        // rate 8.4 %; miss 9.6e-06 at 200, 4.3e-112 at 3,200
        .atLeast(count: 3, "string with +"),
        // rate 10.9 %; miss 7.1e-08 at 200, 7.6e-150 at 3,200
        .atLeast(count: 3, "Int.min, Int.max or UInt64.max"),
        // rate 7.5 %; miss 5.3e-06 at 200, 3.5e-102 at 3,200
        .atLeast(count: 2, "space under .plus"),
        // rate 4.7 %; miss 1.2e-04 at 200, 2.9e-63 at 3,200
        .atLeast(count: 1, "NaN or infinity"),
    ]
}
