import Foundation
import OpenAPIKit

/// The document's `servers` as cases of a `String` raw-value `APIHost` enum.
enum ServerTranslator {
    struct ServerCase {
        var name: String
        var url: String
        var documentation: String?
    }

    static func cases(of servers: [OpenAPI.Server], report: (Diagnostic) -> Void) -> [ServerCase] {
        var names = NameScope(reserved: ["unknown"])
        var seenURLs: Set<String> = []
        var cases: [ServerCase] = []
        for (index, server) in servers.enumerated() {
            let pointer = JSONPointer(["servers", String(index)])
            var url = server.urlTemplate.rawValue
            if !server.variables.isEmpty {
                for (name, variable) in zip(server.variables.keys, server.variables.values) {
                    url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
                }
                report(
                    Diagnostic(
                        .warning, at: pointer.appending("variables"), "server variables are not supported yet",
                        generatedInstead: "the URL with each variable's default value, \(url)"))
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
                ServerCase(name: names.claim(SwiftName.memberName(label)), url: url, documentation: server.description))
        }
        return cases
    }

    /// `api.example.com` of `https://api.example.com/v1`, or `nil` for a relative URL.
    private static func hostName(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let authority = url[schemeEnd.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { $0.prefix { $0 != ":" } } ?? ""
        return host.isEmpty ? nil : String(host)
    }
}
