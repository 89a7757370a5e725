import Foundation

/// An independent program the tests compare against or talk to (python3, node).
///
/// On a developer's machine a missing peer skips the tests that need it, with a message saying what
/// was skipped. In CI (`QUERY_REQUIRE_PEERS=1`, set by `.ci/run`) those tests always run, so a missing
/// peer fails them instead of passing silently.
public struct Peer: Sendable {
    /// The executable's name, looked up on `PATH`.
    public let name: String

    /// `python3`, the reference for `urllib.parse` and the loopback test server.
    public static let python3 = Peer(name: "python3")
    /// `node`, the reference for WHATWG `URLSearchParams`.
    public static let node = Peer(name: "node")

    /// Whether peers are required, as in CI.
    public static var areRequired: Bool {
        ProcessInfo.processInfo.environment["QUERY_REQUIRE_PEERS"] == "1"
    }

    /// The executable's path, or `nil` when it is not installed.
    public var path: String? { Subprocess.find(name) }

    /// Whether the tests that need this peer should run: when it is installed, and always when peers
    /// are required (so that a missing one fails loudly). Prints a note when they are skipped.
    public var shouldRun: Bool {
        if path != nil || Self.areRequired { return true }
        FileHandle.standardError.write(
            Data(
                "note: \(name) not found on PATH; skipping the tests that compare against it (set QUERY_REQUIRE_PEERS=1 to make this an error)\n"
                    .utf8))
        return false
    }
}

/// Paths of files kept under `Tests/`.
public enum TestFiles {
    /// `Tests/Scripts/<name>`.
    public static func script(_ name: String) -> String {
        // This file is Tests/TestSupport/Peer.swift.
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Scripts")
            .appendingPathComponent(name)
            .path
    }
}
