import OpenAPIKit

/// `components/securitySchemes` as factories of the library's authorization middleware, and whether an
/// operation needs credentials.
enum SecurityTranslator {
    struct Factory {
        var name: String
        var documentation: String
        var parameters: String
        var returnType: String
        var body: String
    }

    static func factories(of components: OpenAPI.Components, report: (Diagnostic) -> Void) -> [Factory] {
        var names = NameScope()
        var factories: [Factory] = []
        let schemes = components.securitySchemes
        for (key, entry) in zip(schemes.keys.map(\.rawValue), schemes.values) {
            let pointer = JSONPointer(["components", "securitySchemes", key])
            guard let scheme = components[entry] else {
                report(
                    Diagnostic(
                        .error, at: pointer.appending("$ref"), "the security scheme's reference names nothing",
                        generatedInstead: "no middleware for it"))
                continue
            }
            let name = names.claim(SwiftName.memberName(key))
            let described = scheme.description.map { "\n\n" + $0 } ?? ""
            switch scheme.type {
            case .apiKey(let parameter, .header), .apiKey(let parameter, .query):
                let placement = if case .apiKey(_, .header) = scheme.type { "header" } else { "queryParameter" }
                factories.append(
                    Factory(
                        name: name,
                        documentation:
                            "`\(key)`: an API key in the \(placement == "header" ? "header" : "query parameter")"
                            + " `\(parameter)`.\(described)",
                        parameters: "_ key: String", returnType: "APIKeyMiddleware",
                        body: "APIKeyMiddleware(key, in: .\(placement)(\(swiftStringLiteral(parameter))))"))
            case .http(let httpScheme, _) where httpScheme.lowercased() == "bearer":
                factories.append(bearer(name: name, key: key, what: "a bearer token", described: described))
            case .oauth2:
                factories.append(bearer(name: name, key: key, what: "an OAuth 2 access token", described: described))
            case .openIdConnect:
                factories.append(bearer(name: name, key: key, what: "an OpenID Connect token", described: described))
            case .http(let httpScheme, _) where httpScheme.lowercased() == "basic":
                factories.append(
                    Factory(
                        name: name, documentation: "`\(key)`: HTTP Basic authentication.\(described)",
                        parameters: "username: String, password: String", returnType: "BasicAuthorizationMiddleware",
                        body: "BasicAuthorizationMiddleware(username: username, password: password)"))
            default:
                report(
                    Diagnostic(
                        .warning, at: pointer.appending("type"),
                        "this kind of security scheme has no middleware in the library",
                        generatedInstead: "no middleware for it: add your own ClientMiddleware"))
            }
        }
        return factories
    }

    private static func bearer(name: String, key: String, what: String, described: String) -> Factory {
        Factory(
            name: name, documentation: "`\(key)`: \(what), sent as `Authorization: Bearer …`.\(described)",
            parameters: "tokenProvider: any TokenProvider", returnType: "BearerTokenMiddleware",
            body: "BearerTokenMiddleware(tokenProvider: tokenProvider)")
    }

    /// Whether the operation needs credentials: it (or else the document) lists security requirements, none of
    /// which is empty (an empty one makes credentials optional).
    static func requiresAuthorization(
        _ operation: OpenAPI.Operation, documentSecurity: [OpenAPI.SecurityRequirement]
    ) -> Bool {
        let requirements = operation.security ?? documentSecurity
        return !requirements.isEmpty && !requirements.contains { $0.isEmpty }
    }

    static func render(_ factories: [Factory], access: String, into writer: inout SwiftWriter) {
        writer.line("/// The API's security schemes, as the authorization middleware to give the client:")
        writer.line(
            "/// `APIClient(middleware: [APISecurity.…])`. Requests that need credentials say so in their setting.")
        writer.block("\(access)enum APISecurity") { writer in
            for factory in factories {
                writer.documentation(factory.documentation)
                writer.block(
                    "\(access)static func \(SwiftName.escaped(factory.name))(\(factory.parameters)) -> \(factory.returnType)"
                ) { writer in
                    writer.line(factory.body)
                }
                writer.blankLine()
            }
        }
    }
}
