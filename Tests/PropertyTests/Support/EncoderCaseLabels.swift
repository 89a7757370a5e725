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

    /// What every run of an encoder property must generate. The floors sit at a third or less of the
    /// rates measured over 20,000 cases (rarer classes: counts far below the expected ones), so that a
    /// run of the default size cannot miss them by chance.
    static let coverage: [CoverageRequirement] = [
        .atLeast(0.5, "encodes"),
        .atLeast(0.05, "throws"),
        .atLeast(0.12, "depth ≥ 3"),
        .atLeast(count: 3, "depth ≥ 5"),
        .atLeast(0.12, "reserved character in a string"),
        .atLeast(0.07, "dictionary of 2+ entries"),
        .atLeast(0.05, "set of 2+ elements"),
        .atLeast(0.12, "array of 2+ elements"),
        .atLeast(0.15, "nil"),
        .atLeast(0.08, "wrapper"),
        .atLeast(0.1, "astral character"),
        .atLeast(count: 3, "string with +"),
        .atLeast(count: 3, "Int.min, Int.max or UInt64.max"),
        .atLeast(count: 2, "space under .plus"),
        .atLeast(count: 1, "NaN or infinity"),
    ]
}
