import Foundation
import PackagePlugin

/// `swift package generate-requests [--target NAME]... [--strict]`: runs `queryrequest-generate` on the OpenAPI
/// document of each chosen target (by default every target holding one) and writes the files into the target's
/// `Generated/` folder, replacing what the plugin wrote there before.
@main
struct GenerateRequestsCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let strict = extractor.extractFlag(named: "strict") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure(
                "unknown arguments: \(extractor.remainingArguments.joined(separator: " ")); "
                    + "usage: swift package generate-requests [--target NAME]... [--strict]")
        }

        let targets: [any SourceModuleTarget]
        if targetNames.isEmpty {
            targets = context.package.targets.compactMap { $0 as? any SourceModuleTarget }.filter {
                (try? OpenAPIInputs.find(in: $0.directoryURL)) != nil
            }
            guard !targets.isEmpty else {
                throw PluginFailure(
                    "no target holds an OpenAPI document (\(OpenAPIInputs.documentNames.joined(separator: ", ")) "
                        + "in the target's folder)")
            }
        } else {
            targets = try context.package.targets(named: targetNames).map { target in
                guard let target = target as? any SourceModuleTarget else {
                    throw PluginFailure("target \(target.name) has no sources to generate into")
                }
                return target
            }
        }

        let tool = try context.tool(named: "queryrequest-generate")
        var failures: [String] = []
        for target in targets {
            do {
                try generate(for: target, tool: tool.url, work: context.pluginWorkDirectoryURL, strict: strict)
            } catch let failure as PluginFailure {
                failures.append("\(target.name): \(failure.description)")
            }
        }
        if !failures.isEmpty {
            throw PluginFailure(failures.joined(separator: "\n"))
        }
    }

    /// Generates into a folder of the plugin's own, then, on success only, replaces the target's `Generated/`
    /// files with the new ones: a tag renamed or removed leaves no file behind, and a failed run changes nothing.
    private func generate(for target: any SourceModuleTarget, tool: URL, work: URL, strict: Bool) throws {
        guard let inputs = try OpenAPIInputs.find(in: target.directoryURL) else {
            throw PluginFailure(
                "no OpenAPI document in \(target.directoryURL.path) "
                    + "(\(OpenAPIInputs.documentNames.joined(separator: ", ")))")
        }
        let fileManager = FileManager.default
        let staging = work.appendingPathComponent("staging-\(target.name)", isDirectory: true)
        try? fileManager.removeItem(at: staging)

        var arguments = [inputs.document.path, "--output", staging.path]
        if let config = inputs.configuration { arguments += ["--config", config.path] }
        if strict { arguments.append("--strict") }
        let status = try GeneratorProcess.run(tool, arguments: arguments, document: inputs.document)
        guard status == 0 else {
            throw PluginFailure(
                "queryrequest-generate failed on \(inputs.document.path) (exit code \(status)); nothing was changed")
        }

        let destination = target.directoryURL.appendingPathComponent("Generated", isDirectory: true)
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        let new = try fileManager.contentsOfDirectory(atPath: staging.path).filter { $0.hasSuffix(".swift") }
        for old in try fileManager.contentsOfDirectory(atPath: destination.path)
        where old.hasSuffix(".swift") && !new.contains(old) {
            try fileManager.removeItem(at: destination.appendingPathComponent(old))
            print("\(target.name): removed Generated/\(old)")
        }
        for name in new.sorted() {
            let source = staging.appendingPathComponent(name)
            let target = destination.appendingPathComponent(name)
            // Unchanged files are left alone, so that their modification dates do not trigger rebuilds.
            if let old = fileManager.contents(atPath: target.path), old == fileManager.contents(atPath: source.path) {
                continue
            }
            try? fileManager.removeItem(at: target)
            try fileManager.copyItem(at: source, to: target)
        }
        try? fileManager.removeItem(at: staging)
        print("\(target.name): \(new.count) files in \(destination.path)")
    }
}
