import Foundation
import TestSupport
import Testing

/// On Linux, `URLSession`, `URLRequest`, `URLResponse` and `HTTPURLResponse` need `import FoundationNetworking`:
/// every guide snippet that names one shows the import, so that it compiles when pasted on Linux.
@Suite(.timeLimit(.minutes(5))) struct LinuxImportTests {
    /// The README and every guide in Docs/.
    static let guides: [String] = {
        let docs = GuideSnippets.repositoryRoot.appendingPathComponent("Docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    }()
    static let networkingTypes = [
        "URLSession", "URLSessionConfiguration", "URLRequest", "URLResponse", "HTTPURLResponse",
    ]

    /// Whether `line`, comments left out, names one of the FoundationNetworking types as a whole word.
    static func namesANetworkingType(_ line: String) -> Bool {
        let code = line.components(separatedBy: "//")[0]
        let words = code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init)
        return words.contains(where: networkingTypes.contains)
    }

    @Test(arguments: guides) func everySnippetThatNamesANetworkingTypeShowsTheImport(guide: String) throws {
        let text = try String(
            contentsOf: GuideSnippets.repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
        for block in GuideSnippets.swiftBlocks(in: text) where block.contains(where: Self.namesANetworkingType) {
            #expect(
                block.contains { $0.hasPrefix("import FoundationNetworking") },
                "\(guide): this snippet names a FoundationNetworking type without the import:\n\(block.joined(separator: "\n"))"
            )
        }
    }

    @Test func everyGuideIsChecked() {
        #expect(Self.guides.contains("Docs/Porting.md") && Self.guides.contains("Docs/Client.md"))
        #expect(Self.guides.count >= 9)
    }

    @Test func theCheckSeesTypesButNotMethodNamesOrComments() {
        #expect(Self.namesANetworkingType("let configuration = URLSessionConfiguration.default"))
        #expect(Self.namesANetworkingType("func f(_ r: URLRequest) {}"))
        #expect(!Self.namesANetworkingType("let urlRequest = try request.makeURLRequest()"))
        #expect(!Self.namesANetworkingType("let client = APIClient()  // URLSession.shared"))
    }
}
