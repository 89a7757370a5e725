import Foundation
import GeneratedPetsAPI
import QueryRequest
import Testing

/// The Swift snippets of `Docs/Generator.md`: the calls are compiled here and run against a stub session, and the
/// generated declaration it shows is the golden output's (`Tests/Golden/PetsAPI`), which the package compiles.
@Suite struct GuideTests {
    /// The repository's root: this file is `Generator/Tests/GeneratedCodeTests/GuideTests.swift`.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The guide's quick start, as written there.
    static func quickStart(petID: UUID) async throws -> Pet {
        let client = APIClient()
        let pet = try await client.send(ShowPetRequest(petId: petID))
        return pet
    }

    /// The guide's error body, as written there, on a client of the caller's.
    static func errorMessage(client: APIClient, petID: UUID) async throws -> String? {
        do {
            _ = try await client.send(ShowPetRequest(petId: petID))
        } catch let error as APIError {
            let message = error.apiError(as: ErrorModel.self)?.message
            return message
        }
        return nil
    }

    @Test func theErrorBodyReadsAsTheGuideSays() async throws {
        let session = StubNetworkSession(.json(#"{"message":"no such pet"}"#, status: 404))
        let petID = try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000A"))
        let message = try await Self.errorMessage(client: APIClient(session: session), petID: petID)
        #expect(message == "no such pet")
        #expect(session.requests.first?.url?.absoluteString == "https://pets.example.com/pets/\(petID.uuidString)")
    }

    /// Every line of the guide's ```swift blocks (trimmed; blank lines and comments left out) is a line of this
    /// file, of the golden output or of the plugins' fixture manifest (built by `Scripts/test-plugins.sh`), so that
    /// the guide shows code that compiles.
    @Test func everySnippetLineIsCompiled() throws {
        let guide = try String(
            contentsOf: Self.repositoryRoot.appendingPathComponent("Docs/Generator.md"), encoding: .utf8)
        let golden = Self.repositoryRoot.appendingPathComponent("Generator/Tests/Golden/PetsAPI")
        var compiled = Set(try Self.lines(of: URL(fileURLWithPath: #filePath)))
        compiled.formUnion(
            try Self.lines(
                of: Self.repositoryRoot.appendingPathComponent("Generator/Tests/PluginFixture/Package.swift")))
        for name in try FileManager.default.contentsOfDirectory(atPath: golden.path) where name.hasSuffix(".swift") {
            compiled.formUnion(try Self.lines(of: golden.appendingPathComponent(name)))
        }
        var inSwift = false
        var missing: [String] = []
        var checked = 0
        for line in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inSwift = !inSwift && line == "```swift"
                continue
            }
            let code = line.trimmingCharacters(in: .whitespaces)
            guard inSwift, !code.isEmpty, !code.hasPrefix("//") else { continue }
            checked += 1
            if !compiled.contains(code) { missing.append(code) }
        }
        #expect(checked > 10)
        #expect(missing == [])
    }

    static func lines(of file: URL) throws -> [String] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }
}
