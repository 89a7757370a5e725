/// Writes a `RequestDeclaration` as a struct conforming to the library's `Request`.
struct RequestRenderer {
    let declarations: DeclarationRenderer
    let hostType: String
    let defaultHost: String?

    private var access: String { declarations.access }

    func render(_ request: RequestDeclaration, into writer: inout SwiftWriter) {
        writer.documentation(request.documentation)
        if request.isDeprecated { writer.line("@available(*, deprecated)") }
        writer.block("\(access)struct \(request.name): Request") { writer in
            if let response = request.response { writer.line("\(access)typealias Response = \(response)") }
            if let errorBody = request.errorBody { writer.line("\(access)typealias ErrorBody = \(errorBody)") }
            if request.method != ".get" { writer.line("\(access)let method: HTTPMethod = \(request.method)") }
            writer.line("\(access)var host: \(hostType)")
            if request.pathIsConstant { writer.line("\(access)let path = \(request.pathLiteral)") }
            if request.requiresAuthorization {
                writer.line("\(access)let setting = APISetting(requiresAuthorization: true)")
            }
            for property in request.parameters {
                writer.documentation(property.documentation)
                if property.isDeprecated { writer.line("/// - Note: Deprecated.") }
                writer.line(
                    "\(access)var \(SwiftName.escaped(property.swiftName)): \(DeclarationRenderer.type(of: property))")
            }
            if request.query != nil {
                writer.line("\(access)var query: Query" + (request.queryIsOptional ? "" : ""))
            }
            if let body = request.body {
                writer.documentation(body.property.documentation)
                writer.line("\(access)var \(body.property.swiftName): \(DeclarationRenderer.type(of: body.property))")
            }
            writer.blankLine()
            if !request.pathIsConstant {
                writer.line("\(access)var path: String { \(request.pathLiteral) }")
            }
            if let body = request.body, body.kind == .multipart {
                writer.block("\(access)var body: RequestBody?") { writer in
                    if body.property.isOptional { writer.line("guard let form else { return nil }") }
                    writer.line("var multipart = MultipartForm()")
                    for statement in body.multipartStatements {
                        for line in statement.split(separator: "\n") { writer.line(String(line)) }
                    }
                    writer.line("return .multipart(multipart)")
                }
            }
            if let body = request.body, body.kind == .form {
                let fields = body.formStyles.isEmpty ? nil : body.formFieldsTypeName
                let value =
                    switch (body.property.isOptional, fields) {
                    case (true, nil): "form.map { .form($0) }"
                    case (false, nil): ".form(form)"
                    case (true, let fields?): "form.map { .form(\(fields)(form: $0)) }"
                    case (false, let fields?): ".form(\(fields)(form: form))"
                    }
                writer.line("\(access)var body: RequestBody? { \(value) }")
                if let fields { renderFormFields(named: fields, of: body, into: &writer) }
            }
            if request.queryNestsWithBrackets {
                writer.blankLine()
                writer.line("/// Nested names in brackets, as a parameter's name holds a `.`.")
                writer.block("\(access)var queryEncoder: QueryEncoder") { writer in
                    writer.line("var encoder = QueryEncoder()")
                    writer.line("encoder.nestedKeyEncodingStrategy = .brackets")
                    writer.line("return encoder")
                }
                writer.blankLine()
            }
            if !request.headers.isEmpty || !request.cookies.isEmpty {
                writer.blankLine()
                renderHeaders(request.headers, cookies: request.cookies, into: &writer)
                writer.blankLine()
            }
            if request.usesJSONCoding {
                if request.body?.kind == .json {
                    writer.line("\(access)var bodyEncoder: JSONEncoder? { APIJSONCoding.encoder }")
                }
                if request.response != nil || request.errorBody != nil {
                    writer.line("\(access)var responseDecoder: JSONDecoder? { APIJSONCoding.decoder }")
                }
            }
            writer.blankLine()
            renderInitializer(request, into: &writer)
            if let query = request.query {
                writer.blankLine()
                renderQuery(query, styles: request.queryStyles, into: &writer)
            }
            for nested in request.nested {
                writer.blankLine()
                declarations.render(nested, into: &writer)
            }
        }
    }

    /// `headers`: each header parameter, then the cookie parameters in one `Cookie` header (`a=1; b=2`).
    private func renderHeaders(
        _ headers: [RequestDeclaration.Header], cookies: [RequestDeclaration.Header], into writer: inout SwiftWriter
    ) {
        writer.block("\(access)var headers: [String: String]") { writer in
            writer.line("var headers: [String: String] = [:]")
            for header in headers {
                let name = SwiftName.escaped(header.property.swiftName)
                let key = swiftStringLiteral(header.name)
                if header.property.isOptional {
                    writer.block("if let \(name)") { writer in
                        writer.line("headers[\(key)] = \(header.text(name))")
                    }
                } else {
                    writer.line("headers[\(key)] = \(header.text(name))")
                }
            }
            if !cookies.isEmpty {
                writer.line("var cookies: [String] = []")
                for cookie in cookies {
                    let name = SwiftName.escaped(cookie.property.swiftName)
                    let append =
                        "cookies.append(APICookie.pair(\(swiftStringLiteral(cookie.name)), \(cookie.text(name))))"
                    if cookie.property.isOptional {
                        writer.block("if let \(name)") { $0.line(append) }
                    } else {
                        writer.line(append)
                    }
                }
                writer.block("if !cookies.isEmpty") {
                    $0.line("headers[\"Cookie\"] = cookies.joined(separator: \"; \")")
                }
            }
            writer.line("return headers")
        }
    }

    private func renderInitializer(_ request: RequestDeclaration, into writer: inout SwiftWriter) {
        var parameters: [String] = []
        var assignments: [String] = []
        let hostDefault = defaultHost.map { " = \($0)" } ?? ""
        parameters.append("host: \(hostType)\(hostDefault)")
        assignments.append("self.host = host")
        for property in request.parameters {
            let name = SwiftName.escaped(property.swiftName)
            parameters.append(
                "\(name): \(DeclarationRenderer.type(of: property))" + (property.isOptional ? " = nil" : ""))
            assignments.append("self.\(property.swiftName) = \(name)")
        }
        if request.query != nil {
            parameters.append("query: Query" + (request.queryIsOptional ? " = Query()" : ""))
            assignments.append("self.query = query")
        }
        if let body = request.body {
            let name = body.property.swiftName
            parameters.append(
                "\(name): \(DeclarationRenderer.type(of: body.property))" + (body.property.isOptional ? " = nil" : ""))
            assignments.append("self.\(name) = \(name)")
        }
        writer.list("\(access)init(", parameters, closing: ") {")
        writer.indented { writer in
            for assignment in assignments { writer.line(assignment) }
        }
        writer.line("}")
    }

    /// The form as it is encoded, with the styles of its fields: a type of the document's may be a form body
    /// in one operation and JSON in another, so the styles are the request's, not the type's.
    private func renderFormFields(
        named name: String, of body: RequestDeclaration.Body, into writer: inout SwiftWriter
    ) {
        writer.blankLine()
        writer.line("/// The form's fields in the styles of the document's `encoding` (else `form`, exploded).")
        writer.block("private struct \(name): Encodable, Sendable, QueryFieldStyling") { writer in
            writer.line("let form: \(body.property.type)")
            writer.blankLine()
            writer.line("func encode(to encoder: any Encoder) throws { try form.encode(to: encoder) }")
            writer.blankLine()
            renderFieldStyles(body.formStyles, into: &writer)
        }
    }

    /// `queryFieldStyle(for:)`: a style for each of the keys named.
    private func renderFieldStyles(
        _ styles: [(jsonName: String, style: String)], access: String = "", into writer: inout SwiftWriter
    ) {
        writer.block("\(access)static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle?") { writer in
            writer.line("switch key.stringValue {")
            for (name, style) in styles { writer.line("case \(swiftStringLiteral(name)): \(style)") }
            writer.line("default: nil")
            writer.line("}")
        }
    }

    /// The nested `Query`, with each parameter's style where the coder's defaults would not write it.
    private func renderQuery(
        _ query: TypeDeclaration.Structure, styles: [(jsonName: String, style: String)], into writer: inout SwiftWriter
    ) {
        let conformances = "Codable, Hashable, Sendable" + (styles.isEmpty ? "" : ", QueryFieldStyling")
        declarations.renderStructure(
            "Query", query, conformances: conformances,
            extraMembers: { writer in
                guard !styles.isEmpty else { return }
                renderFieldStyles(styles, access: access, into: &writer)
                writer.blankLine()
            }, into: &writer)
    }
}
