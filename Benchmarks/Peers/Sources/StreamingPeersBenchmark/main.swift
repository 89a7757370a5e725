import Foundation

// Usage:
//   StreamingPeersBenchmark [FILE_MIB] [EVENTS]      times every workload (median of 5 runs) and prints
//                                                   MB/s, events/s and the ratios
//   StreamingPeersBenchmark NAME FILE_MIB EVENTS N   runs one workload N times and nothing else, for
//                                                   `/usr/bin/time` (peak memory) or callgrind
// Defaults: a 100 MiB file part and 100,000 events.

let arguments = Array(CommandLine.arguments.dropFirst())
let single = arguments.count == 4 ? arguments[0] : nil
let numbers = (single == nil ? arguments : Array(arguments.dropFirst())).compactMap { Int($0) }
let fileMiB = numbers.first ?? 100
let eventCount = numbers.count > 1 ? numbers[1] : 100_000
let inputs = try Inputs(fileSize: fileMiB * 1024 * 1024, eventCount: eventCount)
defer { inputs.removeFile() }
let workloads = try makeWorkloads(inputs)

/// Keeps results alive, so that the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0

if let single {
    guard let workload = workloads.first(where: { $0.name == single }), let runs = numbers.last else {
        print("unknown workload; one of: \(workloads.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    for _ in 0..<runs { sink &+= try await workload.run() }
    print("ran \(workload.name) \(runs) times (\(sink))")
    inputs.removeFile()
    exit(0)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

print("file part \(fileMiB) MiB, 1,000 fields, \(eventCount) events (\(inputs.stream.count) bytes)")
var medians: [String: Double] = [:]
let clock = ContinuousClock()
for workload in workloads {
    // A small job runs in batches, so that each timing covers at least a few milliseconds.
    let batch = workload.bytes < 1_000_000 ? 100 : 1
    sink &+= try await workload.run()  // warm-up
    var times: [Double] = []
    for _ in 0..<5 {
        let start = clock.now
        for _ in 0..<batch { sink &+= try await workload.run() }
        times.append(seconds(clock.now - start) / Double(batch))
    }
    let median = times.sorted()[2]
    medians[workload.name] = median
    var line = workload.name.padding(toLength: 32, withPad: " ", startingAt: 0)
    line += String(format: "%10.3f ms  %9.1f MB/s", median * 1e3, Double(workload.bytes) / median / 1e6)
    if workload.events > 0 { line += String(format: "  %12.0f events/s", Double(workload.events) / median) }
    print(line)
}
for (peer, ours) in [
    ("multipartkit-file-from-memory", "ours-file-from-memory"),
    ("multipartkit-file-from-memory", "ours-file-from-disk"),
    ("multipartkit-1000-fields", "ours-1000-fields"), ("openapi-sse-slices", "ours-sse-slices"),
    ("openapi-sse-slices", "ours-sse"), ("openapi-sse-slices", "ours-sse-parser"),
] {
    let ratio = (medians[peer] ?? .nan) / (medians[ours] ?? .nan)
    print(String(format: "%@ / %@: %.1f× (above 1: ours is faster)", peer as NSString, ours as NSString, ratio))
}
print("(sink \(sink))")
