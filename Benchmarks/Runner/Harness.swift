/// Timing. Each workload is warmed up while its batch size is found: the number of iterations that takes
/// about 10 ms, so that the clock's resolution and the loop's overhead vanish in the batch. Then the
/// workloads are timed in rounds, one batch of each per round, and a workload is compared with its baseline
/// round by round, so that a burst of load from elsewhere on the machine cannot skew their ratio.
struct Measurement {
    /// Nanoseconds per operation, one sample per round, in round order.
    let samples: [Double]

    private var sorted: [Double] { samples.sorted() }
    var median: Double { sorted.median }
    var min: Double { sorted[0] }
    var max: Double { sorted[sorted.count - 1] }

    /// The median over the rounds of this workload's time divided by `baseline`'s in the same round: the two
    /// ran seconds apart, so a burst of load from elsewhere skews few of these ratios, and the median drops
    /// those.
    func medianRatio(to baseline: Measurement) -> Double {
        zip(samples, baseline.samples).map { $0 / $1 }.sorted().median
    }
}

extension [Double] {
    /// The middle element of a sorted, non-empty, odd-length array.
    fileprivate var median: Double { self[count / 2] }
}

struct Harness {
    /// How many rounds, so how many samples each workload gets; odd, so that the median is one of them.
    var rounds = 21
    /// The target duration of one batch.
    var batchDuration = Duration.milliseconds(10)

    private let clock = ContinuousClock()

    /// Measures every workload; `progress` is told which one is being calibrated.
    func measure(_ workloads: [Workload], progress: (String) -> Void) throws -> [String: Measurement] {
        var batches: [Int] = []
        for workload in workloads {
            progress(workload.name)
            batches.append(try batchSize(of: workload))
        }
        var samples = Array(repeating: [Double](), count: workloads.count)
        for _ in 0..<rounds {
            for (index, workload) in workloads.enumerated() {
                let batch = batches[index]
                let elapsed = try clock.measure { Sink.keep(try workload.run(batch)) }
                samples[index].append(elapsed.nanoseconds / Double(batch))
            }
        }
        var results: [String: Measurement] = [:]
        for (index, workload) in workloads.enumerated() {
            results[workload.name] = Measurement(samples: samples[index])
        }
        return results
    }

    /// Doubles the batch until it takes `batchDuration` (these runs are the warm-up), then scales it to
    /// the target.
    private func batchSize(of workload: Workload) throws -> Int {
        var batch = 1
        while true {
            let elapsed = try clock.measure { Sink.keep(try workload.run(batch)) }
            if elapsed >= batchDuration || batch >= 1 << 30 {
                let scale = batchDuration / Swift.max(elapsed, .nanoseconds(1))
                return Swift.max(1, Int((Double(batch) * scale).rounded()))
            }
            batch *= 2
        }
    }
}

/// Where every checksum ends up: a value stored behind a call the optimiser cannot see through, so the
/// work that produced it cannot be removed.
enum Sink {
    nonisolated(unsafe) private(set) static var total = 0

    @inline(never)
    static func keep(_ value: Int) {
        total &+= value
    }
}

extension Duration {
    /// The duration in nanoseconds, as a `Double`.
    var nanoseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
