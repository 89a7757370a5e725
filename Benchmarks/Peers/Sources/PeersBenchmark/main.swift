import Foundation

// Usage:
//   PeersBenchmark                    times every workload and prints ns/op and the ratios
//   PeersBenchmark NAME ITERATIONS    runs one workload ITERATIONS times and nothing else, for
//                                     `valgrind --tool=callgrind` (see Docs/Performance.md)

let (forms, workloads, lossy) = try makeWorkloads()
let arguments = CommandLine.arguments.dropFirst()

/// Keeps results alive, so that the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0

if arguments.count == 2 {
    guard let workload = workloads.first(where: { $0.name == arguments.first }),
        let iterations = Int(arguments.last ?? "")
    else {
        print("unknown workload; one of: \(workloads.map(\.name).joined(separator: ", "))")
        exit(2)
    }
    for _ in 0..<iterations { sink &+= try workload.run() }
    print("ran \(workload.name) \(iterations) times (\(sink))")
    exit(0)
}

print("wire forms:")
print("  ours:        \(forms.ours)")
print("  ours, [ ]:   \(forms.oursBrackets)")
print("  vapor:       \(forms.vapor)")
print("  hummingbird: \(forms.hummingbird)")
for finding in lossy { print("not a round trip: \(finding)") }

/// The median over 9 batches of `iterations` calls, in nanoseconds per call.
func nanosecondsPerCall(_ workload: Workload, iterations: Int) throws -> Double {
    let clock = ContinuousClock()
    var batches: [Double] = []
    for _ in 0..<(iterations / 10) { sink &+= try workload.run() }  // warm-up
    for _ in 0..<9 {
        let start = clock.now
        for _ in 0..<iterations { sink &+= try workload.run() }
        let elapsed = clock.now - start
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        batches.append(nanoseconds / Double(iterations))
    }
    return batches.sorted()[4]
}

var results: [String: Double] = [:]
for workload in workloads {
    results[workload.name] = try nanosecondsPerCall(workload, iterations: 20_000)
    let padded = workload.name.padding(toLength: 20, withPad: " ", startingAt: 0)
    print(padded + String(format: "%9.0f ns/op", results[workload.name] ?? 0))
}
for direction in ["encode", "decode"] {
    for ours in ["ours", "ours-brackets"] {
        for peer in ["vapor", "hummingbird"] {
            let ratio = (results["\(peer)-\(direction)"] ?? .nan) / (results["\(ours)-\(direction)"] ?? .nan)
            print(String(format: "%@ %@ / %@: %.1f×", direction as NSString, peer as NSString, ours as NSString, ratio))
        }
    }
}
print("(sink \(sink))")
