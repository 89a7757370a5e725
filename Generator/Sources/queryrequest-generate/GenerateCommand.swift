import ArgumentParser
import Foundation
import QueryRequestGeneratorCore
import Yams

@main
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queryrequest-generate",
        abstract: "Generates QueryRequest declarations and Codable models from an OpenAPI 3.0 or 3.1 document.")

    @Argument(help: "The OpenAPI document, YAML or JSON.")
    var document: String

    @Option(help: "The folder to write the Swift files into; created when missing.")
    var output: String

    @Option(help: "A JSON or YAML file with generator settings (hostTypeName, requestNameSuffix, accessLevel).")
    var config: String?

    @Flag(help: "Fail, writing nothing, when the document has anything the generated code cannot express.")
    var strict = false

    func run() throws {
        let configuration = try loadConfiguration()
        let generated: GeneratorOutput
        do {
            let document = try DocumentLoader.load(contentsOf: URL(fileURLWithPath: document))
            generated = try Generator(configuration: configuration).generate(document)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        for diagnostic in generated.diagnostics { printError(diagnostic.description) }
        if strict && !generated.diagnostics.isEmpty {
            printError("error: --strict: \(generated.diagnostics.count) diagnostics; nothing was written")
            throw ExitCode(1)
        }
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in generated.files {
            try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name), options: .atomic)
        }
        printError("wrote \(generated.files.count) files to \(output), \(generated.diagnostics.count) diagnostics")
    }

    private func loadConfiguration() throws -> GeneratorConfiguration {
        guard let config else { return GeneratorConfiguration() }
        do {
            let text = try String(contentsOf: URL(fileURLWithPath: config), encoding: .utf8)
            return try YAMLDecoder().decode(GeneratorConfiguration.self, from: text)
        } catch {
            throw ValidationError("Cannot read the configuration \(config): \(error)")
        }
    }

    private func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
