import Foundation
import OpenAPIKit

/// Turns JSON schemas into Swift types: component schemas into declarations, inline schemas into type names
/// (declaring nested types for inline objects and enums).
final class SchemaTranslator {
    let components: OpenAPI.Components
    /// The Swift name of each component schema, by its key.
    private(set) var componentTypeNames: [String: String] = [:]
    private(set) var diagnostics: [Diagnostic] = []
    /// Whether some type needs `AnyJSONValue`, declared in the models file only then.
    private(set) var usesAnyJSONValue = false
    /// Whether some type holds a `Date`, so that the JSON coders must read and write ISO 8601 text.
    private(set) var usesDates = false
    /// Whether some type holds a `CalendarDate` (`format: date`), declared in the models file only then.
    private(set) var usesCalendarDates = false
    /// Component schemas each component schema holds directly (not in an array or dictionary), to find the
    /// types that would contain themselves.
    private var directReferences: [String: Set<String>] = [:]
    /// Component schemas each component schema names anywhere, in collections too.
    private var allReferences: [String: Set<String>] = [:]
    /// The component whose declaration is being made.
    private var currentComponent: String?

    /// Every top-level type name taken so far.
    var typeNames = NameScope(reserved: SwiftName.reservedTypeNames)

    init(components: OpenAPI.Components) {
        self.components = components
        for key in components.schemas.keys.map(\.rawValue) {
            componentTypeNames[key] = typeNames.claim(SwiftName.typeName(key))
        }
    }

    func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    // MARK: Components

    /// One declaration per component schema, in the document's order.
    func componentDeclarations() throws(GeneratorError) -> [TypeDeclaration] {
        var declarations: [TypeDeclaration] = []
        for (key, schema) in zip(components.schemas.keys.map(\.rawValue), components.schemas.values) {
            currentComponent = key
            let pointer = JSONPointer(["components", "schemas", key])
            let name = componentTypeNames[key]!
            if needsDeclaration(schema), var declaration = try declaration(named: name, for: schema, at: pointer) {
                declaration.documentation = declaration.documentation ?? schema.title
                declaration.isDeprecated = schema.deprecated
                declarations.append(declaration)
                continue
            }
            // Types inline in an alias's schema are declared beside it, under names of their own.
            // (A copy of the names, as the nested declarations read `typeNames` while the call runs.)
            var siblings: [TypeDeclaration] = []
            var names = typeNames
            let (type, nullable) = try typeExpression(
                for: schema, suggestedName: key, at: pointer, scope: &names, nested: &siblings)
            typeNames = names
            var alias = TypeDeclaration(
                name: name, documentation: schema.description ?? schema.title,
                kind: .alias(nullable ? type + "?" : type))
            alias.isDeprecated = schema.deprecated
            declarations.append(alias)
            declarations += siblings
        }
        currentComponent = nil
        return breakingCycles(breakingAliasCycles(declarations))
    }

    /// Replaces each alias that names itself through aliases only (`Tree = [Tree]`, `Ping = Pong = Ping`), which
    /// Swift refuses, by `AnyJSONValue`.
    private func breakingAliasCycles(_ declarations: [TypeDeclaration]) -> [TypeDeclaration] {
        let keysByName = Dictionary(uniqueKeysWithValues: componentTypeNames.map { ($0.value, $0.key) })
        var aliasKeys: Set<String> = []
        for declaration in declarations {
            if case .alias = declaration.kind, let key = keysByName[declaration.name] { aliasKeys.insert(key) }
        }
        func reachesItself(_ start: String) -> Bool {
            var seen: Set<String> = []
            var stack = Array(allReferences[start] ?? [])
            while let next = stack.popLast() {
                if next == start { return true }
                if aliasKeys.contains(next), seen.insert(next).inserted {
                    stack.append(contentsOf: allReferences[next] ?? [])
                }
            }
            return false
        }
        return declarations.map { declaration in
            guard case .alias = declaration.kind, let key = keysByName[declaration.name], reachesItself(key) else {
                return declaration
            }
            report(
                Diagnostic(
                    .warning, at: JSONPointer(["components", "schemas", key]),
                    "a schema that only names other schemas holds itself, which a Swift typealias cannot",
                    generatedInstead: "AnyJSONValue"))
            usesAnyJSONValue = true
            var replaced = declaration
            replaced.kind = .alias("AnyJSONValue")
            return replaced
        }
    }

    /// Makes every struct that would contain itself a class, and every such enum indirect.
    private func breakingCycles(_ declarations: [TypeDeclaration]) -> [TypeDeclaration] {
        let recursive = Set(directReferences.keys.filter { reaches(from: $0, to: $0) })
        let keysByName = Dictionary(uniqueKeysWithValues: componentTypeNames.map { ($0.value, $0.key) })
        return declarations.map { declaration in
            guard let key = keysByName[declaration.name], recursive.contains(key) else { return declaration }
            var declaration = declaration
            switch declaration.kind {
            case .structure(var structure):
                structure.isClass = true
                declaration.kind = .structure(structure)
            case .oneOf(var oneOf):
                oneOf.isIndirect = true
                declaration.kind = .oneOf(oneOf)
            case .alias, .stringEnum:
                // An alias on a cycle is fine once the structs on it are classes; a cycle of aliases alone is
                // replaced in `breakingAliasCycles`.
                break
            }
            return declaration
        }
    }

    private func reaches(from start: String, to target: String) -> Bool {
        var seen: Set<String> = []
        var stack = Array(directReferences[start] ?? [])
        while let next = stack.popLast() {
            if next == target { return true }
            if seen.insert(next).inserted { stack.append(contentsOf: directReferences[next] ?? []) }
        }
        return false
    }

    // MARK: Declarations

    /// The names a type nested in `enclosingType` may not take: every top-level type's, which it would shadow
    /// for the properties that use them, and the enclosing type's own.
    func nestedScope(inside enclosingType: String) -> NameScope {
        var scope = typeNames
        scope.reserve(enclosingType)
        return scope
    }

    /// The declaration of a named type for an object, `allOf`, `oneOf`/`anyOf` or string enum schema; `nil`
    /// for any other schema, which is written as a type expression.
    func declaration(
        named name: String, for schema: JSONSchema, at pointer: JSONPointer
    ) throws(GeneratorError) -> TypeDeclaration? {
        let (schema, _) = withoutNull(schema)
        switch schema.value {
        case .object(_, let object) where !object.properties.isEmpty:
            var structure = TypeDeclaration.Structure()
            try addProperties(of: [(schema, pointer)], into: &structure, named: name, at: pointer)
            return TypeDeclaration(name: name, documentation: schema.description, kind: .structure(structure))
        case .all(let parts, _):
            var structure = TypeDeclaration.Structure()
            let located = parts.enumerated().map { ($0.element, pointer.appending("allOf", String($0.offset))) }
            try addProperties(of: located, into: &structure, named: name, at: pointer)
            return TypeDeclaration(name: name, documentation: schema.description, kind: .structure(structure))
        case .one(let options, _), .any(let options, _):
            let keyword = if case .one = schema.value { "oneOf" } else { "anyOf" }
            let oneOf = try oneOfDeclaration(
                options, discriminator: schema.discriminator, keyword: keyword, named: name, at: pointer)
            return TypeDeclaration(name: name, documentation: schema.description, kind: .oneOf(oneOf))
        case .string:
            guard let allowed = schema.allowedValues, !allowed.isEmpty else { return nil }
            // A `null` among the values says the value may be null, which the property's optional already says.
            // (OpenAPIKit holds a null as `()` or NSNull, depending on how it was read.)
            let nonNull = allowed.filter { !($0.value is Void) && !($0.value is NSNull) }
            let values = nonNull.compactMap { $0.value as? String }
            guard values.count == nonNull.count, !values.isEmpty else {
                report(
                    Diagnostic(
                        .warning, at: pointer.appending("enum"), "an enum value is not a string",
                        generatedInstead: "a String"))
                return nil
            }
            var scope = NameScope(reserved: ["unknown"])
            var seen: Set<[UInt8]> = []
            let cases = values.filter { seen.insert(Array($0.utf8)).inserted }.map {
                TypeDeclaration.EnumCase(swiftName: scope.claim(SwiftName.memberName($0)), rawValue: $0)
            }
            return TypeDeclaration(name: name, documentation: schema.description, kind: .stringEnum(cases))
        default:
            return nil
        }
    }

    /// The properties of the object schemas `parts`, merged as `allOf` merges them (a property named again
    /// replaces the earlier one; required if any part requires it).
    private func addProperties(
        of parts: [(JSONSchema, JSONPointer)], into structure: inout TypeDeclaration.Structure, named name: String,
        at pointer: JSONPointer
    ) throws(GeneratorError) {
        var properties: [(name: String, schema: JSONSchema, pointer: JSONPointer)] = []
        var required: Set<String> = []
        func collect(_ schema: JSONSchema, at pointer: JSONPointer, depth: Int) throws(GeneratorError) {
            switch schema.value {
            case .reference(let reference, _):
                guard depth < 32 else { return }
                let (target, targetPointer) = try resolve(reference, at: pointer)
                try collect(target, at: targetPointer, depth: depth + 1)
            case .object(_, let object):
                for (name, property) in zip(object.properties.keys, object.properties.values) {
                    let propertyPointer = pointer.appending("properties", name)
                    if let index = properties.firstIndex(where: { $0.name == name }) {
                        properties[index] = (name, property, propertyPointer)
                    } else {
                        properties.append((name, property, propertyPointer))
                    }
                }
                required.formUnion(object.requiredProperties)
                if case .b = object.additionalProperties {
                    report(
                        Diagnostic(
                            .warning, at: pointer.appending("additionalProperties"),
                            "additionalProperties beside properties are not kept",
                            generatedInstead: "the declared properties only"))
                }
            case .all(let parts, _):
                for (index, part) in parts.enumerated() {
                    try collect(part, at: pointer.appending("allOf", String(index)), depth: depth + 1)
                }
            case .fragment:
                break
            default:
                report(
                    Diagnostic(
                        .warning, at: pointer, "allOf merges object schemas only, and this one is not an object",
                        generatedInstead: "the properties of the other schemas"))
            }
        }
        for (part, partPointer) in parts {
            try collect(part, at: partPointer, depth: 0)
        }
        var names = NameScope()
        var nestedNames = nestedScope(inside: name)
        for (name, schema, propertyPointer) in properties {
            let swiftName = names.claim(SwiftName.memberName(name))
            let (type, nullable) = try typeExpression(
                for: schema, suggestedName: name, at: propertyPointer, scope: &nestedNames,
                nested: &structure.nested)
            structure.properties.append(
                TypeDeclaration.Property(
                    jsonName: name, swiftName: swiftName, type: type,
                    isOptional: nullable || !required.contains(name), documentation: schema.description,
                    isDeprecated: schema.deprecated, encodesNull: nullable && required.contains(name)))
        }
    }

    private func oneOfDeclaration(
        _ options: [JSONSchema], discriminator: OpenAPI.Discriminator?, keyword: String, named name: String,
        at pointer: JSONPointer
    ) throws(GeneratorError) -> TypeDeclaration.OneOf {
        var oneOf = TypeDeclaration.OneOf()
        var caseNames = NameScope()
        var nestedNames = nestedScope(inside: name)
        for (index, option) in options.enumerated() {
            let optionPointer = pointer.appending(keyword, String(index))
            if option.isNull { continue }
            let suggested: String
            if case .reference(let reference, _) = option.value, let name = reference.name {
                suggested = name
            } else {
                suggested = option.title ?? caseName(forInline: option, index: index)
            }
            let (type, _) = try typeExpression(
                for: option, suggestedName: suggested, at: optionPointer, scope: &nestedNames, nested: &oneOf.nested)
            var values: [String] = []
            if let discriminator, case .reference(let reference, _) = option.value {
                let absolute = reference.absoluteString
                let mapping = discriminator.mapping ?? [:]
                values = zip(mapping.keys, mapping.values).filter { $0.1 == absolute || $0.1 == reference.name }
                    .map(\.0).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                if values.isEmpty, let name = reference.name { values = [name] }
            }
            oneOf.cases.append(
                TypeDeclaration.OneOfCase(
                    swiftName: caseNames.claim(SwiftName.memberName(suggested)), type: type,
                    discriminatorValues: values))
        }
        if let discriminator {
            if oneOf.cases.allSatisfy({ !$0.discriminatorValues.isEmpty }) {
                oneOf.discriminator = (discriminator.propertyName, SwiftName.memberName(discriminator.propertyName))
            } else {
                report(
                    Diagnostic(
                        .warning, at: pointer.appending("discriminator"),
                        "the discriminator applies to referenced schemas only, and an option is inline",
                        generatedInstead: "an enum that tries each option in order"))
            }
        }
        if keyword == "anyOf" {
            report(
                Diagnostic(
                    .warning, at: pointer.appending("anyOf"),
                    "anyOf allows a value to match several schemas at once",
                    generatedInstead: "an enum holding the first option that decodes"))
        }
        return oneOf
    }

    private func caseName(forInline schema: JSONSchema, index: Int) -> String {
        switch schema.value {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .array: "array"
        default: "option\(index + 1)"
        }
    }

    // MARK: Type expressions

    /// The Swift type of `schema` and whether it may be null. Inline objects, enums and `oneOf`s become types
    /// named `name`, appended to `nested`; with `nested` `nil` they are not expected (a component's alias).
    func typeExpression(
        for schema: JSONSchema, suggestedName: String, at pointer: JSONPointer, scope: inout NameScope,
        nested: inout [TypeDeclaration], inCollection: Bool = false
    ) throws(GeneratorError) -> (type: String, nullable: Bool) {
        let (schema, nullable) = withoutNull(schema)
        if needsDeclaration(schema) {
            let name = scope.claim(SwiftName.typeName(suggestedName))
            if let declaration = try declaration(named: name, for: schema, at: pointer) {
                nested.append(declaration)
                return (name, nullable)
            }
        }
        switch schema.value {
        case .reference(let reference, _):
            let (_, targetPointer) = try resolve(reference, at: pointer)
            let key = targetPointer.tokens[2]
            if let current = currentComponent {
                allReferences[current, default: []].insert(key)
                if !inCollection { directReferences[current, default: []].insert(key) }
            }
            return (componentTypeNames[key]!, nullable)
        case .boolean:
            return ("Bool", nullable)
        case .integer(let core, _):
            switch core.format {
            case .int32: return ("Int32", nullable)
            case .int64: return ("Int64", nullable)
            default: return ("Int", nullable)
            }
        case .number(let core, _):
            return (core.format == .float ? "Float" : "Double", nullable)
        case .string(let core, let string):
            switch core.format {
            case .dateTime:
                usesDates = true
                return ("Date", nullable)
            case .date:
                usesCalendarDates = true
                return ("CalendarDate", nullable)
            case .uuid: return ("UUID", nullable)
            case .uri: return ("URL", nullable)
            case .other("binary"), .other("byte"): return ("Data", nullable)
            default:
                switch string.contentEncoding {
                case .binary?, .base64?: return ("Data", nullable)
                default: return ("String", nullable)
                }
            }
        case .array(_, let array):
            guard let items = array.items else {
                usesAnyJSONValue = true
                return ("[AnyJSONValue]", nullable)
            }
            let element = try typeExpression(
                for: items, suggestedName: elementName(suggestedName), at: pointer.appending("items"), scope: &scope,
                nested: &nested, inCollection: true)
            return ("[\(element.nullable ? element.type + "?" : element.type)]", nullable)
        case .object(_, let object):
            switch object.additionalProperties {
            case .b(let values)?:
                let value = try typeExpression(
                    for: values, suggestedName: suggestedName + "Value", at: pointer.appending("additionalProperties"),
                    scope: &scope, nested: &nested, inCollection: true)
                return ("[String: \(value.nullable ? value.type + "?" : value.type)]", nullable)
            default:
                usesAnyJSONValue = true
                return ("[String: AnyJSONValue]", nullable)
            }
        case .fragment, .all, .one, .any:
            usesAnyJSONValue = true
            return ("AnyJSONValue", nullable)
        case .null:
            usesAnyJSONValue = true
            return ("AnyJSONValue", true)
        case .not:
            report(
                Diagnostic(
                    .warning, at: pointer.appending("not"), "not is not supported", generatedInstead: "AnyJSONValue"))
            usesAnyJSONValue = true
            return ("AnyJSONValue", nullable)
        }
    }

    /// The element type's name for an array named `name`: English plurals made singular where the rule is
    /// plain (`Swatches` → `Swatch`, `Categories` → `Category`, `Pets` → `Pet`), else `Element` behind.
    private func elementName(_ name: String) -> String {
        for (plural, singular) in [
            ("ches", "ch"), ("shes", "sh"), ("sses", "ss"), ("xes", "x"), ("uses", "us"), ("ies", "y"),
        ]
        where name.count > plural.count + 1 && name.hasSuffix(plural) {
            return name.dropLast(plural.count) + singular
        }
        if name.count > 1, name.hasSuffix("s"), !name.hasSuffix("ss") { return String(name.dropLast()) }
        return name + "Element"
    }

    /// Whether the schema becomes a type of its own: an object with properties, an `allOf`, a `oneOf` or
    /// `anyOf`, a string enum.
    func needsDeclaration(_ schema: JSONSchema) -> Bool {
        switch withoutNull(schema).0.value {
        case .object(_, let object): !object.properties.isEmpty
        case .all, .one, .any: true
        case .string: !(schema.allowedValues ?? []).isEmpty
        default: false
        }
    }

    /// The schema without the `null` option of a `oneOf`/`anyOf` [T, null], and whether it may be null.
    func withoutNull(_ schema: JSONSchema) -> (JSONSchema, Bool) {
        switch schema.value {
        case .all(let parts, _):
            // `allOf: [$ref]`, written to give a reference a description, is the reference.
            let others = parts.filter { !$0.isFragment }
            if others.count == 1, others[0].isReference { return (others[0], schema.nullable) }
            return (schema, schema.nullable)
        case .one(let options, _), .any(let options, _):
            let others = options.filter { !$0.isNull }
            if others.count == 1, options.count == 2 { return (others[0], true) }
            return (schema, schema.nullable || others.count < options.count)
        default:
            return (schema, schema.nullable)
        }
    }

    /// The component schema a reference names, and where it is.
    func resolve(
        _ reference: JSONReference<JSONSchema>, at pointer: JSONPointer
    ) throws(GeneratorError) -> (JSONSchema, JSONPointer) {
        guard case .internal(.component(let name)) = reference,
            let schema = components.schemas[OpenAPI.ComponentKey(rawValue: name) ?? "_"]
        else {
            throw .unresolvableReference(pointer: pointer.appending("$ref"), reference: reference.absoluteString)
        }
        return (schema, JSONPointer(["components", "schemas", name]))
    }
}
