import Foundation
import OpenAPIKit

/// Turns each operation into a `RequestDeclaration`, reporting what the library cannot express.
struct OperationTranslator {
    let schemas: SchemaTranslator
    let configuration: GeneratorConfiguration
    /// The type of every request's `host`.
    let hostType: String
    /// The host every request goes to unless told otherwise, such as `.production`; `nil` when there is none.
    let defaultHost: String?

    private var components: OpenAPI.Components { schemas.components }

    private func report(_ diagnostic: Diagnostic) { schemas.report(diagnostic) }

    func requests(in document: OpenAPI.Document) throws(GeneratorError) -> [RequestDeclaration] {
        var requests: [RequestDeclaration] = []
        for (path, item) in zip(document.paths.keys, document.paths.values) {
            let pathPointer = JSONPointer(["paths", path.rawValue])
            guard case .b(let pathItem) = item else {
                report(
                    Diagnostic(
                        .error, at: pathPointer.appending("$ref"), "a path item given by reference is not supported",
                        generatedInstead: "no request for this path"))
                continue
            }
            for endpoint in pathItem.endpoints {
                let method = endpoint.method.rawValue.lowercased()
                var request = try request(
                    endpoint.operation, method: method, path: path.rawValue, pathItem: pathItem,
                    at: pathPointer.appending(method))
                request.requiresAuthorization = SecurityTranslator.requiresAuthorization(
                    endpoint.operation, documentSecurity: document.security)
                requests.append(request)
            }
        }
        return requests
    }

    // MARK: One operation

    private func request(
        _ operation: OpenAPI.Operation, method: String, path: String, pathItem: OpenAPI.PathItem,
        at pointer: JSONPointer
    ) throws(GeneratorError) -> RequestDeclaration {
        let baseName = operation.operationId.map(SwiftName.typeName) ?? fallbackName(method: method, path: path)
        let name = schemas.typeNames.claim(baseName + configuration.requestNameSuffix)
        var request = RequestDeclaration(
            name: name, documentation: documentation(of: operation, method: method, path: path),
            isDeprecated: operation.deprecated, group: operation.tags?.first,
            method: methodExpression(method), pathLiteral: "", pathIsConstant: true)

        // Names of the request's own members, which parameters must not take.
        var members = NameScope(reserved: [
            "host", "path", "method", "query", "body", "headers", "setting", "queryEncoder", "bodyEncoder",
            "responseDecoder", "form",
        ])
        var nestedNames = schemas.nestedScope(inside: name)
        var query = TypeDeclaration.Structure()
        var queryNames = NameScope()
        var queryNestedNames = schemas.nestedScope(inside: "Query")
        queryNestedNames.reserve(name)
        var pathValues: [String: String] = [:]

        for (parameter, parameterPointer) in try parameters(of: operation, in: pathItem, at: pointer) {
            guard case .a(let schemaContext) = parameter.schemaOrContent else {
                let mediaTypes =
                    parameter.schemaOrContent.contentValue?.keys.map(\.rawValue).joined(separator: ", ") ?? ""
                report(
                    Diagnostic(
                        .error, at: parameterPointer.appending("content"),
                        "the \(parameter.location.rawValue) parameter \(parameter.name) is described by content"
                            + " (\(mediaTypes)) rather than a schema: the library has no per-field encoding of a"
                            + " value as a media type (JSON inside a query field)",
                        generatedInstead: "no \(parameter.location.rawValue) parameter \(parameter.name)"))
                continue
            }
            let schema = schemaContext.schema.flattenToJsonSchema()
            switch parameter.context {
            case .path:
                let (type, _) = try schemas.typeExpression(
                    for: schema, suggestedName: parameter.name, at: parameterPointer.appending("schema"),
                    scope: &nestedNames, nested: &request.nested)
                let swiftName = members.claim(memberName(parameter.name))
                guard let text = pathText(of: SwiftName.escaped(swiftName), type: type, schema: schema) else {
                    report(
                        Diagnostic(
                            .error, at: parameterPointer,
                            "a path parameter of type \(type) has no defined text in a path",
                            generatedInstead: "a String property"))
                    addPathParameter(parameter, swiftName: swiftName, type: "String", to: &request)
                    pathValues[parameter.name] = "\\(segment: \(SwiftName.escaped(swiftName)))"
                    continue
                }
                if schemaContext.style != .simple {
                    report(
                        Diagnostic(
                            .warning, at: parameterPointer.appending("style"),
                            "path style \(schemaContext.style.rawValue) is not supported",
                            generatedInstead: "the simple style"))
                }
                addPathParameter(parameter, swiftName: swiftName, type: type, to: &request)
                pathValues[parameter.name] = "\\(segment: \(text))"
            case .query:
                let swiftName = queryNames.claim(memberName(parameter.name))
                let (type, nullable) = try schemas.typeExpression(
                    for: schema, suggestedName: parameter.name, at: parameterPointer.appending("schema"),
                    scope: &queryNestedNames, nested: &query.nested)
                var isOptional = nullable || !parameter.required
                let style = QueryStyleMapping.style(
                    for: schemaContext, named: parameter.name, kind: valueKind(of: schema), at: parameterPointer,
                    report: report)
                if let style {
                    request.queryStyles.append((parameter.name, style))
                    if isOptional, style.contains(".flattened") {
                        // The library's flattened style throws for nil, and cannot read an absent object back.
                        report(
                            Diagnostic(
                                .warning, at: parameterPointer,
                                "an optional object with style form and explode true cannot be left out: the library's"
                                    + " flattened nesting style needs a value",
                                generatedInstead: "a required property"))
                        isOptional = false
                    }
                }
                query.properties.append(
                    TypeDeclaration.Property(
                        jsonName: parameter.name, swiftName: swiftName, type: type, isOptional: isOptional,
                        documentation: parameter.description, isDeprecated: parameter.deprecated))
            case .header:
                let (type, nullable) = try schemas.typeExpression(
                    for: schema, suggestedName: parameter.name, at: parameterPointer.appending("schema"),
                    scope: &nestedNames, nested: &request.nested)
                let swiftName = members.claim(memberName(parameter.name))
                guard let text = headerText(type: type, schema: schema) else {
                    report(
                        Diagnostic(
                            .error, at: parameterPointer,
                            "a header parameter of type \(type) has no defined text in this generator",
                            generatedInstead: "no header \(parameter.name)"))
                    continue
                }
                let property = TypeDeclaration.Property(
                    jsonName: parameter.name, swiftName: swiftName, type: type,
                    isOptional: nullable || !parameter.required, documentation: parameter.description,
                    isDeprecated: parameter.deprecated)
                request.parameters.append(property)
                request.headers.append(RequestDeclaration.Header(name: parameter.name, property: property, text: text))
            case .cookie:
                let (type, nullable) = try schemas.typeExpression(
                    for: schema, suggestedName: parameter.name, at: parameterPointer.appending("schema"),
                    scope: &nestedNames, nested: &request.nested)
                guard isCookieName(parameter.name) else {
                    report(
                        Diagnostic(
                            .error, at: parameterPointer.appending("name"),
                            "the cookie name \(parameter.name) is not an RFC 6265 token",
                            generatedInstead: "no cookie \(parameter.name)"))
                    continue
                }
                guard let text = scalarText(of: schema) else {
                    report(
                        Diagnostic(
                            .error, at: parameterPointer,
                            "a cookie parameter of type \(type) has no defined text in this generator (single"
                                + " values only)",
                            generatedInstead: "no cookie \(parameter.name)"))
                    continue
                }
                if schemaContext.style != .form {
                    report(
                        Diagnostic(
                            .warning, at: parameterPointer.appending("style"),
                            "cookie style \(schemaContext.style.rawValue) is not supported",
                            generatedInstead: "the form style (name=value)"))
                }
                let property = TypeDeclaration.Property(
                    jsonName: parameter.name, swiftName: members.claim(memberName(parameter.name)), type: type,
                    isOptional: nullable || !parameter.required, documentation: parameter.description,
                    isDeprecated: parameter.deprecated)
                request.parameters.append(property)
                request.cookies.append(RequestDeclaration.Header(name: parameter.name, property: property, text: text))
            case .querystring:
                report(
                    Diagnostic(
                        .error, at: parameterPointer,
                        "\(parameter.location.rawValue) parameters are not supported",
                        generatedInstead: "no parameter \(parameter.name)"))
            }
        }
        if !query.properties.isEmpty {
            request.query = query
            request.queryIsOptional = query.properties.allSatisfy(\.isOptional)
            let names = query.properties.map(\.jsonName)
            if names.contains(where: { $0.contains(".") }) {
                if names.contains(where: { $0.contains("[") || $0.contains("]") }) {
                    report(
                        Diagnostic(
                            .error, at: pointer.appending("parameters"),
                            "query parameter names hold both `.` and brackets, which no nesting strategy can keep flat",
                            generatedInstead: "a query whose encoding throws"))
                } else {
                    request.queryNestsWithBrackets = true
                }
            }
        }
        request.pathLiteral = pathLiteral(path, values: pathValues, at: pointer)
        request.pathIsConstant = pathValues.isEmpty
        try addBody(of: operation, method: method, to: &request, nestedNames: &nestedNames, at: pointer)
        try addResponse(of: operation, to: &request, nestedNames: &nestedNames, at: pointer)
        try addErrorBody(of: operation, to: &request, nestedNames: &nestedNames, at: pointer)
        request.usesJSONCoding =
            schemas.usesDates && (request.body?.kind == .json || request.response != nil || request.errorBody != nil)
        return request
    }

    private func addPathParameter(
        _ parameter: OpenAPI.Parameter, swiftName: String, type: String, to request: inout RequestDeclaration
    ) {
        request.parameters.append(
            TypeDeclaration.Property(
                jsonName: parameter.name, swiftName: swiftName, type: type, isOptional: false,
                documentation: parameter.description, isDeprecated: parameter.deprecated))
    }

    /// The path item's parameters, then the operation's, which replace those of the same name and location.
    private func parameters(
        of operation: OpenAPI.Operation, in pathItem: OpenAPI.PathItem, at pointer: JSONPointer
    ) throws(GeneratorError) -> [(OpenAPI.Parameter, JSONPointer)] {
        var result: [(OpenAPI.Parameter, JSONPointer)] = []
        let itemPointer = JSONPointer(Array(pointer.tokens.dropLast()))
        for (list, listPointer) in [(pathItem.parameters, itemPointer), (operation.parameters, pointer)] {
            for (index, entry) in list.enumerated() {
                let entryPointer = listPointer.appending("parameters", String(index))
                let parameter = try resolved(entry, at: entryPointer)
                result.removeAll { $0.0.name == parameter.name && $0.0.location == parameter.location }
                result.append((parameter, entryPointer))
            }
        }
        return result
    }

    // MARK: Body and response

    private func addBody(
        of operation: OpenAPI.Operation, method: String, to request: inout RequestDeclaration,
        nestedNames: inout NameScope, at pointer: JSONPointer
    ) throws(GeneratorError) {
        guard let entry = operation.requestBody else { return }
        let bodyPointer = pointer.appending("requestBody")
        let body = try resolved(entry, at: bodyPointer)
        if method == "get" || method == "head" {
            report(
                Diagnostic(
                    .error, at: bodyPointer, "a \(method.uppercased()) request cannot carry a body",
                    generatedInstead: "no body"))
            return
        }
        let contentTypes = body.content.keys.map(\.typeAndSubtype)
        guard let preferred = preferredContentType(contentTypes) else { return }
        let (index, contentType) = preferred
        let contentPointer = bodyPointer.appending("content", body.content.keys[index].rawValue)
        let content = try resolved(body.content.values[index], at: contentPointer)
        let kind: RequestDeclaration.Body.Kind
        var type: String
        switch contentType {
        case let json where isJSON(json):
            kind = .json
            type = try typeName(
                of: content.schema, suggestedName: "Body", at: contentPointer, in: &request, nestedNames: &nestedNames)
        case "application/x-www-form-urlencoded":
            kind = .form
            type = try typeName(
                of: content.schema, suggestedName: "Form", at: contentPointer, in: &request, nestedNames: &nestedNames)
        case "multipart/form-data":
            kind = .multipart
            type = try typeName(
                of: content.schema, suggestedName: "Form", at: contentPointer, in: &request, nestedNames: &nestedNames)
        case let text where text.hasPrefix("text/"):
            kind = .raw
            type = "String"
            if text != "text/plain" {
                report(
                    Diagnostic(
                        .warning, at: contentPointer, "the body's content type \(text) is sent as text/plain",
                        generatedInstead: "a String body"))
            }
        case "application/octet-stream":
            kind = .raw
            type = "Data"
        default:
            report(
                Diagnostic(
                    .error, at: contentPointer, "request bodies of type \(contentType) are not supported yet",
                    generatedInstead: "no body"))
            return
        }
        if contentTypes.count > 1 {
            report(
                Diagnostic(
                    .warning, at: bodyPointer.appending("content"),
                    "the body can be sent as \(contentTypes.joined(separator: ", "))",
                    generatedInstead: "a body of type \(contentType) only"))
        }
        var partStatements: [String] = []
        if kind == .multipart {
            guard
                let statements = multipartStatements(
                    for: content.schema, encoding: content.encodingMap, at: contentPointer.appending("schema"),
                    encodingPointer: contentPointer.appending("encoding"))
            else {
                report(
                    Diagnostic(
                        .error, at: contentPointer, "a multipart body needs an object schema with properties",
                        generatedInstead: "no body"))
                return
            }
            partStatements = statements
        }
        if type == "AnyJSONValue" && kind == .form {
            report(
                Diagnostic(
                    .error, at: contentPointer, "a form body without an object schema is not supported",
                    generatedInstead: "no body"))
            return
        }
        let propertyName = kind == .form || kind == .multipart ? "form" : "body"
        request.body = RequestDeclaration.Body(
            kind: kind,
            property: TypeDeclaration.Property(
                jsonName: propertyName, swiftName: propertyName, type: type, isOptional: !body.required,
                documentation: body.description),
            multipartStatements: partStatements)
        if kind == .form {
            request.body?.formStyles = formStyles(
                for: content.schema, encoding: content.encodingMap, at: contentPointer.appending("schema"),
                encodingPointer: contentPointer.appending("encoding"))
            if !(request.body?.formStyles.isEmpty ?? true) {
                request.body?.formFieldsTypeName = nestedNames.claim("FormFields")
            }
        }
    }

    /// The style of each field of a form body whose wire form the coder's defaults would not write: OpenAPI
    /// gives a form field the style of its `encoding` entry, else `form` exploded (`tags=a&tags=b`, an object's
    /// fields as fields of the form), as for a query parameter.
    private func formStyles(
        for schema: JSONSchema?, encoding: OrderedDictionary<String, OpenAPI.Content.Encoding>?,
        at pointer: JSONPointer, encodingPointer: JSONPointer
    ) -> [(jsonName: String, style: String)] {
        guard let schema else { return [] }
        let (target, pointer) = followingReferences(schema, at: pointer)
        guard let object = target.objectContext else { return [] }
        var styles: [(jsonName: String, style: String)] = []
        for (name, property) in zip(object.properties.keys, object.properties.values) {
            let fieldEncoding = encoding?[name]
            let context = OpenAPI.Parameter.SchemaContext(
                property, style: fieldEncoding?.style ?? .form, explode: fieldEncoding?.explode ?? true,
                allowReserved: fieldEncoding?.allowReserved ?? false)
            let fieldPointer =
                fieldEncoding == nil ? pointer.appending("properties", name) : encodingPointer.appending(name)
            if let types = fieldEncoding?.contentTypes.map(\.rawValue),
                types.contains(where: { !$0.hasPrefix("text/plain") })
            {
                // OpenAPI would encode the field's value as that media type (JSON inside a form field).
                report(
                    Diagnostic(
                        .warning, at: fieldPointer.appending("contentType"),
                        "the form field \(name) has the content type \(types.joined(separator: ", ")): the library's"
                            + " QueryEncoder has no per-field media-type encoding",
                        generatedInstead: "the field's value as its style writes it"))
            }
            guard
                var style = QueryStyleMapping.style(
                    for: context, named: name, kind: valueKind(of: property), at: fieldPointer, role: "form field",
                    report: report)
            else { continue }
            let isOptional = schemas.withoutNull(property).1 || !object.requiredProperties.contains(name)
            if isOptional, style.contains(".flattened") {
                // The library's flattened style throws for nil; brackets keep the fields apart and can be left out.
                report(
                    Diagnostic(
                        .warning, at: fieldPointer,
                        "an optional object field with style form and explode true cannot be left out: the library's"
                            + " flattened nesting style needs a value",
                        generatedInstead: "its fields in brackets, \(name)[field]=value, as deepObject writes them"))
                style = "QueryFieldStyle(nesting: .brackets)"
            }
            styles.append((name, style))
        }
        return styles
    }

    private func addResponse(
        of operation: OpenAPI.Operation, to request: inout RequestDeclaration, nestedNames: inout NameScope,
        at pointer: JSONPointer
    ) throws(GeneratorError) {
        let successes = zip(operation.responses.keys, operation.responses.values).filter { $0.0.isSuccess }
        guard let first = successes.first else { return }
        let (status, entry) = first
        let responsePointer = pointer.appending("responses", status.rawValue)
        let response = try resolved(entry, at: responsePointer)
        if successes.count > 1 {
            report(
                Diagnostic(
                    .warning, at: pointer.appending("responses"),
                    "several success responses: \(successes.map { $0.0.rawValue }.joined(separator: ", "))",
                    generatedInstead: "the body of \(status.rawValue) as the Response"))
        }
        let contentTypes = response.content.keys.map(\.typeAndSubtype)
        guard status.rawValue != "204", let preferred = preferredContentType(contentTypes) else { return }
        let (index, contentType) = preferred
        let contentPointer = responsePointer.appending("content", response.content.keys[index].rawValue)
        if isJSON(contentType) {
            let content = try resolved(response.content.values[index], at: contentPointer)
            request.response = try typeName(
                of: content.schema, suggestedName: "ResponseBody", at: contentPointer, in: &request,
                nestedNames: &nestedNames)
        } else if contentType.hasPrefix("text/") {
            request.response = "String"
        } else {
            request.response = "Data"
        }
    }

    /// The component an entry is or references (a parameter, a request body, a response, a media type object);
    /// a reference that names nothing is an error at `pointer`'s `$ref`.
    private func resolved<Component: ComponentDictionaryLocatable>(
        _ entry: Either<OpenAPI.Reference<Component>, Component>, at pointer: JSONPointer
    ) throws(GeneratorError) -> Component {
        switch entry {
        case .a(let reference):
            guard let component = components[reference] else {
                throw .unresolvableReference(pointer: pointer.appending("$ref"), reference: reference.absoluteString)
            }
            return component
        case .b(let component):
            return component
        }
    }

    /// The statements that append each property of the form's object schema as a part: text for single values
    /// and for each element of an array, a file for bytes, with the content type its `encoding` (else its
    /// `contentMediaType`) gives. `nil` when the schema is no object with properties; a property without a text
    /// form is reported and left out.
    private func multipartStatements(
        for schema: JSONSchema?, encoding: OrderedDictionary<String, OpenAPI.Content.Encoding>?,
        at pointer: JSONPointer,
        encodingPointer: JSONPointer
    ) -> [String]? {
        guard let schema, let object = followingReferences(schema, at: pointer).0.objectContext,
            !object.properties.isEmpty
        else { return nil }
        var names = NameScope()
        var statements: [String] = []
        for (name, property) in zip(object.properties.keys, object.properties.values) {
            let swiftName = names.claim(SwiftName.memberName(name))
            let (propertySchema, nullable) = schemas.withoutNull(property)
            let isOptional = nullable || !object.requiredProperties.contains(name)
            let key = swiftStringLiteral(name)
            let value = isOptional ? "value" : "form.\(swiftName)"
            let partEncoding = encoding?[name]
            let partPointer = encodingPointer.appending(name)
            if let headers = partEncoding?.headers, !headers.isEmpty {
                report(
                    Diagnostic(
                        .warning, at: partPointer.appending("headers"),
                        "headers of a multipart part are not supported: the library's MultipartForm.Part has none",
                        generatedInstead: "the part \(name) without them"))
            }
            let declaredType = partContentType(
                of: propertySchema, encoding: partEncoding, name: name, at: partPointer)
            let append: String
            if !isBinary(propertySchema), let declaredType, !declaredType.hasPrefix("text/plain") {
                report(
                    Diagnostic(
                        .warning, at: partPointer.appending("contentType"),
                        "the part \(name) is text, which the library's MultipartForm sends without a content type"
                            + " (text/plain), not as \(declaredType)",
                        generatedInstead: "a text part"))
            }
            if let text = partText(of: propertySchema, value: "element"), dereferenced(propertySchema).isArray {
                let elements = isOptional ? "form.\(swiftName) ?? []" : "form.\(swiftName)"
                statements.append(
                    "for element in \(elements) { multipart.append(.text(name: \(key), value: \(text))) }")
                continue
            } else if isBinary(propertySchema) {
                let contentType = declaredType ?? "application/octet-stream"
                let typeArgument =
                    contentType == "application/octet-stream" ? "" : "contentType: \(swiftStringLiteral(contentType)), "
                let filename = swiftStringLiteral(name + Self.fileExtension(of: contentType))
                append = "multipart.append(.file(name: \(key), filename: \(filename), \(typeArgument)data: \(value)))"
            } else if let text = partText(of: propertySchema, value: value) {
                append = "multipart.append(.text(name: \(key), value: \(text)))"
            } else {
                report(
                    Diagnostic(
                        .error, at: pointer.appending("properties", name),
                        "a multipart part of this type has no defined text in this generator",
                        generatedInstead: "no part \(name)"))
                continue
            }
            statements.append(Self.fitted(append, unwrapping: isOptional ? "form.\(swiftName)" : nil))
        }
        return statements
    }

    /// A statement of `var body` (two levels in), unwrapping `value` first when asked: on one line when it fits
    /// the line length, else in a block with the call's arguments on a line of their own.
    static func fitted(_ append: String, unwrapping optional: String?) -> String {
        let indentation = 8
        if let optional {
            let line = "if let value = \(optional) { \(append) }"
            if indentation + line.count <= SwiftWriter.lineLength { return line }
            let body = fitted(append, unwrapping: nil).split(separator: "\n").map { "    " + $0 }
            return (["if let value = \(optional) {"] + body + ["}"]).joined(separator: "\n")
        }
        guard indentation + append.count > SwiftWriter.lineLength, append.hasPrefix("multipart.append(") else {
            return append
        }
        return "multipart.append(\n    " + append.dropFirst("multipart.append(".count)
    }

    /// The content type of a part: the first of its `encoding`'s `contentType` that names one type, else its
    /// schema's `contentMediaType`; `nil` when neither says. A list or a range (`image/*`) is reported.
    private func partContentType(
        of schema: JSONSchema, encoding: OpenAPI.Content.Encoding?, name: String, at pointer: JSONPointer
    ) -> String? {
        if let types = encoding?.contentTypes.map(\.rawValue), !types.isEmpty {
            let concrete = types.first { !$0.contains("*") }
            if types.count > 1 || concrete == nil {
                report(
                    Diagnostic(
                        .warning, at: pointer.appending("contentType"),
                        "the part \(name) may be any of \(types.joined(separator: ", ")); the generated code sends"
                            + " one type",
                        generatedInstead: concrete ?? "application/octet-stream"))
            }
            return concrete ?? "application/octet-stream"
        }
        if case .string(_, let string) = dereferenced(schema).value, let type = string.contentMediaType?.rawValue,
            !type.contains("*")
        {
            return type
        }
        return nil
    }

    /// The file name extension for a content type (`.png`), so that a server that looks at names sees a fitting
    /// one; empty for types without a usual extension.
    static func fileExtension(of contentType: String) -> String {
        let typeAndSubtype = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
        let extensions = [
            "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp",
            "image/svg+xml": ".svg", "application/pdf": ".pdf", "application/json": ".json",
            "application/zip": ".zip", "application/xml": ".xml", "text/plain": ".txt", "text/csv": ".csv",
            "text/html": ".html", "audio/mpeg": ".mp3", "video/mp4": ".mp4",
        ]
        return typeAndSubtype.flatMap { extensions[$0.lowercased()] } ?? ""
    }

    /// Whether a cookie name is an RFC 6265 token: visible ASCII without separators.
    private func isCookieName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?={}".utf8.contains(byte)
            }
    }

    /// The text of a single value in a multipart part, or of each element of an array of them.
    private func partText(of schema: JSONSchema, value: String) -> String? {
        let schema = dereferenced(schema)
        if case .array(_, let array) = schema.value {
            guard let items = array.items, !items.isArray else { return nil }
            return partText(of: schemas.withoutNull(items).0, value: value)
        }
        if isStringEnum(schema) { return "\(value).rawValue" }
        switch schema.value {
        case .string(let core, _):
            switch core.format {
            case .uuid: return "\(value).uuidString"
            case .uri: return "\(value).absoluteString"
            case .date: return "\(value).description"
            case .dateTime: return nil
            default: return isBinary(schema) ? nil : value
            }
        case .integer, .number, .boolean:
            return "String(\(value))"
        default:
            return nil
        }
    }

    private func isBinary(_ schema: JSONSchema) -> Bool {
        guard case .string(let core, let string) = dereferenced(schema).value else { return false }
        switch core.format {
        case .other("binary"), .other("byte"): return true
        default: return string.contentEncoding == .binary || string.contentEncoding == .base64
        }
    }

    /// `ErrorBody` when every 4xx, 5xx and `default` response with a JSON body has the same type.
    private func addErrorBody(
        of operation: OpenAPI.Operation, to request: inout RequestDeclaration, nestedNames: inout NameScope,
        at pointer: JSONPointer
    ) throws(GeneratorError) {
        var types: [String] = []
        for (status, entry) in zip(operation.responses.keys, operation.responses.values) {
            guard !status.isSuccess, status.rawValue.first != "1", status.rawValue.first != "3" else { continue }
            let responsePointer = pointer.appending("responses", status.rawValue)
            let response = try resolved(entry, at: responsePointer)
            guard let index = response.content.keys.firstIndex(where: { isJSON($0.typeAndSubtype) }) else { continue }
            let contentPointer = responsePointer.appending("content", response.content.keys[index].rawValue)
            let content = try resolved(response.content.values[index], at: contentPointer)
            guard content.schema != nil else { continue }
            let type = try typeName(
                of: content.schema, suggestedName: "ErrorResponseBody", at: contentPointer, in: &request,
                nestedNames: &nestedNames)
            if !types.contains(type) { types.append(type) }
        }
        // With several types the client's own error body applies, and `APIError.apiError(as:)` reads any of them.
        if types.count == 1 { request.errorBody = types[0] }
    }

    private func typeName(
        of schema: JSONSchema?, suggestedName: String, at pointer: JSONPointer, in request: inout RequestDeclaration,
        nestedNames: inout NameScope
    ) throws(GeneratorError) -> String {
        guard let schema else { return "AnyJSONValue" }
        let (type, nullable) = try schemas.typeExpression(
            for: schema, suggestedName: suggestedName, at: pointer.appending("schema"), scope: &nestedNames,
            nested: &request.nested)
        return nullable ? type + "?" : type
    }

    /// JSON first, then a form, text, bytes; the document's order among equals.
    private func preferredContentType(_ types: [String]) -> (index: Int, type: String)? {
        func rank(_ type: String) -> Int {
            if isJSON(type) { return 0 }
            if type == "application/x-www-form-urlencoded" { return 1 }
            if type.hasPrefix("text/") { return 2 }
            if type == "application/octet-stream" { return 3 }
            return 4
        }
        let best = types.indices.min { (rank(types[$0]), $0) < (rank(types[$1]), $1) }
        return best.map { ($0, types[$0]) }
    }

    private func isJSON(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json")
    }

    // MARK: Names and text

    private func memberName(_ text: String) -> String {
        SwiftName.memberName(text)
    }

    /// `GET /pets/{petId}` → `GetPetsByPetId`.
    private func fallbackName(method: String, path: String) -> String {
        var words = [method]
        for segment in path.split(separator: "/") {
            if segment.hasPrefix("{") && segment.hasSuffix("}") {
                words += ["by", String(segment.dropFirst().dropLast())]
            } else {
                words.append(String(segment))
            }
        }
        return SwiftName.typeName(words.map { SwiftName.typeName($0) }.joined())
    }

    private func methodExpression(_ method: String) -> String {
        switch method {
        case "get", "post", "put", "patch", "delete", "head", "options": ".\(method)"
        default: "HTTPMethod(rawValue: \(swiftStringLiteral(method.uppercased())))"
        }
    }

    /// The path as a string literal, each `{name}` replaced by its value's interpolation.
    private func pathLiteral(_ path: String, values: [String: String], at pointer: JSONPointer) -> String {
        var literal = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            literal += swiftStringLiteral(String(rest[..<open])).dropFirst().dropLast()
            let name = String(rest[rest.index(after: open)..<close])
            if let value = values[name] {
                literal += value
            } else {
                report(
                    Diagnostic(
                        .error, at: pointer, "the path names {\(name)}, which no path parameter declares",
                        generatedInstead: "the text {\(name)} in the path"))
                literal += swiftStringLiteral("{\(name)}").dropFirst().dropLast()
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += swiftStringLiteral(String(rest)).dropFirst().dropLast()
        return "\"" + literal + "\""
    }

    /// The value a `segment:` interpolation takes, or `nil` for a type without a defined text. Decided from the
    /// schema behind any references, so that an alias of `String` is text too.
    private func pathText(of name: String, type: String, schema: JSONSchema) -> String? {
        guard let text = scalarText(of: schema)?(name) else { return nil }
        // Numbers, Booleans, UUIDs and calendar dates interpolate as they are: `segment:` takes any
        // CustomStringConvertible.
        let plain = ["String(\(name))", "\(name).uuidString", "\(name).description"]
        return plain.contains(text) ? name : text
    }

    /// The text of a header value (`simple` style), or `nil` for a type without one: a single value, or an array
    /// of them joined by commas.
    private func headerText(type: String, schema: JSONSchema) -> ((String) -> String)? {
        if let text = scalarText(of: schema) { return text }
        guard case .array(_, let array) = dereferenced(schema).value, let items = array.items,
            let element = scalarText(of: items)
        else { return nil }
        let elementText = element("$0")
        if elementText == "$0" { return { "\($0).joined(separator: \",\")" } }
        if elementText == "$0.rawValue" { return { "\($0).map(\\.rawValue).joined(separator: \",\")" } }
        return { "\($0).map { \(elementText) }.joined(separator: \",\")" }
    }

    /// How a single value becomes text: strings (and their aliases) as they are, numbers and Booleans through
    /// `String(_:)`, UUIDs by `uuidString`, URLs by `absoluteString`, string enums by raw value; `nil` for dates,
    /// bytes, objects, arrays and compositions.
    private func scalarText(of schema: JSONSchema) -> ((String) -> String)? {
        if isStringEnum(schema) { return { "\($0).rawValue" } }
        let schema = dereferenced(schema)
        switch schema.value {
        case .string(let core, let string):
            switch core.format {
            case .uuid: return { "\($0).uuidString" }
            case .uri: return { "\($0).absoluteString" }
            case .date: return { "\($0).description" }
            case .dateTime, .other("binary"), .other("byte"): return nil
            default: return string.contentEncoding == nil ? { $0 } : nil
            }
        case .integer, .number, .boolean:
            return { "String(\($0))" }
        default:
            return nil
        }
    }

    private func isStringEnum(_ schema: JSONSchema) -> Bool {
        var schema = schemas.withoutNull(schema).0
        if case .reference(let reference, _) = schema.value,
            let target = try? schemas.resolve(reference, at: .root).0
        {
            schema = target
        }
        return schema.isString && !(schema.allowedValues ?? []).isEmpty
    }

    /// The schema behind `schema`'s references, with where it is written.
    private func followingReferences(_ schema: JSONSchema, at pointer: JSONPointer) -> (JSONSchema, JSONPointer) {
        var (schema, pointer) = (schema, pointer)
        for _ in 0..<32 {
            guard case .reference(let reference, _) = schema.value,
                let (target, targetPointer) = try? schemas.resolve(reference, at: pointer)
            else { break }
            (schema, pointer) = (target, targetPointer)
        }
        return (schema, pointer)
    }

    /// The schema a reference names, following references, without a `null` option.
    private func dereferenced(_ schema: JSONSchema) -> JSONSchema {
        var schema = schemas.withoutNull(schema).0
        for _ in 0..<32 {
            guard case .reference(let reference, _) = schema.value,
                let target = try? schemas.resolve(reference, at: .root).0
            else { break }
            schema = schemas.withoutNull(target).0
        }
        return schema
    }

    /// Whether the parameter's value is a single value, an array or an object, following references.
    private func valueKind(of schema: JSONSchema) -> QueryStyleMapping.ValueKind {
        switch dereferenced(schema).value {
        case .array(_, let array):
            if let items = array.items, valueKind(of: items) != .primitive { return .arrayOfComposites }
            return .array
        case .object, .all: return .object
        case .one, .any, .fragment, .not: return .composite
        default: return .primitive
        }
    }

    private func documentation(of operation: OpenAPI.Operation, method: String, path: String) -> String {
        let parts = [operation.summary, operation.description, "`\(method.uppercased()) \(path)`"]
        return parts.compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            .joined(separator: "\n\n")
    }
}
