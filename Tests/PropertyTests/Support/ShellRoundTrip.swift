import Foundation
import PropertyHarness
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs a batch of `cURLCommand`s through one `sh` process, with `curl` replaced by a shell function
/// that prints the arguments it received and the bytes piped into it, and reads them back.
///
/// Each command is written to a file of its own and run by its own `sh` (started by the one batch
/// process), so a command that breaks its quoting cannot disturb the others; the output of each is
/// turned into hexadecimal by `od`, so any byte survives.
enum ShellRoundTrip {
    /// What `curl` received from one command: its arguments and its standard input.
    struct Received {
        let arguments: [[UInt8]]
        let input: [UInt8]
    }

    /// The error of a batch that did not run (not a counterexample).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Prints the argument count, each argument followed by NUL, then standard input.
    private static let fakeCurl = #"curl() { printf '%s\n' "$#"; for a in "$@"; do printf '%s\0' "$a"; done; cat; }"#

    /// What each command passed to `curl`, or `nil` where the output could not be read.
    static func run(_ commands: [String]) throws -> [Received?] {
        if commands.isEmpty { return [] }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A temporary directory left behind is harmless; failing to remove it is no failure of the check.
        defer { try? FileManager.default.removeItem(at: directory) }
        for (index, command) in commands.enumerated() {
            try Data((fakeCurl + "\n" + command + "\n").utf8).write(to: directory.appendingPathComponent("\(index).sh"))
        }
        let script = """
            i=0
            while [ "$i" -lt \(commands.count) ]; do
                printf 'CASE %d\\n' "$i"
                sh "$1/$i.sh" </dev/null 2>/dev/null | od -An -v -tx1 | tr -d ' \\n'
                printf '\\n'
                i=$((i + 1))
            done
            """
        let output = try Subprocess.run("sh", arguments: ["-c", script, "sh", directory.path], timeout: 300)
        guard output.status == 0, !output.timedOut else {
            throw Failure(
                description:
                    "sh exited with status \(output.status) (timed out: \(output.timedOut)): \(output.errorText)")
        }
        let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
        var results = [Received?](repeating: nil, count: commands.count)
        var index = 0
        while index + 1 < lines.count {
            if lines[index].hasPrefix("CASE "), let number = Int(lines[index].dropFirst(5)), number < commands.count {
                results[number] = parse(hex(lines[index + 1]))
                index += 2
            } else {
                index += 1
            }
        }
        return results
    }

    private static func hex(_ text: Substring) -> [UInt8] {
        let digits = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index + 1 < digits.count {
            if let byte = UInt8(String(decoding: digits[index...(index + 1)], as: UTF8.self), radix: 16) {
                bytes.append(byte)
            }
            index += 2
        }
        return bytes
    }

    /// `count\n`, then `count` NUL-terminated arguments, then the input.
    private static func parse(_ bytes: [UInt8]) -> Received? {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")),
            let count = Int(String(decoding: bytes[..<newline], as: UTF8.self))
        else { return nil }
        var rest = bytes[(newline + 1)...]
        var arguments: [[UInt8]] = []
        for _ in 0..<count {
            guard let end = rest.firstIndex(of: 0) else { return nil }
            arguments.append(Array(rest[..<end]))
            rest = rest[(end + 1)...]
        }
        return Received(arguments: arguments, input: Array(rest))
    }

    /// The arguments and input `curl` must receive for `request`: the method (`--head` for HEAD, none
    /// for GET), the URL, each header in name order (`Name;` for an empty value), and the body, as the
    /// argument of `--data-raw` when it is UTF-8 text without NUL, otherwise piped in (`--data-binary @-`).
    static func expected(for request: URLRequest) -> Received {
        var arguments: [[UInt8]] = []
        switch request.httpMethod ?? "GET" {
        case "GET": break
        case "HEAD": arguments.append(Array("--head".utf8))
        case let method: arguments += [Array("-X".utf8), Array(method.utf8)]
        }
        arguments.append(Array((request.url?.absoluteString ?? "").utf8))
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            arguments += [Array("-H".utf8), Array((value.isEmpty ? "\(name);" : "\(name): \(value)").utf8)]
        }
        var input: [UInt8] = []
        if let body = request.httpBody, !body.isEmpty {
            let bytes = Array(body)
            if !bytes.contains(0), ReferenceParsedQuery.isUTF8(bytes) {
                arguments += [Array("--data-raw".utf8), bytes]
            } else {
                arguments += [Array("--data-binary".utf8), Array("@-".utf8)]
                input = bytes
            }
        }
        return Received(arguments: arguments, input: input)
    }
}
