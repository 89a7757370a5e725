import Foundation
import Testing

@testable import QueryRequest

/// The one line splitter, under `ResponseLines` and `ServerSentEventParser`: the same lines wherever the
/// chunks are cut, a CR LF split across two chunks included.
@Suite(.timeLimit(.minutes(5))) struct LineSplitterTests {
    static func lines(_ chunks: [[UInt8]]) -> [String] {
        var splitter = LineSplitter()
        var lines: [String] = []
        for chunk in chunks {
            chunk.withUnsafeBytes { splitter.split($0) { lines.append(String(decoding: $0, as: UTF8.self)) } }
        }
        splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
        return lines
    }

    @Test(arguments: [
        ("a\nb\n", ["a", "b"]), ("a\r\nb", ["a", "b"]), ("a\n\nb\n", ["a", "", "b"]), ("a\rb\n", ["a", "b"]),
        ("a\r\r\nb", ["a", "", "b"]), ("\n", [""]), ("", []), ("é\u{2028}x\r\n", ["é\u{2028}x"]),
    ])
    func everyCutGivesTheSameLines(text: String, expected: [String]) {
        let bytes = Array(text.utf8)
        #expect(Self.lines([bytes]) == expected)
        // Cut in two at every position, and byte by byte.
        for cut in 0...bytes.count {
            #expect(Self.lines([Array(bytes[..<cut]), Array(bytes[cut...])]) == expected, "cut at \(cut)")
        }
        #expect(Self.lines(bytes.map { [$0] }) == expected)
    }

    @Test func resetForgetsTheLineNotYetEnded() {
        var splitter = LineSplitter()
        var lines: [String] = []
        Array("partial\r".utf8).withUnsafeBytes {
            splitter.split($0) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        #expect(lines == ["partial"])
        splitter.reset()
        // The CR's pending LF is forgotten too: this LF ends an empty line.
        Array("\nnext".utf8).withUnsafeBytes {
            splitter.split($0) { lines.append(String(decoding: $0, as: UTF8.self)) }
        }
        splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines == ["partial", "", "next"])
    }
}
