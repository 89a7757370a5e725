import Foundation
import QueryRequestGeneratorCore
import Testing

/// The generator's output for the tests' own documents, byte for byte. `GENERATOR_UPDATE_GOLDEN=1 swift test`
/// rewrites the expected files; the golden folders are also the sources of the `Generated…API` targets, so a
/// change that does not compile fails the build.
@Suite struct GoldenTests {
    static let documents: [(name: String, text: String, configuration: GeneratorConfiguration)] = [
        ("ColorsAPI", colorsAPIDocument, GeneratorConfiguration()),
        ("PetsAPI", petsAPIDocument, GeneratorConfiguration()),
        ("ConstructsAPI", constructsAPIDocument, GeneratorConfiguration(accessLevel: .internal)),
        ("ValidatedAPI", validatedAPIDocument, GeneratorConfiguration()),
    ]

    /// `Tests/Documents/ValidatedAPI.yaml`, a file of its own because the validating server of
    /// `ValidatedRequestTests` reads it too.
    static var validatedAPIDocument: String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Documents/ValidatedAPI.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? "the file \(url.path) cannot be read"
    }

    static var goldenRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden")
    }

    @Test(arguments: documents.map(\.name))
    func outputMatchesTheGoldenFiles(name: String) throws {
        let document = try #require(Self.documents.first { $0.name == name })
        let output = try Generator(configuration: document.configuration).generate(
            DocumentLoader.load(Data(document.text.utf8)))
        let folder = Self.goldenRoot.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GENERATOR_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in output.files {
                try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.name))
            }
        }
        let expectedNames = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(output.files.map(\.name) == expectedNames)
        for file in output.files {
            let expected = try Data(contentsOf: folder.appendingPathComponent(file.name))
            #expect(Array(file.contents.utf8) == Array(expected), "\(name)/\(file.name) differs from the golden file")
        }
    }

    @Test(arguments: documents.map(\.name))
    func outputIsTheSameEveryTime(name: String) throws {
        let document = try #require(Self.documents.first { $0.name == name })
        let generator = Generator(configuration: document.configuration)
        let first = try generator.generate(DocumentLoader.load(Data(document.text.utf8)))
        let second = try generator.generate(DocumentLoader.load(Data(document.text.utf8)))
        #expect(first == second)
    }

    /// `swift format lint --strict` with the repository's configuration finds nothing in the golden files.
    @Test func goldenFilesAreSwiftFormatClean() throws {
        let configuration = Self.goldenRoot.appendingPathComponent("../../../.swift-format").standardizedFileURL
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["swift", "format", "lint", "--strict", "--configuration", configuration.path, "--recursive"]
            + Self.documents.map { Self.goldenRoot.appendingPathComponent($0.name).path }
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(report)")
        #expect(report.isEmpty, "\(report)")
    }
}
