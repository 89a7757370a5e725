import Foundation

/// Keeps the snippets of one section of `Docs/Server.md` and the test file that compiles them in step, as the
/// root package's guide tests do for the other guides.
public enum ServerGuide {
    /// `Docs/Server.md` of the root package, five folders above this file
    /// (`Integrations/IntegrationTestSupport/Sources/IntegrationTestSupport/`).
    public static let path: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Docs/Server.md")
    }()

    /// The code lines (trimmed, blank lines and comments left out) of the ```swift blocks under the
    /// `## section` heading that do not appear, trimmed, as a line of `testFile`, and how many lines were checked.
    public static func linesMissing(
        section: String, compiledIn testFile: String
    ) throws -> (missing: [String], checked: Int) {
        let guide = try String(contentsOf: path, encoding: .utf8)
        let compiled = Set(
            try String(contentsOf: URL(fileURLWithPath: testFile), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        var inSection = false
        var inBlock = false
        var missing: [String] = []
        var checked = 0
        for rawLine in guide.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if !inBlock, line.hasPrefix("## ") {
                inSection = line == "## \(section)"
            } else if line == "```swift" {
                inBlock = true
            } else if line.hasPrefix("```") {
                inBlock = false
            } else if inSection, inBlock, !line.isEmpty, !line.hasPrefix("//") {
                checked += 1
                if !compiled.contains(line) { missing.append(line) }
            }
        }
        return (missing, checked)
    }
}
