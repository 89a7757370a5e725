import Foundation
import PackagePlugin

/// A failure the plugin reports as is.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}

/// A target's OpenAPI document and optional configuration, directly in its folder.
///
/// The build-tool plugin has a copy of this lookup (`GenerateRequestsBuildPlugin`); keep the two the same.
struct OpenAPIInputs {
    static let documentNames = ["openapi.yaml", "openapi.yml", "openapi.json"]
    static let configurationNames = [
        "queryrequest-generate.yaml", "queryrequest-generate.yml", "queryrequest-generate.json",
    ]

    var document: URL
    var configuration: URL?

    /// The inputs in `folder`: nil without a document; an error when there are several documents or configurations.
    static func find(in folder: URL) throws -> OpenAPIInputs? {
        func existing(_ names: [String]) throws -> URL? {
            let found = names.map { folder.appendingPathComponent($0) }.filter {
                FileManager.default.fileExists(atPath: $0.path)
            }
            guard found.count <= 1 else {
                throw PluginFailure(
                    "\(folder.path) holds \(found.map(\.lastPathComponent).joined(separator: " and ")); keep one")
            }
            return found.first
        }
        guard let document = try existing(documentNames) else { return nil }
        return OpenAPIInputs(document: document, configuration: try existing(configurationNames))
    }
}

/// Runs `queryrequest-generate`, turning each line it writes to standard error into the plugin's diagnostics, which
/// name the document: `warning: #/paths/…: …` and `error: …` become warnings and errors whose message starts with
/// the document's path (SwiftPM does not print a diagnostic's file when it has no line).
enum GeneratorProcess {
    static func run(_ tool: URL, arguments: [String], document: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()

        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            if line.hasPrefix("warning: ") {
                Diagnostics.warning("\(document.path): \(line.dropFirst(9))", file: document.path, line: nil)
            } else if line.lowercased().hasPrefix("error: ") {
                Diagnostics.error("\(document.path): \(line.dropFirst(7))", file: document.path, line: nil)
            } else if !line.isEmpty {
                print(line)
            }
        }
        return process.terminationStatus
    }
}
