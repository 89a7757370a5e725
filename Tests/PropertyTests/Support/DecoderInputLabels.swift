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

    /// Floors far below the rates measured over 3,000 cases.
    static let coverage: [CoverageRequirement] = [
        .atLeast(0.3, "FlatTarget decodes"),
        .atLeast(0.3, "NestedTarget decodes"),
        .atLeast(0.05, "dataCorrupted"),
        .atLeast(count: 3, "typeMismatch"),
        .atLeast(0.04, "a limit error"),
        .atLeast(0.05, "items"),
        .atLeast(0.05, "generated limits"),
        .atLeast(count: 3, "10 kB or more"),
        .atLeast(count: 3, "over 1000 parameters"),
        .atLeast(count: 3, "a name nested 17+ levels"),
        .atLeast(0.1, "percent sign"),
        .atLeast(0.1, "brackets"),
    ]
}
