import Foundation

/// How the program ended, handed from its task to the main thread.
final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?

    func fail(_ error: any Error) {
        lock.withLock { self.error = error }
    }

    var failure: (any Error)? { lock.withLock { error } }
}

// MARK: The report's formatting

func format(_ value: Double) -> String {
    value >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
}

func format(_ spread: Spread) -> String {
    "\(format(spread.median)) (\(format(spread.min))–\(format(spread.max)))"
}

func ratio(_ values: [Double]) -> String {
    String(format: "%.2f×", Spread(values).median)
}

/// The paired ratio of `figure` between two variants, round by round, as a median.
func pairedRatio(
    _ samples: [String: [Sample]], _ name: String, to other: String, _ figure: (Sample) -> Double
) -> String {
    guard name != other, let mine = samples[name], let theirs = samples[other] else { return "—" }
    return ratio(zip(mine, theirs).map { figure($0) / figure($1) })
}

func runProgram() async throws {
    let startedServer: ServerProcess?
    let port: Int
    if let given = option("--port") {
        startedServer = nil
        port = given
    } else {
        let server = try ServerProcess()
        startedServer = server
        port = server.port
    }

    guard let base = URL(string: "http://127.0.0.1:\(port)") else { fatalError("no URL for port \(port)") }
    let transports = Transports(base: base)
    let variants: [Variant]
    do {
        variants = try transports.variants()
    } catch {
        startedServer?.stop()
        throw error
    }

    func finish() async throws {
        try await transports.shutdown()
        startedServer?.stop()
    }

    if let name = stringOption("--variant") {
        guard let variant = variants.first(where: { $0.name == name }) else {
            note("no variant \(name); --list names them")
            try await finish()
            throw UnexpectedResponse(description: "no variant \(name)")
        }
        let requests = option("--requests") ?? 1000
        let (_, _, checksum) = try await runSequential(variant, pairs: requests / 2)
        print("\(name): \(requests / 2 * 2) requests, checksum \(checksum)")
        try await finish()
        return
    }

    let rounds = option("--rounds") ?? 5
    let pairs1 = option("--pairs") ?? 1000
    let pairs32 = option("--pairs32") ?? 2000
    let stats = ServerStats(url: "http://127.0.0.1:\(port)/stats", client: transports.httpClient)
    let loadBefore = loadAverage()

    var samples: [String: [Sample]] = [:]
    do {
        note("warm-up: 100 pairs one at a time and 320 at concurrency 32, per variant")
        for variant in variants {
            _ = try await runSequential(variant, pairs: 100)
            _ = try await runConcurrent(variant, pairs: 320, concurrency: 32)
        }
        for round in 0..<rounds {
            // Each round starts with another variant, so that none is always first or last.
            for offset in 0..<variants.count {
                let variant = variants[(round + offset) % variants.count]
                let sample = try await measure(variant, pairs1: pairs1, pairs32: pairs32, server: stats)
                samples[variant.name, default: []].append(sample)
                note(
                    "round \(round + 1) \(variant.name): \(Int(sample.rate1)) req/s c=1, \(Int(sample.rate32)) req/s c=32, "
                        + "CPU \(Int(sample.cpu1)) µs/req (server \(Int(sample.serverCPU1)))")
            }
        }
    } catch {
        try? await finish()
        throw error
    }
    let loadAfter = loadAverage()
    try await finish()

    let date = Date().formatted(Date.ISO8601FormatStyle().year().month().day())
    print(
        """
        Measured \(date), \(cpuModel()) (\(ProcessInfo.processInfo.activeProcessorCount) cores), \
        load average \(loadBefore) before and \(loadAfter) after; \(rounds) interleaved rounds, each \
        \(pairs1) GET + POST pairs one at a time, then \(pairs32) pairs in 32 tasks. Median over the rounds \
        (minimum–maximum); ratios are of CPU per request, paired round by round.

        | Variant | req/s, c=1 | req/s, c=32 | p50 GET / POST µs | p99 GET / POST µs | CPU µs/req, c=1 | vs raw | vs generated |
        |---|---:|---:|---:|---:|---:|---:|---:|
        """)
    for variant in variants {
        let values = samples[variant.name] ?? []
        let raw = variant.transport == .urlSession ? "raw-urlsession" : "raw-ahc"
        let generated = variant.transport == .urlSession ? "generated-urlsession" : "generated-ahc"
        let p50 = "\(format(Spread(values.map(\.getP50)).median)) / \(format(Spread(values.map(\.postP50)).median))"
        let p99 = "\(format(Spread(values.map(\.getP99)).median)) / \(format(Spread(values.map(\.postP99)).median))"
        print(
            "| \(variant.title) | \(format(Spread(values.map(\.rate1)))) | \(format(Spread(values.map(\.rate32)))) "
                + "| \(p50) | \(p99) | \(format(Spread(values.map(\.cpu1)))) "
                + "| \(pairedRatio(samples, variant.name, to: raw, \.cpu1)) | \(pairedRatio(samples, variant.name, to: generated, \.cpu1)) |"
        )
    }
    print(
        """

        The client's CPU at concurrency 32 and the server's share (how many of the 2 cores each kept busy):

        | Variant | client CPU µs/req, c=32 | client cores, c=32 | server CPU µs/req, c=1 | server CPU µs/req, c=32 | server cores, c=32 |
        |---|---:|---:|---:|---:|---:|
        """)
    for variant in variants {
        let values = samples[variant.name] ?? []
        print(
            "| \(variant.title) | \(format(Spread(values.map(\.cpu32)))) "
                + "| \(String(format: "%.2f", Spread(values.map(\.clientCores32)).median)) "
                + "| \(format(Spread(values.map(\.serverCPU1)))) | \(format(Spread(values.map(\.serverCPU32)))) "
                + "| \(String(format: "%.2f", Spread(values.map(\.serverCores32)).median)) |")
    }
    print(
        """

        Latency at concurrency 1, µs, median over the rounds (minimum–maximum):

        | Variant | p50 GET | p99 GET | p50 POST | p99 POST |
        |---|---:|---:|---:|---:|
        """)
    for variant in variants {
        let values = samples[variant.name] ?? []
        print(
            "| \(variant.title) | \(format(Spread(values.map(\.getP50)))) | \(format(Spread(values.map(\.getP99)))) "
                + "| \(format(Spread(values.map(\.postP50)))) | \(format(Spread(values.map(\.postP99)))) |")
    }

}
