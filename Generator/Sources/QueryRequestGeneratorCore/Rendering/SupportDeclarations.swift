/// Types the generated code needs beyond the document's own, written only when used.
enum SupportDeclarations {
    static func renderJSONCoding(into writer: inout SwiftWriter) {
        writer.line("/// The JSON coders of this API: dates (`date-time`) as ISO 8601 text, keys sorted so that a body")
        writer.line("/// is the same bytes each time it is encoded.")
        writer.block("public enum APIJSONCoding") { writer in
            writer.block("public static let encoder: JSONEncoder =") { writer in
                writer.line("let encoder = JSONEncoder()")
                writer.line("encoder.dateEncodingStrategy = .iso8601")
                writer.line("encoder.outputFormatting = .sortedKeys")
                writer.line("return encoder")
            }
            writer.replaceLastLine(with: "}()")
            writer.blankLine()
            writer.block("public static let decoder: JSONDecoder =") { writer in
                writer.line("let decoder = JSONDecoder()")
                writer.line("// RFC 3339 date-times, with or without fractions of a second.")
                writer.line("decoder.dateDecodingStrategy = .custom { decoder in")
                writer.indented { writer in
                    writer.line("let container = try decoder.singleValueContainer()")
                    writer.line("let text = try container.decode(String.self)")
                    writer.line("if let date = try? Date(text, strategy: .iso8601) { return date }")
                    writer.line("let withFractions = Date.ISO8601FormatStyle(includingFractionalSeconds: true)")
                    writer.line("if let date = try? Date(text, strategy: withFractions) { return date }")
                    writer.line(
                        "throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Not an ISO 8601 date: \\(text)\")"
                    )
                }
                writer.line("}")
                writer.line("return decoder")
            }
            writer.replaceLastLine(with: "}()")
        }
    }

    static func renderAnyJSONValue(into writer: inout SwiftWriter) {
        writer.line("/// Any JSON value, for schemas that do not say what they hold.")
        writer.block("public enum AnyJSONValue: Codable, Hashable, Sendable") { writer in
            for line in [
                "case null", "case bool(Bool)", "case number(Double)", "case string(String)",
                "case array([AnyJSONValue])", "case object([String: AnyJSONValue])",
            ] {
                writer.line(line)
            }
            writer.blankLine()
            writer.block("public init(from decoder: any Decoder) throws") { writer in
                writer.line("let container = try decoder.singleValueContainer()")
                writer.line("if container.decodeNil() {")
                writer.line("    self = .null")
                for (type, name) in [
                    ("Bool", "bool"), ("Double", "number"), ("String", "string"), ("[AnyJSONValue]", "array"),
                    ("[String: AnyJSONValue]", "object"),
                ] {
                    writer.line("} else if let value = try? container.decode(\(type).self) {")
                    writer.line("    self = .\(name)(value)")
                }
                writer.line("} else {")
                writer.line(
                    "    throw DecodingError.dataCorruptedError(in: container, debugDescription: \"Not a JSON value\")")
                writer.line("}")
            }
            writer.blankLine()
            writer.block("public func encode(to encoder: any Encoder) throws") { writer in
                writer.line("var container = encoder.singleValueContainer()")
                writer.line("switch self {")
                writer.line("case .null: try container.encodeNil()")
                for name in ["bool", "number", "string", "array", "object"] {
                    writer.line("case .\(name)(let value): try container.encode(value)")
                }
                writer.line("}")
            }
        }
    }
}
