import Foundation

/// Keeps the Swift snippets of a guide (README.md, Docs/*.md) and the test that compiles them in step.
public enum GuideSnippets {
    /// The repository's root folder, found from this file's path.
    public static var repositoryRoot: URL {
        // This file is Tests/TestSupport/GuideSnippets.swift.
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The code lines of the guide's ```swift blocks (trimmed; blank lines, comments and `print` calls
    /// left out) that do not appear, trimmed, as a line of the test file.
    ///
    /// - Parameters:
    ///   - guide: The guide's path from the repository root, such as `Docs/Requests.md`.
    ///   - testFile: The test file that compiles the snippets (pass `#filePath`).
    ///   - includeBlock: Which blocks must be compiled; by default all of them.
    public static func linesMissing(
        from guide: String, compiledIn testFile: String, includeBlock: ([String]) -> Bool = { _ in true }
    ) throws -> [String] {
        let guideText = try String(contentsOf: repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
        let compiled = Set(
            try String(contentsOf: URL(fileURLWithPath: testFile), encoding: .utf8)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        var missing: [String] = []
        for block in swiftBlocks(in: guideText) where includeBlock(block) {
            for line in block where !line.hasPrefix("//") && !line.hasPrefix("print(") && !compiled.contains(line) {
                missing.append(line)
            }
        }
        return missing
    }

    /// The guide's ```swift blocks that do not appear whole, as consecutive lines (trimmed, blank lines
    /// left out), in the test file: a stricter check than ``linesMissing(from:compiledIn:includeBlock:)``.
    ///
    /// A block's `#if canImport(FoundationNetworking)` / `import FoundationNetworking` / `#endif` lines are
    /// left out of the comparison: an import can only stand at the top of the test file, which has it
    /// (or it would not compile), and `LinuxImportTests` checks that the guide shows it.
    public static func blocksMissing(from guide: String, compiledIn testFile: String) throws -> [[String]] {
        let guideText = try String(contentsOf: repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
        let code = try String(contentsOf: URL(fileURLWithPath: testFile), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return swiftBlocks(in: guideText).filter { block in
            let body = withoutFoundationNetworkingImport(block)
            return !code.indices.contains { code[$0...].starts(with: body) }
        }
    }

    /// `block` without its leading conditional import of FoundationNetworking, if it starts with one.
    static func withoutFoundationNetworkingImport(_ block: [String]) -> [String] {
        guard block.count > 3, block[0] == "#if canImport(FoundationNetworking)",
            block[1].hasPrefix("import FoundationNetworking"), block[2] == "#endif"
        else { return block }
        return Array(block.dropFirst(3))
    }

    /// The number of ```swift blocks in the guide.
    public static func blockCount(of guide: String) throws -> Int {
        let guideText = try String(contentsOf: repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
        return swiftBlocks(in: guideText).count
    }

    /// The number of code lines in the guide's ```swift blocks, so a test can tell that it checked some.
    public static func codeLineCount(of guide: String) throws -> Int {
        let guideText = try String(contentsOf: repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
        return swiftBlocks(in: guideText).reduce(0) { $0 + $1.count }
    }

    /// The trimmed, non-empty lines of each ```swift block.
    public static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else if line == "```swift" {
                    current = []
                }
                continue
            }
            let code = line.trimmingCharacters(in: .whitespaces)
            if !code.isEmpty { current?.append(code) }
        }
        return blocks
    }
}
