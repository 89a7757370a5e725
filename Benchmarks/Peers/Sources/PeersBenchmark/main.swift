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

/// The time of one batch of `iterations` calls of `workload`, in nanoseconds per call.
func nanosecondsPerCall(_ workload: Workload, iterations: Int) throws -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<iterations { sink &+= try workload.run() }
    let elapsed = clock.now - start
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    return nanoseconds / Double(iterations)
}

// Rounds rather than one workload after another: each of the 15 rounds times one batch of every workload
// in turn, so that a slow spell of the shared machine falls on all of them, not on one. A workload's time
// is the median of its batches; a ratio is the median, over the rounds, of the two workloads' times in the
// same round.
let iterations = 20_000
for workload in workloads {  // warm-up
    for _ in 0..<(iterations / 10) { sink &+= try workload.run() }
}
var samples: [String: [Double]] = [:]
for _ in 0..<15 {
    for workload in workloads {
        samples[workload.name, default: []].append(try nanosecondsPerCall(workload, iterations: iterations))
    }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
for workload in workloads {
    let padded = workload.name.padding(toLength: 20, withPad: " ", startingAt: 0)
    print(padded + String(format: "%9.0f ns/op", median(samples[workload.name] ?? [.nan])))
}
for direction in ["encode", "decode"] {
    for ours in ["ours", "ours-brackets"] {
        for peer in ["vapor", "hummingbird"] {
            let peerSamples = samples["\(peer)-\(direction)"] ?? []
            let ourSamples = samples["\(ours)-\(direction)"] ?? []
            let ratio = median(zip(peerSamples, ourSamples).map { $0 / $1 })
            print(String(format: "%@ %@ / %@: %.1f×", direction as NSString, peer as NSString, ours as NSString, ratio))
        }
    }
}
print("(sink \(sink))")
