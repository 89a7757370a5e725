import Foundation

/// An independent program the tests compare against or talk to (python3, node, httpbin, nginx).
///
/// On a developer's machine a missing peer skips the tests that need it, with a message saying what
/// was skipped. In CI (`QUERY_REQUIRE_PEERS=1`, set by `.ci/run`, which installs them) those tests always
/// run, so a missing peer fails them instead of passing silently.
public struct Peer: Sendable {
    /// The peer's name: an executable looked up on `PATH`, or a Python package.
    public let name: String
    /// How to install it, for the message of a skipped test.
    let installation: String
    /// Whether it is installed.
    private let isInstalled: @Sendable () -> Bool

    /// An executable found on `PATH` (or in `/usr/sbin`, where Debian puts servers).
    init(executable: String, installation: String) {
        name = executable
        self.installation = installation
        isInstalled = { Peer.executablePath(executable) != nil }
    }

    /// A Python package that `python3` can import.
    init(pythonPackage: String, installation: String) {
        name = pythonPackage
        self.installation = installation
        isInstalled = {
            guard Subprocess.find("python3") != nil else { return false }
            let probe = try? Subprocess.run("python3", arguments: ["-c", "import \(pythonPackage)"], timeout: 30)
            return probe?.status == 0
        }
    }

    /// A Python module found first in `folder`, and only there.
    init(pythonModule: String, in folder: String, installation: String) {
        name = pythonModule
        self.installation = installation
        isInstalled = {
            guard Subprocess.find("python3") != nil else { return false }
            let probe = try? Subprocess.run(
                "python3",
                arguments: [
                    "-c",
                    "import sys; sys.path.insert(0, \"\(folder)\"); import \(pythonModule); "
                        + "sys.exit(0 if \(pythonModule).__file__.startswith(\"\(folder)\") else 1)",
                ], timeout: 30)
            return probe?.status == 0
        }
    }

    /// `python3`, the reference for `urllib.parse` and the loopback test servers.
    public static let python3 = Peer(executable: "python3", installation: "install Python 3")
    /// `node`, the reference for WHATWG `URLSearchParams`.
    public static let node = Peer(executable: "node", installation: "install Node.js")
    /// httpbin (PyPI), a real HTTP server for redirects, cookies and authentication challenges
    /// (`Tests/Scripts/httpbin_server.py`).
    public static let httpbin = Peer(pythonPackage: "httpbin", installation: "pip install httpbin")
    /// python-multipart (PyPI), the multipart parser behind Starlette and FastAPI.
    public static let pythonMultipart = Peer(
        pythonPackage: "python_multipart", installation: "pip install python-multipart")
    /// defnull's `multipart` (PyPI), Bottle's multipart parser, installed in `Tests/Scripts/.peers/multipart`
    /// (its import name is python-multipart's compatibility module's too).
    public static let defnullMultipart = Peer(
        pythonModule: "multipart", in: TestFiles.script(".peers/multipart"),
        installation: "pip install --target Tests/Scripts/.peers/multipart multipart")
    /// nginx (Debian's package), a real HTTP server and proxy (`Tests/Scripts/nginx_server.py`).
    public static let nginx = Peer(executable: "nginx", installation: "apt-get install nginx")

    /// Whether peers are required, as in CI.
    public static var areRequired: Bool {
        ProcessInfo.processInfo.environment["QUERY_REQUIRE_PEERS"] == "1"
    }

    /// The path of an executable on `PATH` or in `/usr/sbin`, or `nil`.
    static func executablePath(_ name: String) -> String? {
        Subprocess.find(name) ?? Subprocess.find("/usr/sbin/\(name)")
    }

    /// Whether the tests that need this peer should run: when it is installed, and always when peers
    /// are required (so that a missing one fails loudly). Prints a note when they are skipped.
    public var shouldRun: Bool {
        if Self.areRequired || isInstalled() { return true }
        FileHandle.standardError.write(
            Data(
                "note: \(name) is not installed (\(installation)); skipping the tests that need it (set QUERY_REQUIRE_PEERS=1 to make this an error)\n"
                    .utf8))
        return false
    }

    /// Whether every peer in `peers` should run.
    public static func shouldRun(_ peers: Peer...) -> Bool {
        peers.allSatisfy(\.shouldRun)
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
