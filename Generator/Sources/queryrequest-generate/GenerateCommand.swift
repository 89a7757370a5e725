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

    @Option(
        help: ArgumentHelp(
            "Write every declaration into this one file of the output folder instead of a file per tag.",
            discussion: "For build-tool plugins, which name their output files before the document is read.",
            valueName: "file-name"))
    var singleFile: String?

    func validate() throws {
        if let singleFile, singleFile.isEmpty || singleFile.contains("/") || !singleFile.hasSuffix(".swift") {
            throw ValidationError("--single-file takes a file name ending in .swift, without a folder")
        }
    }

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
        let files = singleFile.map { [generated.singleFile(named: $0)] } ?? generated.files
        for file in files {
            try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name), options: .atomic)
        }
        printError(Self.summary(of: generated, files: files.count, writtenTo: output))
    }

    /// The run's last line on standard error, whose counts scripts read
    /// (`Generator/Scripts/compile-real-documents.sh`):
    /// `wrote 5 files to out: 12 requests, 30 models, 2 diagnostics`.
    static func summary(of generated: GeneratorOutput, files: Int, writtenTo output: String) -> String {
        "wrote \(files) \(files == 1 ? "file" : "files") to \(output): \(generated.requestCount) requests, "
            + "\(generated.modelCount) models, \(generated.diagnostics.count) diagnostics"
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
