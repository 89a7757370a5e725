import Foundation
import TestSupport
import Testing

/// Every suite, and every test outside a suite, has a time limit, so that a hang fails its test within
/// minutes instead of running until something outside stops the whole run (a planted bug in pagination once
/// made a test wait for CI's limit).
@Suite(.timeLimit(.minutes(5))) struct SuiteTimeLimitTests {
    @Test func everySuiteAndEveryTestOutsideOneHasATimeLimit() throws {
        let root = GuideSnippets.repositoryRoot
        var checked = 0
        var missing: [String] = []
        for folder in ["Tests"] + (try Self.integrationTestFolders(in: root)) {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                guard file.pathExtension == "swift", !file.path.contains("/.build"),
                    file.lastPathComponent != "SuiteTimeLimitTests.swift"
                else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                for (line, arguments) in Self.attributes(in: text) {
                    checked += 1
                    if !arguments.contains(".timeLimit(") {
                        missing.append("\(file.path.dropFirst(root.path.count + 1)):\(line)")
                    }
                }
            }
        }
        #expect(checked > 150, "found \(checked) suites and tests")
        #expect(missing == [], "add .timeLimit(.minutes(N)) to these")
    }

    /// `Integrations/<Name>/Tests`, relative to `root`.
    static func integrationTestFolders(in root: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Integrations").path)
            .map { "Integrations/\($0)/Tests" }
            .filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
    }

    /// Each `@Suite` attribute, and each `@Test` attribute of a function outside any type (it starts a line):
    /// its line number and the text of its arguments (empty without parentheses).
    static func attributes(in text: String) -> [(line: Int, arguments: String)] {
        let characters = Array(text)
        var found: [(Int, String)] = []
        var index = 0
        var line = 1
        while index < characters.count {
            if characters[index] == "\n" { line += 1 }
            let startsLine = index == 0 || characters[index - 1] == "\n"
            let matches = { (word: String) in
                characters[index...].starts(with: word)
                    && !(characters.dropFirst(index + word.count).first?.isLetter ?? false)
            }
            guard matches("@Suite") || (startsLine && matches("@Test")) else {
                index += 1
                continue
            }
            let start = line
            index += matches("@Suite") ? 6 : 5
            var arguments = ""
            if index < characters.count, characters[index] == "(" {
                var depth = 0
                var inString = false
                repeat {
                    let character = characters[index]
                    if character == "\n" { line += 1 }
                    if inString {
                        if character == "\\" {
                            index += 1
                        } else if character == "\"" {
                            inString = false
                        }
                    } else if character == "\"" {
                        inString = true
                    } else if character == "(" {
                        depth += 1
                    } else if character == ")" {
                        depth -= 1
                    }
                    arguments.append(character)
                    index += 1
                } while depth > 0 && index < characters.count
            }
            found.append((start, arguments))
        }
        return found
    }
}
