import Foundation
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(5))) struct SubprocessTests {
    @Test(.enabled(if: Peer.python3.shouldRun, "needs python3"))
    func feedsInputAndCapturesOutput() async throws {
        let output = try await onThreadOfItsOwn {
            try Subprocess.run(
                "python3", arguments: ["-c", "import sys; print(sys.stdin.read().upper())"], input: Data("abc".utf8),
                timeout: 20)
        }
        #expect(output.text == "ABC\n")
        #expect(output.status == 0)
        #expect(!output.timedOut)
    }

    @Test func killsAChildThatOutlivesItsDeadline() async throws {
        let output = try await onThreadOfItsOwn { try Subprocess.run("sleep", arguments: ["30"], timeout: 0.5) }
        #expect(output.timedOut)
    }

    @Test func aChildThatDoesNotReadItsInputDoesNotEndTheTestRun() async throws {
        // Without SIGPIPE ignored, writing a megabyte to `true`'s closed stdin would kill this process.
        let output = try await onThreadOfItsOwn {
            try Subprocess.run("true", input: Data(repeating: UInt8(ascii: "x"), count: 1 << 20), timeout: 20)
        }
        #expect(output.status == 0)
        #expect(!output.timedOut)
    }

    @Test func reportsAMissingExecutable() {
        #expect(throws: SubprocessError.self) {
            try Subprocess.run("no-such-program-\(UInt32.random(in: 0...UInt32.max))")
        }
    }
}
