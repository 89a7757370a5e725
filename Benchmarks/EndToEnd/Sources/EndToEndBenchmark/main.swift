// The end-to-end benchmark: the same GET and POST made by six clients against the loopback `EndToEndServer`.
//
//     EndToEndBenchmark [--rounds 5] [--pairs 1000] [--pairs32 2000] [--port P]
//         interleaved rounds of every variant; prints the Markdown tables on stdout, progress on stderr
//     EndToEndBenchmark --variant NAME --requests N [--port P]
//         N requests (N / 2 pairs) of one variant, one at a time, and nothing else: for callgrind.sh
//     EndToEndBenchmark --list
//         the variants' names
//     --pad-metadata N (with --variant)
//         first makes the runtime instantiate N generic types nobody uses (`Optional` nested N deep), which moves
//         the entries of its generic metadata cache: Docs/Performance.md, "End to end", shows what that does to
//         the instructions of the same calls
//
// Without `--port`, the server is started from the same folder and stopped at the end.
import Foundation

func option(_ name: String) -> Int? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else {
        return nil
    }
    guard let value = Int(CommandLine.arguments[index + 1]), value > 0 else {
        FileHandle.standardError.write(Data("\(name) takes a positive number\n".utf8))
        exit(2)
    }
    return value
}

func stringOption(_ name: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: name), index + 1 < CommandLine.arguments.count else {
        return nil
    }
    return CommandLine.arguments[index + 1]
}

func note(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

func cpuModel() -> String {
    let text = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
}

/// Instantiates the metadata of `Optional<T>`, `Optional<Optional<T>>`, …, `depth` levels deep.
func instantiateNestedOptionals<T>(of type: T.Type, depth: Int) -> Int {
    depth == 0 ? 0 : 1 + instantiateNestedOptionals(of: Optional<T>.self, depth: depth - 1)
}

if let depth = option("--pad-metadata") {
    note("instantiated \(instantiateNestedOptionals(of: Int.self, depth: depth)) generic types")
}

if CommandLine.arguments.contains("--list") {
    for name in [
        "raw-urlsession", "apiclient-urlsession", "generated-urlsession", "raw-ahc", "apiclient-ahc",
        "generated-ahc",
    ] {
        print(name)
    }
    exit(0)
}

// The program runs in a task while the main thread waits: with an async main, the main thread leaves through
// `pthread_exit` into libdispatch, and valgrind 3.19 (callgrind.sh) crashes as soon as another thread starts.
let finished = DispatchSemaphore(value: 0)
let outcome = Outcome()
Task.detached {
    do {
        try await runProgram()
    } catch {
        outcome.fail(error)
    }
    finished.signal()
}
finished.wait()
if let failure = outcome.failure {
    note("error: \(failure)")
    exit(1)
}
