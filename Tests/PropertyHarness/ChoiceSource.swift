/// The random choices one generated value is made of, drawn fresh from a seed or replayed from a record.
///
/// This is what makes shrinking work through `map` and `flatMap` (the idea behind Hypothesis): a
/// generator is a function of the choices it draws, so the shrinker never needs to know how a value is
/// built. It edits the recorded choices (deletes runs of them, lowers them) and runs the generator again
/// on the edited record. Generators are written so that choice `0` is always the simplest option, and a
/// record that runs out reads as zeros, so shorter and smaller records give simpler values.
public final class ChoiceSource {
    /// Every choice drawn so far, as the generator used it.
    public private(set) var choices: [UInt64] = []
    /// The runs of choices that made one generated value each (every `Gen.run` and every array
    /// element): deleting or zeroing one removes or simplifies exactly that value when shrinking.
    public private(set) var spans: [Range<Int>] = []
    private var random: SplitMix64?
    private let replayed: [UInt64]

    /// After this many draws every choice is `0`, which ends every collection: a runaway generator
    /// still terminates.
    public static let maximumChoices = 100_000

    /// A source of fresh random choices.
    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        replayed = []
    }

    /// A source that replays `choices`, reading `0` once they run out.
    public init(replaying choices: [UInt64]) {
        random = nil
        replayed = choices
    }

    /// Records the choices drawn since `start` as the span of one value (runs of fewer than two
    /// choices are left to the shrinker's choice-level passes).
    public func endSpan(startedAt start: Int) {
        if choices.count - start >= 2 { spans.append(start..<choices.count) }
    }

    /// A choice in `0...bound`; `0` must stand for the simplest option.
    ///
    /// A replayed choice larger than `bound` (the shrinker edited an earlier choice, so the generator
    /// now asks a different question here) is clamped to `bound`.
    public func draw(upTo bound: UInt64) -> UInt64 {
        let index = choices.count
        let value: UInt64
        if index >= Self.maximumChoices {
            value = 0
        } else if var generator = random {
            value = generator.next(upTo: bound)
            random = generator
        } else if index < replayed.count {
            value = min(replayed[index], bound)
        } else {
            value = 0
        }
        choices.append(value)
        return value
    }

    /// A choice in `0...bound` that, when drawn fresh, is often small (at most 100), often `bound`
    /// itself or one of `favourites` (clamped to `bound`), and otherwise uniform.
    ///
    /// Only the value is recorded, however it was picked, so a number keeps one representation and the
    /// shrinker can search it directly: a generator that picked "an edge value" in a separate choice
    /// would shrink to the simplest edge rather than to the smallest failing number.
    public func draw(upTo bound: UInt64, favouring favourites: [UInt64]) -> UInt64 {
        guard var generator = random, choices.count < Self.maximumChoices else {
            return draw(upTo: bound)
        }
        let value: UInt64
        switch generator.next(upTo: 9) {
        case 0...3: value = generator.next(upTo: min(bound, 100))
        case 4: value = bound
        case 5 where !favourites.isEmpty:
            value = min(favourites[Int(generator.next(upTo: UInt64(favourites.count - 1)))], bound)
        default: value = generator.next(upTo: bound)
        }
        random = generator
        choices.append(value)
        return value
    }

    /// A choice in `0..<count`, for picking one of `count` options (the first is the simplest).
    public func draw(below count: Int) -> Int {
        precondition(count > 0, "nothing to choose from")
        return Int(draw(upTo: UInt64(count - 1)))
    }

    /// `true` with probability `probability`; `false` is the simpler answer.
    public func drawBool(probability: Double) -> Bool {
        // 2^16 steps are fine-grained enough for any weight a generator uses.
        let threshold = UInt64((1 - min(max(probability, 0), 1)) * 65_536)
        return draw(upTo: 65_535) >= threshold
    }
}
