import Foundation
import PropertyHarness
import QueryCoding

/// One input of the decoder properties: what to decode, the strategies to decode it with, and the
/// limits.
struct DecoderInput: Sendable {
    /// A query string, or query items (names and values already decoded; `nil` is no value).
    enum Source: Sendable {
        case string(String)
        case items([Item])

        /// One query item.
        struct Item: Sendable {
            var name: String
            var value: String?
        }

        /// Decodes the source with `decoder`.
        func decode<T: Decodable>(_ type: T.Type, with decoder: QueryDecoder) throws -> T {
            switch self {
            case .string(let query): try decoder.decode(T.self, from: query)
            case .items(let items):
                try decoder.decode(T.self, from: items.map { URLQueryItem(name: $0.name, value: $0.value) })
            }
        }
    }

    var setup: EncodingSetup
    var limits: QueryDecoder.Limits = .default
    var source: Source

    /// The setup's mirrored decoder with these limits.
    var decoder: QueryDecoder {
        var decoder = setup.decoder
        decoder.limits = limits
        return decoder
    }
}

extension DecoderInput: SwiftSourceConvertible {
    var swiftSource: String {
        var arguments = ["setup: \(setup.swiftSource)"]
        if limits != .default { arguments.append("limits: \(limits.swiftSource)") }
        switch source {
        case .string(let query): arguments.append("source: .string(\(query.swiftSource))")
        case .items(let items):
            let list = items.map { ".init(name: \($0.name.swiftSource), value: \($0.value.swiftSource))" }
            arguments.append("source: .items([\(list.joined(separator: ", "))])")
        }
        return "DecoderInput(\n    " + arguments.joined(separator: ",\n    ") + ")"
    }
}

extension QueryDecoder.Limits {
    /// `.init(...)` with the limits that differ from the defaults.
    var swiftSource: String {
        let defaults = QueryDecoder.Limits.default
        var arguments: [String] = []
        if maximumInputLength != defaults.maximumInputLength {
            arguments.append("maximumInputLength: \(maximumInputLength)")
        }
        if maximumParameterCount != defaults.maximumParameterCount {
            arguments.append("maximumParameterCount: \(maximumParameterCount)")
        }
        if maximumDepth != defaults.maximumDepth { arguments.append("maximumDepth: \(maximumDepth)") }
        if maximumArrayLength != defaults.maximumArrayLength {
            arguments.append("maximumArrayLength: \(maximumArrayLength)")
        }
        return ".init(\(arguments.joined(separator: ", ")))"
    }
}
