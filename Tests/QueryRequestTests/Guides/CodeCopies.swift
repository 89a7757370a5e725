import Foundation

/// Keeps code that is shown somewhere else (a guide's snippets, the Demo's sample API) in step with the
/// copy a test compiles: every code line of the original must appear in the test file.
enum CodeCopies {
    /// The repository's root directory.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The text of a file, by its path from the repository root.
    static func text(of relativePath: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The code lines of the ```swift blocks of a Markdown text.
    static func swiftBlockLines(ofMarkdown text: String) -> [String] {
        var lines: [Substring] = []
        var inSwiftBlock = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inSwiftBlock = line == "```swift"
            } else if inSwiftBlock {
                lines.append(line)
            }
        }
        return codeLines(lines)
    }

    /// The code lines of a Swift source file, its imports aside.
    static func codeLines(ofSwift text: String) -> [String] {
        codeLines(text.split(separator: "\n")).filter { !$0.hasPrefix("import ") }
    }

    /// The lines of `lines` that do not appear, trimmed, as a line of the file at `filePath`.
    static func missing(_ lines: [String], from filePath: String) throws -> [String] {
        let file = try String(contentsOf: URL(fileURLWithPath: filePath), encoding: .utf8)
        let present = Set(file.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        return lines.filter { !present.contains($0) }
    }

    /// Trimmed lines, without blank lines, comment lines and `print(…)` calls (output is shown as comments).
    private static func codeLines(_ lines: [Substring]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("print(") }
    }
}
