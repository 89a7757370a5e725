import Foundation
import TestSupport
import Testing

/// Every suite, and every test outside a suite, has a time limit, so that a hang fails its test within
/// minutes instead of running until something outside stops the whole run (a planted bug in pagination once
/// made a test wait for CI's limit).
///
/// A limit is a hang detector, never a speed check: it counts from when Swift Testing starts the test, and in a
/// parallel run most tests then wait for a thread of the cooperative pool for most of the run (a trivial test
/// "took" 52 s of a 59 s run on 2 cores). Limits of one minute failed about a hundred tests of a run that took
/// 77 s, so none may be shorter than ``shortestLimit`` minutes.
@Suite(.timeLimit(.minutes(5))) struct SuiteTimeLimitTests {
    @Test func everySuiteAndEveryTestOutsideOneHasATimeLimit() throws {
        let root = GuideSnippets.repositoryRoot
        var checked = 0
        var missing: [String] = []
        var tooShort: [String] = []
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
                    let place = "\(file.path.dropFirst(root.path.count + 1)):\(line)"
                    if !arguments.contains(".timeLimit(") { missing.append(place) }
                    if let minutes = Self.minutes(in: arguments), minutes < Self.shortestLimit {
                        tooShort.append(place)
                    }
                }
            }
        }
        #expect(checked > 150, "found \(checked) suites and tests")
        #expect(missing == [], "add .timeLimit(.minutes(N)) to these")
        #expect(tooShort == [], "give these at least .timeLimit(.minutes(\(Self.shortestLimit)))")
    }

    /// The shortest time limit allowed, in minutes.
    static let shortestLimit = 5

    /// The minutes of the `.timeLimit(.minutes(N))` in `arguments`, if it has one.
    static func minutes(in arguments: String) -> Int? {
        guard let start = arguments.range(of: ".timeLimit(.minutes(")?.upperBound else { return nil }
        return Int(arguments[start...].prefix { $0.isNumber })
    }

    @Test func theMinutesOfALimitAreRead() {
        #expect(Self.minutes(in: "(.timeLimit(.minutes(1)))") == 1)
        #expect(Self.minutes(in: "(.serialized, .timeLimit(.minutes(20)), .tags(.x))") == 20)
        #expect(Self.minutes(in: "(.serialized)") == nil)
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
