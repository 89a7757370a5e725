import Foundation
import TestSupport
import Testing

/// Docs/Internals.md's "Where does it live" table stays true: every source and test file it names exists, and it
/// names at least twenty behaviours.
@Suite(.timeLimit(.minutes(5))) struct InternalsTableTests {
    /// The rows of the table: behaviour, then the files of the source and test columns.
    static func rows() throws -> [(behaviour: String, sources: [String], tests: [String])] {
        let text = try String(
            contentsOf: GuideSnippets.repositoryRoot.appendingPathComponent("Docs/Internals.md"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "## Where does it live").last)
        return section.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("| "), cells.count == 3, cells[0] != "Behaviour" else { return nil }
            return (cells[0], Self.paths(in: cells[1]), Self.paths(in: cells[2]))
        }
    }

    /// The backticked Swift files of a cell.
    static func paths(in cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
            .filter { $0.hasSuffix(".swift") }
    }

    static func exists(_ path: String, sourceRoot: String, testRoot: String) -> Bool {
        let relative: String
        if path.hasPrefix("QueryCodingTests/") {
            relative = "Tests/" + path
        } else if path.hasPrefix("QueryCoding/") {
            relative = "Sources/" + path
        } else {
            relative = (path.hasSuffix("Tests.swift") ? testRoot : sourceRoot) + path
        }
        return FileManager.default.fileExists(
            atPath: GuideSnippets.repositoryRoot.appendingPathComponent(relative).path)
    }

    @Test func everyFileItNamesExists() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 20)
        for row in rows {
            #expect(!row.sources.isEmpty && !row.tests.isEmpty, "\(row.behaviour) names a source and a test")
            for path in row.sources + row.tests {
                let found = Self.exists(
                    path, sourceRoot: "Sources/QueryRequest/", testRoot: "Tests/QueryRequestTests/")
                #expect(found, "\(row.behaviour): \(path) does not exist")
            }
        }
    }
}
