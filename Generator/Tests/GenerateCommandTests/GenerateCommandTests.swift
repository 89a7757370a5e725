import ArgumentParser
import Foundation
import QueryRequestGeneratorCore
import Testing

@testable import queryrequest_generate

/// The command on documents written to a temporary folder.
@Suite struct GenerateCommandTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("generate-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    static let cleanDocument = """
        openapi: 3.1.0
        info: { title: Clean, version: '1' }
        servers: [{ url: 'https://api.example.com' }]
        paths:
          /pets:
            get:
              operationId: listPets
              parameters: [{ name: tags, in: query, schema: { type: array, items: { type: string } } }]
              responses: { '204': { description: ok } }
        """

    /// The clean document with a parameter the library cannot express exactly (`allowReserved`).
    static let documentWithDiagnostic = cleanDocument.replacingOccurrences(
        of: "{ name: tags, in: query,", with: "{ name: tags, in: query, allowReserved: true,")

    private func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The exit code of the command with these arguments: 0 when `run()` returns.
    private func exitCode(_ arguments: [String]) throws -> Int32 {
        let command = try GenerateCommand.parse(arguments)
        do {
            try command.run()
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        }
    }

    private func outputFiles(_ output: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).sorted()
    }

    @Test func writesTheFiles() throws {
        let output = folder.appendingPathComponent("out").path
        #expect(try exitCode([write(Self.cleanDocument, to: "api.yaml"), "--output", output, "--strict"]) == 0)
        #expect(outputFiles(output) == ["APIServer.swift", "Models.swift", "Requests.swift"])
    }

    @Test func strictFailsOnADiagnosticAndWritesNothing() throws {
        let output = folder.appendingPathComponent("out").path
        let document = try write(Self.documentWithDiagnostic, to: "api.yaml")
        #expect(try exitCode([document, "--output", output, "--strict"]) == 1)
        #expect(outputFiles(output).isEmpty)
        #expect(try exitCode([document, "--output", output]) == 0)
        #expect(outputFiles(output).count == 3)
    }

    @Test func aBrokenDocumentExitsWith2() throws {
        let output = folder.appendingPathComponent("out").path
        #expect(try exitCode([write("openapi: 3.1.0\ninfo: 5\npaths: {}", to: "api.yaml"), "--output", output]) == 2)
        #expect(try exitCode([folder.appendingPathComponent("missing.yaml").path, "--output", output]) == 2)
        #expect(outputFiles(output).isEmpty)
    }

    @Test func theConfigurationNamesTheHostType() throws {
        let output = folder.appendingPathComponent("out").path
        let config = try write("hostTypeName: Servers\nrequestNameSuffix: Endpoint\n", to: "config.yaml")
        let document = try write(Self.cleanDocument, to: "api.yaml")
        #expect(try exitCode([document, "--output", output, "--config", config]) == 0)
        #expect(outputFiles(output) == ["Models.swift", "Requests.swift", "Servers.swift"])
        let requests = try String(contentsOfFile: output + "/Requests.swift", encoding: .utf8)
        #expect(requests.contains("public struct ListPetsEndpoint: Request"))
        #expect(requests.contains("public var host: Servers"))
    }

    /// The clean document with a second, tagged operation and a model: four files, one per tag and the shared ones.
    static let taggedDocument =
        cleanDocument + """

              /owners:
                get:
                  operationId: listOwners
                  tags: [Owners]
                  responses:
                    '200':
                      description: ok
                      content: { application/json: { schema: { $ref: '#/components/schemas/Owner' } } }
            components:
              schemas:
                Owner: { type: object, required: [name], properties: { name: { type: string } } }
            """

    @Test func singleFileHoldsEveryFileOnce() throws {
        let document = try write(Self.taggedDocument, to: "api.yaml")
        let perTag = folder.appendingPathComponent("per-tag").path
        let single = folder.appendingPathComponent("single").path
        #expect(try exitCode([document, "--output", perTag, "--strict"]) == 0)
        #expect(outputFiles(perTag) == ["APIServer.swift", "Models.swift", "OwnersRequests.swift", "Requests.swift"])
        #expect(try exitCode([document, "--output", single, "--single-file", "API.swift", "--strict"]) == 0)
        #expect(outputFiles(single) == ["API.swift"])

        let text = try String(contentsOfFile: single + "/API.swift", encoding: .utf8)
        #expect(
            text.hasPrefix(
                "// Generated by queryrequest-generate from Clean 1. Do not edit.\n\nimport Foundation\nimport QueryRequest\n\n"
                    + "// MARK: - APIServer\n\n/// The servers of the API"))
        #expect(text.components(separatedBy: "// Generated by").count == 2)
        #expect(text.components(separatedBy: "import QueryRequest\n").count == 2)
        #expect(text.hasSuffix("}\n") && !text.hasSuffix("\n\n"))
        // Each file's declarations, whole and in the files' order, under a mark naming it.
        var end = text.startIndex
        for name in outputFiles(perTag) {
            let contents = try String(contentsOfFile: perTag + "/" + name, encoding: .utf8)
            let body = try #require(
                contents.range(of: "import QueryRequest\n\n") ?? contents.range(of: "import Foundation\n\n"))
            let section = "// MARK: - \(name.dropLast(6))\n\n" + contents[body.upperBound...]
            let found = try #require(text.range(of: section, range: end..<text.endIndex), "\(name)")
            end = found.upperBound
        }
        #expect(end == text.endIndex)

        #expect(try exitCode([document, "--output", single, "--single-file", "API.swift"]) == 0)
        #expect(try String(contentsOfFile: single + "/API.swift", encoding: .utf8) == text)
    }

    @Test(arguments: ["", "API", "Sources/API.swift"])
    func singleFileTakesAPlainSwiftFileName(_ name: String) throws {
        #expect(throws: (any Error).self) {
            try GenerateCommand.parse(["api.yaml", "--output", "out", "--single-file", name])
        }
    }

    /// The last line's counts, which `Generator/Scripts/compile-real-documents.sh` reads: requests, models (an alias's
    /// inline element type counts as one of its own), diagnostics.
    @Test func theSummaryCountsRequestsModelsAndDiagnostics() throws {
        let text =
            Self.documentWithDiagnostic + """

                    post:
                      operationId: addPet
                      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
                      responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Pets' } } } } }
                components:
                  schemas:
                    Pet: { type: object, properties: { name: { type: string } } }
                    Pets: { type: array, items: { type: object, properties: { id: { type: integer } } } }
                """
        let generated = try Generator().generate(DocumentLoader.load(Data(text.utf8)))
        #expect(generated.requestCount == 2)
        #expect(generated.modelCount == 3)
        #expect(
            GenerateCommand.summary(of: generated, files: generated.files.count, writtenTo: "out")
                == "wrote 3 files to out: 2 requests, 3 models, 1 diagnostics")
        #expect(
            GenerateCommand.summary(of: generated, files: 1, writtenTo: "out")
                == "wrote 1 file to out: 2 requests, 3 models, 1 diagnostics")
    }

    @Test func theConfigurationSetsTheAccessLevel() throws {
        let output = folder.appendingPathComponent("out").path
        let document = try write(Self.cleanDocument, to: "api.yaml")
        let config = try write(#"{ "accessLevel": "internal" }"#, to: "config.json")
        #expect(try exitCode([document, "--output", output, "--config", config]) == 0)
        for file in outputFiles(output) {
            let text = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
            #expect(!text.contains("public"), "\(file)")
        }
        let requests = try String(contentsOfFile: output + "/Requests.swift", encoding: .utf8)
        #expect(requests.contains("\nstruct ListPetsRequest: Request {\n"))
    }

    @Test func anUnknownSettingIsRefusedByName() throws {
        let config = try write("accesLevel: internal\n", to: "config.yaml")
        let document = try write(Self.cleanDocument, to: "api.yaml")
        let command = try GenerateCommand.parse([document, "--output", folder.path, "--config", config])
        #expect {
            try command.run()
        } throws: { error in
            "\(error)".contains(
                "accesLevel is not a setting; the settings are hostTypeName, requestNameSuffix, accessLevel")
        }
        #expect(!outputFiles(folder.path).contains { $0.hasSuffix(".swift") })
    }

    @Test func anUnknownAccessLevelIsRefusedByName() throws {
        let config = try write("accessLevel: private\n", to: "config.yaml")
        let document = try write(Self.cleanDocument, to: "api.yaml")
        let command = try GenerateCommand.parse([document, "--output", folder.path, "--config", config])
        #expect {
            try command.run()
        } throws: { error in
            "\(error)".contains("accessLevel is private, which is not public or internal")
        }
    }
}
