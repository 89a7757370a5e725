import Foundation
import OpenAPIKit

/// The document's `servers` as cases of a `String` raw-value `APIHost` enum.
enum ServerTranslator {
    struct ServerCase {
        var name: String
        var url: String
        var documentation: String?
        /// The URL template and its variables, when it has any: a host type of its own is generated for it.
        var template: (url: String, variables: [(name: String, defaultValue: String, documentation: String?)])?
    }

    static func cases(of servers: [OpenAPI.Server], report: (Diagnostic) -> Void) -> [ServerCase] {
        var names = NameScope(reserved: ["unknown"])
        var seenURLs: Set<String> = []
        var cases: [ServerCase] = []
        for (index, server) in servers.enumerated() {
            let pointer = JSONPointer(["servers", String(index)])
            var url = server.urlTemplate.rawValue
            var variables: [(name: String, defaultValue: String, documentation: String?)] = []
            for (name, variable) in zip(server.variables.keys, server.variables.values) {
                url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
                let allowed = variable.enum.map { "One of " + $0.map { "`\($0)`" }.joined(separator: ", ") + "." }
                let described = variable.description.map { text in
                    text.hasSuffix(".") || text.hasSuffix("!") || text.hasSuffix("?") ? text : text + "."
                }
                let documentation = [described, allowed].compactMap { $0 }.joined(separator: " ")
                variables.append((name, variable.default, documentation.isEmpty ? nil : documentation))
            }
            guard let host = hostName(of: url) else {
                report(
                    Diagnostic(
                        .warning, at: pointer.appending("url"),
                        "the server URL \(url) is relative, and a host needs a scheme and a host name",
                        generatedInstead: "no case for this server"))
                continue
            }
            guard seenURLs.insert(url).inserted else { continue }
            let label = server.description.flatMap { $0.count <= 40 ? $0 : nil } ?? host
            cases.append(
                ServerCase(
                    name: names.claim(SwiftName.memberName(label)), url: url, documentation: server.description,
                    template: variables.isEmpty ? nil : (server.urlTemplate.rawValue, variables)))
        }
        return cases
    }

    /// A host type for a server with variables, one stored property per variable (its default by default), each
    /// interpolated as one escaped segment so that no value can change the scheme or where the host ends.
    static func renderVariableHost(
        _ server: ServerCase, named typeName: String, access: String, into writer: inout SwiftWriter
    ) {
        guard let template = server.template else { return }
        writer.line("/// \(server.documentation.map { $0 + ": " } ?? "")`\(template.url)`, with its variables.")
        writer.line("///")
        writer.line("/// A host for `makeURLRequest(host:)` or `APIClient(hostOverride:)`.")
        writer.block("\(access)struct \(typeName): APIHost") { writer in
            var names = NameScope()
            var properties: [(variable: String, swift: String)] = []
            for variable in template.variables {
                let swiftName = names.claim(SwiftName.memberName(variable.name))
                properties.append((variable.name, swiftName))
                writer.documentation(variable.documentation)
                writer.line("\(access)var \(SwiftName.escaped(swiftName)): String")
            }
            writer.blankLine()
            let parameters = zip(template.variables, properties).map { variable, property in
                "\(SwiftName.escaped(property.swift)): String = \(swiftStringLiteral(variable.defaultValue))"
            }
            writer.list("\(access)init(", parameters, closing: ") {")
            writer.indented { writer in
                for property in properties {
                    writer.line("self.\(property.swift) = \(SwiftName.escaped(property.swift))")
                }
            }
            writer.line("}")
            writer.blankLine()
            var literal = swiftStringLiteral(template.url)
            for property in properties {
                literal = literal.replacingOccurrences(
                    of: "{\(property.variable)}", with: "\\(segment: \(SwiftName.escaped(property.swift)))")
            }
            writer.block("\(access)var baseURL: URL") { writer in
                writer.block("get throws") { writer in
                    writer.line("let text = \(literal)")
                    writer.block("guard let url = URL(string: text) else") { writer in
                        writer.line("let reason = \"\\(text) is not a URL\"")
                        writer.line(
                            "throw RequestBuildingError.invalidHost(host: String(reflecting: self), reason: reason)")
                    }
                    writer.line("return url")
                }
            }
        }
    }

    /// `api.example.com` of `https://api.example.com/v1`, or `nil` for a relative URL.
    private static func hostName(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { $0.prefix { $0 != ":" } } ?? ""
        return host.isEmpty ? nil : String(host)
    }
}
