import Foundation

// `swift run -c release Benchmarks [--json | --markdown] [--filter <substring>]`
// `swift run -c release Benchmarks --profile <workload> <iterations>` (for valgrind --tool=callgrind)
// `swift run -c release Benchmarks --list`
// `swift run -c release Benchmarks --upload <file> <base URL>` (Benchmarks/upload-memory.sh runs it)
// `swift run -c release Benchmarks --download <size> <base URL> <file>` (Benchmarks/download-memory.sh runs it)
// `swift run -c release Benchmarks --upload-stream <bytes> <base URL>` (upload-memory.sh with STREAM=1)
//
// Docs/Performance.md describes the workloads, the method and the latest figures.

enum Output { case table, json, markdown }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}

let usage = """
    usage: Benchmarks [--json | --markdown] [--filter <substring>]
           Benchmarks --profile <workload> <iterations>
           Benchmarks --list
           Benchmarks --upload <file> <base URL>
           Benchmarks --download <size> <base URL> <file>
           Benchmarks --upload-stream <bytes> <base URL>
    """

var output = Output.table
var filter: String?
var arguments = CommandLine.arguments.dropFirst()
let workloads: [Workload]
let profilingWorkloads: [Workload]
do {
    workloads = try Workload.all()
    profilingWorkloads = try Workload.profilingOnly()
} catch {
    fail("could not prepare the workloads: \(error)")
}

while let argument = arguments.popFirst() {
    switch argument {
    case "--json": output = .json
    case "--markdown": output = .markdown
    case "--filter":
        guard let substring = arguments.popFirst() else { fail("--filter needs a substring\n\(usage)") }
        filter = substring
    case "--list":
        for workload in workloads + profilingWorkloads { print(workload.name) }
        exit(0)
    case "--profile":
        // One workload, `iterations` times, no timing: only the checksum is printed, so that an
        // instruction count (callgrind) sees the workload and next to nothing else.
        guard let name = arguments.popFirst(), let count = arguments.popFirst().flatMap({ Int($0) }), count > 0
        else { fail("--profile needs a workload name and a positive number of iterations\n\(usage)") }
        guard let workload = (workloads + profilingWorkloads).first(where: { $0.name == name }) else {
            fail("no workload named \(name); --list shows them")
        }
        do {
            print(try workload.run(count))
        } catch {
            fail("\(name) failed: \(error)")
        }
        exit(0)
    case "--upload":
        guard let file = arguments.popFirst(), let baseURL = arguments.popFirst() else {
            fail("--upload needs a file and a base URL\n\(usage)")
        }
        UploadMemory.run(file: file, baseURL: baseURL)
    case "--download":
        guard let size = arguments.popFirst().flatMap({ Int64($0) }), let baseURL = arguments.popFirst(),
            let file = arguments.popFirst()
        else { fail("--download needs a size in bytes, a base URL and a file\n\(usage)") }
        DownloadMemory.run(size: size, baseURL: baseURL, destination: file)
    case "--upload-stream":
        guard let text = arguments.popFirst(), let size = Int64(text), size >= 0, let baseURL = arguments.popFirst()
        else {
            fail("--upload-stream needs a size in bytes and a base URL\n\(usage)")
        }
        UploadMemory.runStream(size: size, baseURL: baseURL)
    case "--help", "-h":
        print(usage)
        exit(0)
    default: fail("unknown argument \(argument)\n\(usage)")
    }
}

#if DEBUG
    FileHandle.standardError.write(Data("warning: a debug build; run `swift run -c release Benchmarks`\n".utf8))
#endif

// A selected workload's baseline runs too, so that its ratio can be shown.
let selected = workloads.filter { workload in
    guard let filter else { return true }
    return workloads.contains { $0.name.contains(filter) && ($0.name == workload.name || $0.baseline == workload.name) }
}
guard !selected.isEmpty else { fail("no workload matches \"\(filter ?? "")\"; --list shows them") }

// Progress goes to a terminal only, so that logs and `--json` output stay clean.
let showsProgress = isatty(STDERR_FILENO) != 0
let harness = Harness()
let results: [String: Measurement]
do {
    results = try harness.measure(selected) { name in
        if showsProgress { FileHandle.standardError.write(Data("calibrating \(name)…\n".utf8)) }
    }
} catch {
    fail("a workload failed: \(error)")
}
if showsProgress { FileHandle.standardError.write(Data("timed \(harness.rounds) rounds\n".utf8)) }

let report = Report(workloads: selected, results: results)
switch output {
case .table: print(report.text)
case .json: print(report.json)
case .markdown: print(report.markdown)
}
