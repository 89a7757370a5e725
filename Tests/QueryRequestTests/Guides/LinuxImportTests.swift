import Foundation
import TestSupport
import Testing

/// On Linux, `URLSession`, `URLRequest`, `URLResponse` and `HTTPURLResponse` need `import FoundationNetworking`,
/// and `XMLParser` needs `import FoundationXML`: every guide snippet that names one shows the import, so that it
/// compiles when pasted on Linux.
@Suite(.timeLimit(.minutes(5))) struct LinuxImportTests {
    /// The README and every guide in Docs/.
    static let guides: [String] = {
        let docs = GuideSnippets.repositoryRoot.appendingPathComponent("Docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    }()
    /// The types that live in a module of their own on Linux, by module.
    static let linuxModules: [String: Set<String>] = [
        "FoundationNetworking": [
            "URLSession", "URLSessionConfiguration", "URLRequest", "URLResponse", "HTTPURLResponse",
        ],
        "FoundationXML": ["XMLParser", "XMLParserDelegate", "XMLDocument", "XMLElement", "XMLNode", "XMLDTD"],
    ]

    /// The modules whose Linux-only types `line`, comments left out, names as whole words.
    static func linuxModules(namedIn line: String) -> Set<String> {
        let code = line.components(separatedBy: "//")[0]
        let words = Set(code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).map(String.init))
        return Set(linuxModules.filter { !$0.value.isDisjoint(with: words) }.keys)
    }

    @Test(arguments: guides) func everySnippetThatNamesALinuxOnlyTypeShowsTheImport(guide: String) throws {
        let text = try String(
            contentsOf: GuideSnippets.repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
        for block in GuideSnippets.swiftBlocks(in: text) {
            for module in Set(block.flatMap(Self.linuxModules(namedIn:))) {
                #expect(
                    block.contains { $0.hasPrefix("import \(module)") },
                    "\(guide): this snippet names a \(module) type without the import:\n\(block.joined(separator: "\n"))"
                )
            }
        }
    }

    @Test func everyGuideIsChecked() {
        #expect(Self.guides.contains("Docs/Porting.md") && Self.guides.contains("Docs/Client.md"))
        #expect(Self.guides.count >= 9)
    }

    @Test func theCheckSeesTypesButNotMethodNamesOrComments() {
        #expect(
            Self.linuxModules(namedIn: "let configuration = URLSessionConfiguration.default") == [
                "FoundationNetworking"
            ])
        #expect(Self.linuxModules(namedIn: "func f(_ r: URLRequest) {}") == ["FoundationNetworking"])
        #expect(Self.linuxModules(namedIn: "let parser = XMLParser(data: body)") == ["FoundationXML"])
        #expect(Self.linuxModules(namedIn: "let urlRequest = try request.makeURLRequest()").isEmpty)
        #expect(Self.linuxModules(namedIn: "let client = APIClient()  // URLSession.shared").isEmpty)
    }
}
