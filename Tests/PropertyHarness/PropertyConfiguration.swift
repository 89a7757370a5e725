import Foundation

/// How a run of properties is seeded and sized, read once per process from the environment.
///
/// | Variable | Meaning | Default |
/// |----------|---------|---------|
/// | `QUERY_PBT_SEED` | The run seed, decimal or `0x` hex; replays a run exactly | random, printed |
/// | `QUERY_PBT_ITERATIONS` | Cases per property of weight 1 (`100000` for a soak) | ``defaultIterations`` |
/// | `QUERY_PBT_SHRINK_BUDGET` | Candidates the shrinker may try per failure | ``defaultShrinkBudget`` |
/// | `QUERY_PBT_COVERAGE_AUDIT` | Cases to measure each label's rate over; prints each requirement's miss probability | off |
public struct PropertyConfiguration: Sendable {
    /// The run seed every case seed is derived from.
    public var seed: UInt64
    /// Cases per property of weight 1.
    public var iterations: Int
    /// Candidates the shrinker may try per failure.
    public var shrinkBudget: Int
    /// Whether the seed came from `QUERY_PBT_SEED` (or a test) rather than the system's randomness.
    public var seedIsFixed: Bool
    /// When set, every property with coverage requirements also generates (without checking) this many
    /// cases, measures each label's rate and prints each requirement's miss probability.
    public var coverageAuditCases: Int?
    /// A problem with the environment (an unreadable number), reported by every property instead of
    /// running it, so a typo never silently runs something else.
    public var problem: String?

    /// Cases per property of weight 1 when `QUERY_PBT_ITERATIONS` is not set: enough to find the
    /// planted bugs of the self-tests reliably while keeping `swift test` fast in debug builds.
    public static let defaultIterations = 200
    /// The shrink budget when `QUERY_PBT_SHRINK_BUDGET` is not set.
    public static let defaultShrinkBudget = 4_000
    /// How far a run that misses a coverage requirement is extended before it fails: up to this many
    /// times the property's default case count (a longer run is judged at its own count). Every floor
    /// of the suite is set so that a correct generator misses it at the extended count with a
    /// probability written beside it (at most 1e-12 each); see `Docs/Testing.md`.
    public static let coverageExtension = 16

    /// A fixed configuration, for tests of the harness.
    public init(seed: UInt64, iterations: Int = defaultIterations, shrinkBudget: Int = defaultShrinkBudget) {
        self.seed = seed
        self.iterations = iterations
        self.shrinkBudget = shrinkBudget
        self.seedIsFixed = true
        self.coverageAuditCases = nil
        self.problem = nil
    }

    /// The configuration the environment describes; a random seed when it names none.
    public init(environment: [String: String]) {
        self.init(seed: 0)
        if let text = environment["QUERY_PBT_SEED"], !text.isEmpty {
            if let seed = Self.parseSeed(text) {
                self.seed = seed
            } else {
                problem = "QUERY_PBT_SEED=\(text) is not a decimal or 0x-hexadecimal 64-bit number"
            }
        } else {
            seed = UInt64.random(in: 0...UInt64.max)
            seedIsFixed = false
        }
        if let text = environment["QUERY_PBT_ITERATIONS"], !text.isEmpty {
            if let iterations = Int(text), iterations > 0 {
                self.iterations = iterations
            } else {
                problem = "QUERY_PBT_ITERATIONS=\(text) is not a positive number"
            }
        }
        if let text = environment["QUERY_PBT_SHRINK_BUDGET"], !text.isEmpty {
            if let budget = Int(text), budget >= 0 {
                shrinkBudget = budget
            } else {
                problem = "QUERY_PBT_SHRINK_BUDGET=\(text) is not a number"
            }
        }
        if let text = environment["QUERY_PBT_COVERAGE_AUDIT"], !text.isEmpty {
            if let cases = Int(text), cases > 0 {
                coverageAuditCases = cases
            } else {
                problem = "QUERY_PBT_COVERAGE_AUDIT=\(text) is not a positive number"
            }
        }
    }

    /// The configuration of this process, read once; the first use prints the seed, so that any run,
    /// passing or failing, can be replayed.
    public static let current: PropertyConfiguration = {
        let configuration = PropertyConfiguration(environment: ProcessInfo.processInfo.environment)
        if let problem = configuration.problem {
            // No seed to print: every property reports the problem instead of running.
            print("Property tests: \(problem)")
            return configuration
        }
        let origin = configuration.seedIsFixed ? "from QUERY_PBT_SEED" : "random"
        print(
            "Property tests: seed \(configuration.seed) (\(origin)), \(configuration.iterations) cases per property;"
                + " replay with QUERY_PBT_SEED=\(configuration.seed)")
        return configuration
    }()

    /// Whether the iteration count differs from the default, so replay commands must repeat it.
    var iterationsAreCustom: Bool { iterations != Self.defaultIterations }

    static func parseSeed(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
            return UInt64(trimmed.dropFirst(2), radix: 16)
        }
        return UInt64(trimmed)
    }
}
