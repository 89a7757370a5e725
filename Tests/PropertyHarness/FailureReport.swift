/// Why a property run failed, written for a person: the property, the minimal input as Swift source,
/// the original input, the seed and the command that replays the run.
public struct FailureReport: Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: Sendable, Equatable {
        /// A generated input falsified the property (and was shrunk).
        case counterexample
        /// An input of the regression corpus falsified the property.
        case corpusCase
        /// The property held, but its generators missed a coverage requirement.
        case coverage
        /// The property could not run (a bad environment variable, a peer process that failed).
        case broken
    }

    /// An input as printed in the report, with the failure it caused.
    public struct Example: Sendable {
        /// The input, as Swift source.
        public let input: String
        /// What the property reported for it.
        public let failure: String
    }

    /// How much shrinking was done.
    public struct Shrinking: Sendable {
        /// Simpler failing inputs adopted.
        public let improvements: Int
        /// Candidates tried.
        public let candidates: Int
        /// Why shrinking stopped early, if it did.
        public let note: String?
    }

    /// What every report says about the run.
    struct Context {
        let property: String
        let configuration: PropertyConfiguration
        let replayFilter: String?
        let cases: Int
        /// The most cases a missed coverage requirement extends the run to.
        let extendedCases: Int
    }

    /// The kind of failure.
    public let kind: Kind
    /// The minimal failing input, for counterexamples and corpus cases.
    public let minimal: Example?
    /// The command that replays the run.
    public let replayCommand: String
    /// The whole report.
    public let text: String

    public var description: String { text }

    // MARK: Kinds

    static func counterexample(
        _ context: Context, caseIndex: Int, minimal: Example, original: Example, shrinking: Shrinking
    ) -> FailureReport {
        let replay = replayCommand(context)
        var lines = [
            "Property \"\(context.property)\" failed on case \(caseIndex + 1)"
                + (caseIndex < context.cases
                    ? " of \(context.cases)"
                    : " (the run of \(context.cases) was extended because a coverage requirement was missed)")
                + " (seed \(context.configuration.seed)).",
            "",
            "Minimal failing input (\(shrinking.improvements) shrinks, \(shrinking.candidates) candidates tried):",
            indent(minimal.input),
            "Failure:",
            indent(truncated(minimal.failure)),
            "",
            "Original failing input:",
            indent(truncated(original.input)),
            "Failure:",
            indent(truncated(original.failure)),
            "",
        ]
        if let note = shrinking.note { lines += [note, ""] }
        lines += [
            "Replay: \(replay)",
            "Keep it: add the minimal input to the regression corpus (Tests/PropertyTests/Corpus).",
        ]
        return FailureReport(
            kind: .counterexample, minimal: minimal, replayCommand: replay, text: lines.joined(separator: "\n"))
    }

    static func corpusCase(_ context: Context, index: Int, input: String, failure: String) -> FailureReport {
        let replay = replayCommand(context)
        let text = [
            "Property \"\(context.property)\" failed on regression corpus case #\(index):",
            indent(input),
            "Failure:",
            indent(truncated(failure)),
            "",
            "Replay: \(replay)",
        ].joined(separator: "\n")
        return FailureReport(
            kind: .corpusCase, minimal: Example(input: input, failure: failure), replayCommand: replay, text: text)
    }

    static func coverage(_ context: Context, unmet: [CoverageRequirement], labels: LabelCounts) -> FailureReport {
        let replay = replayCommand(context)
        let extended =
            context.extendedCases > context.cases
            ? "\(context.cases) per run, extended up to \(context.extendedCases) because a requirement was missed; "
            : ""
        let text = [
            "Property \"\(context.property)\" held, but its generators missed coverage requirements over"
                + " \(labels.total) cases (\(extended)seed \(context.configuration.seed)):",
            unmet.map { "    \($0)" }.joined(separator: "\n"),
            "A correct generator misses a requirement at this count with a negligible probability (see"
                + " Docs/Testing.md): the generator or its label has changed, or the requirement is wrong.",
            "Labels seen:",
            labels.table,
            "",
            "Replay: \(replay)",
        ].joined(separator: "\n")
        return FailureReport(kind: .coverage, minimal: nil, replayCommand: replay, text: text)
    }

    static func broken(_ context: Context, _ problem: String) -> FailureReport {
        let replay = replayCommand(context)
        // A bad environment variable has no seed to replay: the report says what to fix instead.
        let next = context.configuration.problem == nil ? "Replay: \(replay)" : "Fix the variable and run again."
        let text = "Property \"\(context.property)\" could not run: \(problem)\n\n\(next)"
        return FailureReport(kind: .broken, minimal: nil, replayCommand: replay, text: text)
    }

    // MARK: Formatting

    /// `QUERY_PBT_SEED=… [QUERY_PBT_ITERATIONS=…] swift test --filter '…'`.
    static func replayCommand(_ context: Context) -> String {
        var command = "QUERY_PBT_SEED=\(context.configuration.seed)"
        if context.configuration.iterationsAreCustom {
            command += " QUERY_PBT_ITERATIONS=\(context.configuration.iterations)"
        }
        command += " swift test"
        if let filter = context.replayFilter {
            command += " --filter '\(filter)'"
        }
        return command
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    /// Long originals (a 10,000-character string) would drown the report; the minimal input is never cut.
    private static func truncated(_ text: String, limit: Int = 4_000) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count - limit) more characters)"
    }
}
