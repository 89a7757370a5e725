import EndToEndFixtures
import Foundation

func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) * 1e-18
}

/// What one variant did in one round.
struct Sample: Sendable {
    /// Requests per second, one at a time and 32 at a time.
    var rate1 = 0.0
    var rate32 = 0.0
    /// Latency percentiles at concurrency 1, microseconds.
    var getP50 = 0.0
    var getP99 = 0.0
    var postP50 = 0.0
    var postP99 = 0.0
    /// The client's CPU time per request (user + system), microseconds, at concurrency 1 and 32.
    var cpu1 = 0.0
    var cpu32 = 0.0
    /// The server's CPU time per request, microseconds, and how many cores it kept busy at concurrency 32;
    /// the same for the client.
    var serverCPU1 = 0.0
    var serverCPU32 = 0.0
    var serverCores32 = 0.0
    var clientCores32 = 0.0
}

/// Median, minimum and maximum of one figure over the rounds.
struct Spread {
    let median: Double
    let min: Double
    let max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        min = sorted.first ?? 0
        max = sorted.last ?? 0
    }
}

func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[Swift.min(Swift.max(rank, 0), sorted.count - 1)]
}

/// Makes `pairs` GET + POST pairs one after the other, returning each call's latency in microseconds.
func runSequential(_ variant: Variant, pairs: Int) async throws -> (get: [Double], post: [Double], checksum: Int) {
    let clock = ContinuousClock()
    var getLatencies: [Double] = []
    var postLatencies: [Double] = []
    getLatencies.reserveCapacity(pairs)
    postLatencies.reserveCapacity(pairs)
    var checksum = 0
    for _ in 0..<pairs {
        let start = clock.now
        checksum &+= try await variant.get()
        let middle = clock.now
        checksum &+= try await variant.post()
        let end = clock.now
        getLatencies.append(seconds(middle - start) * 1e6)
        postLatencies.append(seconds(end - middle) * 1e6)
    }
    return (getLatencies, postLatencies, checksum)
}

/// Makes `pairs` GET + POST pairs in `concurrency` tasks of `pairs / concurrency` pairs each.
func runConcurrent(_ variant: Variant, pairs: Int, concurrency: Int) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
        for task in 0..<concurrency {
            let share = pairs / concurrency + (task < pairs % concurrency ? 1 : 0)
            group.addTask {
                var checksum = 0
                for _ in 0..<share {
                    checksum &+= try await variant.get()
                    checksum &+= try await variant.post()
                }
                return checksum
            }
        }
        return try await group.reduce(0, &+)
    }
}

/// One round of one variant: `pairs1` pairs at concurrency 1, then `pairs32` at concurrency 32, with the
/// client's and the server's CPU time read around each phase.
func measure(_ variant: Variant, pairs1: Int, pairs32: Int, server: ServerStats) async throws -> Sample {
    let clock = ContinuousClock()
    var sample = Sample()

    let server0 = try await server.cpuMicroseconds()
    let cpu0 = cpuMicroseconds()
    let start1 = clock.now
    let (getLatencies, postLatencies, _) = try await runSequential(variant, pairs: pairs1)
    let elapsed1 = seconds(clock.now - start1)
    let cpu1 = cpuMicroseconds()
    let server1 = try await server.cpuMicroseconds()

    let cpu2 = cpuMicroseconds()
    let start32 = clock.now
    _ = try await runConcurrent(variant, pairs: pairs32, concurrency: 32)
    let elapsed32 = seconds(clock.now - start32)
    let cpu3 = cpuMicroseconds()
    let server2 = try await server.cpuMicroseconds()

    let requests1 = Double(2 * pairs1)
    let requests32 = Double(2 * pairs32)
    sample.rate1 = requests1 / elapsed1
    sample.rate32 = requests32 / elapsed32
    let gets = getLatencies.sorted()
    let posts = postLatencies.sorted()
    sample.getP50 = percentile(gets, 0.5)
    sample.getP99 = percentile(gets, 0.99)
    sample.postP50 = percentile(posts, 0.5)
    sample.postP99 = percentile(posts, 0.99)
    sample.cpu1 = (cpu1 - cpu0) / requests1
    sample.cpu32 = (cpu3 - cpu2) / requests32
    sample.serverCPU1 = (server1 - server0) / requests1
    sample.serverCPU32 = (server2 - server1) / requests32
    sample.serverCores32 = (server2 - server1) / 1e6 / elapsed32
    sample.clientCores32 = (cpu3 - cpu2) / 1e6 / elapsed32
    return sample
}
