import Foundation
import PropertyHarness
import QueryCoding

/// The classes of hostile decoder input whose frequency the coverage requirements watch: what decoding
/// the commonest targets gives, and the shapes of the input.
extension DecoderInput {
    var labels: [String] {
        var labels: [String] = []
        let decoder = self.decoder
        switch Result(catching: { try source.decode(FlatTarget.self, with: decoder) }) {
        case .success: labels.append("FlatTarget decodes")
        case .failure(is QueryDecodingLimitError): labels.append("a limit error")
        case .failure(let error as DecodingError):
            if case .dataCorrupted = error { labels.append("dataCorrupted") }
            if case .typeMismatch = error { labels.append("typeMismatch") }
        case .failure: break
        }
        if case .success = Result(catching: { try source.decode(NestedTarget.self, with: decoder) }) {
            labels.append("NestedTarget decodes")
        }
        if limits != .default { labels.append("generated limits") }
        switch source {
        case .items: labels.append("items")
        case .string(let query):
            let bytes = Array(query.utf8)
            if bytes.count >= 10_000 { labels.append("10 kB or more") }
            let pairs = bytes.split(separator: UInt8(ascii: "&"))
            if pairs.count > 1000 { labels.append("over 1000 parameters") }
            let nesting = pairs.map { pair in
                pair.prefix { $0 != UInt8(ascii: "=") }.count { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ".") }
            }
            if (nesting.max() ?? 0) > 16 { labels.append("a name nested 17+ levels") }
            if bytes.contains(UInt8(ascii: "%")) { labels.append("percent sign") }
            if bytes.contains(UInt8(ascii: "[")) && bytes.contains(UInt8(ascii: "]")) { labels.append("brackets") }
        }
        return labels
    }

    /// Beside each floor: its label's rate over 100,000 cases (`QUERY_PBT_COVERAGE_AUDIT=100000`) and
    /// the probability that a correct generator misses it at the run's 200 cases (the run is then
    /// extended) and at 3,200 (the run fails), the rate taken four standard errors low. Small counts
    /// are safe because of that extension.
    static let coverage: [CoverageRequirement] = [
        // rate 64.3 %; miss 1.0e-22 at 200, < 1e-300 at 3,200
        .atLeast(0.3, "FlatTarget decodes"),
        // rate 70.6 %; miss 4.5e-32 at 200, < 1e-300 at 3,200
        .atLeast(0.3, "NestedTarget decodes"),
        // rate 16.6 %; miss 2.7e-07 at 200, 3.1e-86 at 3,200
        .atLeast(0.05, "dataCorrupted"),
        // rate 6.1 %; miss 6.0e-04 at 200, 3.8e-79 at 3,200
        .atLeast(count: 3, "typeMismatch"),
        // rate 12.7 %; miss 1.4e-05 at 200, 2.9e-60 at 3,200
        .atLeast(0.04, "a limit error"),
        // rate 20.0 %; miss 6.7e-10 at 200, 3.7e-126 at 3,200
        .atLeast(0.05, "items"),
        // rate 18.8 %; miss 5.3e-09 at 200, 2.8e-112 at 3,200
        .atLeast(0.05, "generated limits"),
        // rate 5.7 %; miss 1.1e-03 at 200, 2.2e-74 at 3,200
        .atLeast(count: 3, "10 kB or more"),
        // rate 4.8 %; miss 5.3e-03 at 200, 5.4e-61 at 3,200
        .atLeast(count: 3, "over 1000 parameters"),
        // rate 10.7 %; miss 1.1e-07 at 200, 1.5e-146 at 3,200
        .atLeast(count: 3, "a name nested 17+ levels"),
        // rate 34.1 %; miss 1.6e-15 at 200, 4.3e-214 at 3,200
        .atLeast(0.1, "percent sign"),
        // rate 35.0 %; miss 2.7e-16 at 200, 2.2e-226 at 3,200
        .atLeast(0.1, "brackets"),
    ]
}
