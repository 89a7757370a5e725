/// Writes schema declarations as Swift.
struct DeclarationRenderer {
    /// `public`, or empty for internal declarations.
    let access: String

    func render(_ declaration: TypeDeclaration, into writer: inout SwiftWriter) {
        writer.documentation(declaration.documentation)
        if declaration.isDeprecated { writer.line("/// - Note: Deprecated.") }
        switch declaration.kind {
        case .structure(let structure):
            renderStructure(declaration.name, structure, into: &writer)
        case .stringEnum(let cases):
            renderStringEnum(declaration.name, cases, into: &writer)
        case .oneOf(let oneOf):
            renderOneOf(declaration.name, oneOf, into: &writer)
        case .alias(let type):
            writer.line("\(access)typealias \(declaration.name) = \(type)")
        }
    }

    func renderStructure(
        _ name: String, _ structure: TypeDeclaration.Structure, conformances: String = "Codable, Hashable, Sendable",
        extraMembers: (inout SwiftWriter) -> Void = { _ in }, into writer: inout SwiftWriter
    ) {
        let keyword = structure.isClass ? "final class" : "struct"
        writer.block("\(access)\(keyword) \(name): \(conformances)") { writer in
            for property in structure.properties {
                writer.documentation(property.documentation)
                if property.isDeprecated { writer.line("/// - Note: Deprecated.") }
                let binding = structure.isClass ? "let" : "var"
                writer.line("\(access)\(binding) \(SwiftName.escaped(property.swiftName)): \(Self.type(of: property))")
            }
            // An internal struct's synthesized memberwise initializer is the same, and swift-format asks for it.
            if structure.isClass || !access.isEmpty {
                writer.blankLine()
                renderInitializer(structure.properties, into: &writer)
            }
            if structure.isClass {
                writer.blankLine()
                renderEquality(name, structure.properties, into: &writer)
            }
            writer.blankLine()
            extraMembers(&writer)
            let keys = structure.properties.map { (swift: $0.swiftName, json: $0.jsonName) }
            if structure.properties.contains(where: \.encodesNull) {
                renderEncodingNulls(structure.properties, into: &writer)
                writer.blankLine()
                renderCodingKeys(keys, always: true, into: &writer)
            } else {
                renderCodingKeys(keys, into: &writer)
            }
            for nested in structure.nested {
                writer.blankLine()
                render(nested, into: &writer)
            }
        }
    }

    static func type(of property: TypeDeclaration.Property) -> String {
        property.isOptional ? property.type + "?" : property.type
    }

    /// The memberwise initializer, public (Swift's own is internal); optional properties default to `nil`.
    func renderInitializer(_ properties: [TypeDeclaration.Property], into writer: inout SwiftWriter) {
        let parameters = properties.map { property in
            "\(SwiftName.escaped(property.swiftName)): \(Self.type(of: property))"
                + (property.isOptional ? " = nil" : "")
        }
        guard !parameters.isEmpty else {
            writer.line("\(access)init() {}")
            return
        }
        writer.list("\(access)init(", parameters, closing: ") {")
        writer.indented { writer in
            for property in properties {
                writer.line("self.\(property.swiftName) = \(SwiftName.escaped(property.swiftName))")
            }
        }
        writer.line("}")
    }

    /// `==` and `hash(into:)` of a class, which Swift does not synthesize, over every property.
    private func renderEquality(
        _ name: String, _ properties: [TypeDeclaration.Property], into writer: inout SwiftWriter
    ) {
        writer.block("\(access)static func == (lhs: \(name), rhs: \(name)) -> Bool") { writer in
            let comparisons = properties.map { "lhs.\($0.swiftName) == rhs.\($0.swiftName)" }
            let single = comparisons.joined(separator: " && ")
            if writer.indentation.count + single.count <= SwiftWriter.lineLength {
                writer.line(single)
            } else {
                writer.line(comparisons[0])
                writer.indented { writer in
                    for comparison in comparisons.dropFirst() { writer.line("&& " + comparison) }
                }
            }
        }
        writer.blankLine()
        writer.block("\(access)func hash(into hasher: inout Hasher)") { writer in
            for property in properties { writer.line("hasher.combine(\(property.swiftName))") }
        }
    }

    /// `encode(to:)` that writes `null` for the required nullable properties, which the synthesized one would
    /// leave out, and leaves out the other optionals.
    private func renderEncodingNulls(_ properties: [TypeDeclaration.Property], into writer: inout SwiftWriter) {
        writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
            writer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            for property in properties {
                let method = property.isOptional && !property.encodesNull ? "encodeIfPresent" : "encode"
                let value = SwiftName.escaped(property.swiftName)
                writer.line("try container.\(method)(\(value), forKey: .\(property.swiftName))")
            }
        }
    }

    /// `CodingKeys` when a Swift name differs from its JSON name, or `always`.
    func renderCodingKeys(
        _ names: [(swift: String, json: String)], always: Bool = false, into writer: inout SwiftWriter
    ) {
        guard always || names.contains(where: { $0.swift != $0.json }) else { return }
        writer.block("enum CodingKeys: String, CodingKey") { writer in
            for (swift, json) in names {
                let escaped = SwiftName.escaped(swift)
                writer.line(swift == json ? "case \(escaped)" : "case \(escaped) = \(swiftStringLiteral(json))")
            }
        }
    }

    private func renderStringEnum(_ name: String, _ cases: [TypeDeclaration.EnumCase], into writer: inout SwiftWriter) {
        writer.block("\(access)enum \(name): RawRepresentable, Codable, Hashable, Sendable") { writer in
            for enumCase in cases { writer.line("case \(SwiftName.escaped(enumCase.swiftName))") }
            writer.line("/// A value this version of the API did not list.")
            writer.line("case unknown(String)")
            writer.blankLine()
            writer.block("\(access)init(rawValue: String)") { writer in
                writer.line("switch rawValue {")
                for enumCase in cases {
                    writer.line("case \(swiftStringLiteral(enumCase.rawValue)): self = .\(enumCase.swiftName)")
                }
                writer.line("default: self = .unknown(rawValue)")
                writer.line("}")
            }
            writer.blankLine()
            writer.block("\(access)var rawValue: String") { writer in
                writer.line("switch self {")
                for enumCase in cases {
                    writer.line("case .\(enumCase.swiftName): \(swiftStringLiteral(enumCase.rawValue))")
                }
                writer.line("case .unknown(let value): value")
                writer.line("}")
            }
        }
    }

    private func renderOneOf(_ name: String, _ oneOf: TypeDeclaration.OneOf, into writer: inout SwiftWriter) {
        let indirect = oneOf.isIndirect ? "indirect " : ""
        writer.block("\(access)\(indirect)enum \(name): Codable, Hashable, Sendable") { writer in
            for option in oneOf.cases { writer.line("case \(SwiftName.escaped(option.swiftName))(\(option.type))") }
            writer.blankLine()
            writer.block("\(access)init(from decoder: any Decoder) throws") { writer in
                if let discriminator = oneOf.discriminator {
                    renderDiscriminatedDecoding(oneOf.cases, discriminator: discriminator.swiftName, into: &writer)
                } else {
                    renderTrialDecoding(name, oneOf.cases, into: &writer)
                }
            }
            writer.blankLine()
            writer.block("\(access)func encode(to encoder: any Encoder) throws") { writer in
                writer.line("switch self {")
                for option in oneOf.cases {
                    writer.line("case .\(option.swiftName)(let value): try value.encode(to: encoder)")
                }
                writer.line("}")
            }
            if let discriminator = oneOf.discriminator {
                writer.blankLine()
                renderCodingKeys([(discriminator.swiftName, discriminator.jsonName)], into: &writer)
                if discriminator.swiftName == discriminator.jsonName {
                    writer.block("enum CodingKeys: String, CodingKey") { writer in
                        writer.line("case \(SwiftName.escaped(discriminator.swiftName))")
                    }
                }
            }
            for nested in oneOf.nested {
                writer.blankLine()
                render(nested, into: &writer)
            }
        }
    }

    private func renderDiscriminatedDecoding(
        _ cases: [TypeDeclaration.OneOfCase], discriminator: String, into writer: inout SwiftWriter
    ) {
        writer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
        writer.line(
            "let \(SwiftName.escaped(discriminator)) = try container.decode(String.self, forKey: .\(discriminator))")
        writer.line("switch \(SwiftName.escaped(discriminator)) {")
        for option in cases {
            let values = option.discriminatorValues.map(swiftStringLiteral).joined(separator: ", ")
            writer.line("case \(values): self = try .\(option.swiftName)(\(option.type)(from: decoder))")
        }
        writer.line("default:")
        writer.indented { writer in
            writer.line("throw DecodingError.dataCorruptedError(")
            writer.indented { writer in
                writer.line(
                    "forKey: .\(discriminator), in: container, debugDescription: \"Unknown \(discriminator) \\(\(SwiftName.escaped(discriminator)))\")"
                )
            }
        }
        writer.line("}")
    }

    private func renderTrialDecoding(
        _ name: String, _ cases: [TypeDeclaration.OneOfCase], into writer: inout SwiftWriter
    ) {
        for (index, option) in cases.enumerated() {
            let keyword = index == 0 ? "if" : "} else if"
            writer.line("\(keyword) let value = try? \(option.type)(from: decoder) {")
            writer.indented { $0.line("self = .\(option.swiftName)(value)") }
        }
        let message = swiftStringLiteral("The value matches no option of \(name)")
        if !cases.isEmpty { writer.line("} else {") }
        writer.indented { writer in
            writer.line("let context = DecodingError.Context(")
            writer.indented { $0.line("codingPath: decoder.codingPath, debugDescription: \(message))") }
            writer.line("throw DecodingError.dataCorrupted(context)")
        }
        if !cases.isEmpty { writer.line("}") }
    }
}

extension SwiftWriter {
    /// The body one level in, without braces.
    mutating func indented(_ body: (inout SwiftWriter) -> Void) {
        shift(1)
        body(&self)
        shift(-1)
    }
}
