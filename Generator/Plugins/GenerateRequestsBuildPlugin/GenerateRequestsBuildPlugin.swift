import Foundation
import PackagePlugin

/// Generates a target's requests while it builds, from the OpenAPI document in its folder (`openapi.yaml`,
/// `openapi.yml` or `openapi.json`, with an optional `queryrequest-generate.yaml|yml|json` beside it).
///
/// A build command must name its output files before it runs, and the generator writes a file per tag, known only
/// once the document is read; a plugin cannot read the document itself (it cannot link OpenAPIKit). So the command
/// runs with `--single-file`, which writes one file whose name is known up front. (A prebuild command may write any
/// files, but it cannot run a tool built from source.)
@main
struct GenerateRequestsBuildPlugin: BuildToolPlugin {
    static let documentNames = ["openapi.yaml", "openapi.yml", "openapi.json"]
    static let configurationNames = [
        "queryrequest-generate.yaml", "queryrequest-generate.yml", "queryrequest-generate.json",
    ]

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        // The same lookup as the command plugin's `OpenAPIInputs`: directly in the target's folder, one of each.
        let documents = Self.existing(Self.documentNames, in: target.directoryURL)
        let configurations = Self.existing(Self.configurationNames, in: target.directoryURL)
        guard documents.count == 1, configurations.count <= 1 else {
            let found = (documents + configurations).map(\.lastPathComponent).joined(separator: ", ")
            throw PluginError(
                "\(target.name): the build plugin needs one OpenAPI document (\(Self.documentNames.joined(separator: ", "))) "
                    + "and at most one configuration in \(target.directoryURL.path); found: \(found.isEmpty ? "none" : found)"
            )
        }
        let document = documents[0]
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Generated", isDirectory: true)
        let file = output.appendingPathComponent("QueryRequestGenerated.swift")
        var arguments = [document.path, "--output", output.path, "--single-file", file.lastPathComponent]
        if let configuration = configurations.first { arguments += ["--config", configuration.path] }
        return [
            .buildCommand(
                displayName:
                    "Generating \(file.lastPathComponent) for \(target.name) from \(document.lastPathComponent)",
                executable: try context.tool(named: "queryrequest-generate").url,
                arguments: arguments,
                inputFiles: [document] + configurations,
                outputFiles: [file])
        ]
    }

    private static func existing(_ names: [String], in folder: URL) -> [URL] {
        names.map { folder.appendingPathComponent($0) }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}

struct PluginError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
