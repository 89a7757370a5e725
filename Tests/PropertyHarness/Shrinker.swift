/// One run of a generator and a property on a record of choices.
public struct Trial<Value> {
    /// The choices the generator actually used (a replayed record may be cut short or clamped).
    public let choices: [UInt64]
    /// The spans of the generated values within ``choices``.
    public let spans: [Range<Int>]
    /// The generated value.
    public let value: Value
    /// Why the property failed on the value, or `nil` when it held.
    public let failure: String?
}

/// Shrinks a failing record of choices to a simpler one that still fails, Hypothesis-style.
///
/// Records are ordered shortlex (shorter is simpler, then lexicographically smaller), and a candidate is
/// adopted only when it still fails and is strictly simpler, so shrinking always terminates; the budget
/// caps how many candidates are tried. The passes:
/// 1. delete the span of a generated value (an array element with its "one more" choice, a field, a
///    subtree), then set a span to zeros (the simplest value its generator makes);
/// 2. delete runs of 8, 4, 2 and 1 choices, then set runs of 8, 4 and 2 choices to zero;
/// 3. lower each choice to the smallest value that still fails (a `k`-ary search);
/// 4. lower equal choices together (the two halves of a duplicate).
///
/// Candidates are tried `batchSize` at a time, so a property that is checked by an external process
/// can judge a whole batch per process; with a batch of one the search is plain binary search.
struct Shrinker<Value> {
    let evaluate: ([[UInt64]]) throws -> [Trial<Value>]
    let batchSize: Int
    let budget: Int
    private(set) var best: Trial<Value>
    private(set) var evaluations = 0
    private(set) var improvements = 0

    init(
        failing trial: Trial<Value>, batchSize: Int, budget: Int,
        evaluate: @escaping ([[UInt64]]) throws -> [Trial<Value>]
    ) {
        self.best = trial
        self.batchSize = max(1, batchSize)
        self.budget = budget
        self.evaluate = evaluate
    }

    private var hasBudget: Bool { evaluations < budget }

    /// Runs the passes until none of them finds anything simpler, or the budget is spent.
    mutating func shrink() throws {
        var changed = true
        while changed && hasBudget {
            changed = false
            changed = try deleteSpans() || changed
            changed = try zeroSpans() || changed
            for size in [8, 4, 2, 1] { changed = try deleteRuns(of: size) || changed }
            for size in [8, 4, 2] { changed = try zeroRuns(of: size) || changed }
            changed = try lowerEachChoice() || changed
            changed = try lowerEqualChoices() || changed
        }
    }

    // MARK: Passes

    /// The best record's distinct spans, outermost first.
    private var spans: [Range<Int>] {
        Set(best.spans).sorted { ($0.lowerBound, -$0.count) < ($1.lowerBound, -$1.count) }
    }

    private mutating func deleteSpans() throws -> Bool {
        var changed = false
        var position = 0
        while hasBudget {
            let spans = self.spans
            guard position < spans.count else { break }
            let current = best.choices
            let first = position
            let adopted = try adoptFirstFailing(count: spans.count - first) { offset in
                var candidate = current
                candidate.removeSubrange(spans[first + offset])
                return candidate
            }
            guard let adopted else { break }
            changed = true
            position += adopted
        }
        return changed
    }

    /// Replaces a span by zeros: the simplest value of its generator. The simplest value may need
    /// fewer choices than the span held (a realistic key instead of a hostile one), so shorter runs of
    /// zeros are tried first; the rest of the record then stays aligned with what follows the span.
    private mutating func zeroSpans() throws -> Bool {
        var changed = false
        var position = 0
        while hasBudget {
            let spans = self.spans
            guard position < spans.count else { break }
            let current = best.choices
            var edits: [(span: Range<Int>, zeros: Int)] = []
            for span in spans[position...] where current[span].contains(where: { $0 != 0 }) {
                for zeros in Set([1, 2, 3, span.count]).sorted() where zeros <= span.count {
                    edits.append((span, zeros))
                }
            }
            let adopted = try adoptFirstFailing(count: edits.count) { index in
                var candidate = current
                candidate.replaceSubrange(edits[index].span, with: repeatElement(0, count: edits[index].zeros))
                return candidate
            }
            guard let adopted else { break }
            changed = true
            position = spans.firstIndex(of: edits[adopted].span).map { $0 + 1 } ?? spans.count
        }
        return changed
    }

    private mutating func deleteRuns(of size: Int) throws -> Bool {
        var changed = false
        var start = 0
        while start + size <= best.choices.count && hasBudget {
            let current = best.choices
            let adopted = try adoptFirstFailing(count: current.count - size - start + 1) { offset in
                var candidate = current
                candidate.removeSubrange((start + offset)..<(start + offset + size))
                return candidate
            }
            guard let adopted else { break }
            changed = true
            start += adopted  // the choices that moved into this place may go too
        }
        return changed
    }

    private mutating func zeroRuns(of size: Int) throws -> Bool {
        var changed = false
        var start = 0
        while start + size <= best.choices.count && hasBudget {
            let current = best.choices
            let adopted = try adoptFirstFailing(count: current.count - size - start + 1) { offset in
                let run = (start + offset)..<(start + offset + size)
                guard current[run].contains(where: { $0 != 0 }) else { return nil }
                var candidate = current
                candidate.replaceSubrange(run, with: repeatElement(0, count: size))
                return candidate
            }
            guard let adopted else { break }
            changed = true
            start += adopted + 1
        }
        return changed
    }

    private mutating func lowerEachChoice() throws -> Bool {
        var changed = false
        var index = 0
        while index < best.choices.count && hasBudget {
            changed = try lower(positions: [index]) || changed
            index += 1
        }
        return changed
    }

    private mutating func lowerEqualChoices() throws -> Bool {
        var positionsByValue: [UInt64: [Int]] = [:]
        for (index, value) in best.choices.enumerated() where value != 0 {
            positionsByValue[value, default: []].append(index)
        }
        var changed = false
        let repeated = positionsByValue.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
        for positions in repeated.prefix(16) where hasBudget {
            changed = try lower(positions: positions) || changed
        }
        return changed
    }

    /// Lowers the choices at `positions` (which hold one value) together to the smallest value that
    /// still fails: `0` first, then a search between the largest value known to pass and the smallest
    /// known to fail, probing `batchSize` evenly spaced values per round.
    private mutating func lower(positions: [Int]) throws -> Bool {
        guard let last = positions.last, last < best.choices.count else { return false }
        var failing = best.choices[positions[0]]
        guard failing > 0, positions.allSatisfy({ best.choices[$0] == failing }) else { return false }
        func replacing(_ base: [UInt64], with value: UInt64) -> [UInt64] {
            var candidate = base
            for position in positions { candidate[position] = value }
            return candidate
        }
        let original = best.choices
        if try adoptFirstFailing(count: 1, { _ in replacing(original, with: 0) }) != nil { return true }
        var passing: UInt64 = 0
        var changed = false
        while failing - passing > 1 && hasBudget {
            let probes = UInt64(min(batchSize, Int(clamping: failing - passing - 1)))
            let step = (failing - passing) / (probes + 1)
            let values = (1...probes).map { passing + step * $0 }
            let before = best.choices
            if let adopted = try adoptFirstFailing(count: values.count, { replacing(before, with: values[$0]) }) {
                changed = true
                // The adopted record may have changed shape after the lowered choice: stop if so.
                guard best.choices.count == before.count,
                    positions.allSatisfy({ best.choices[$0] == values[adopted] })
                else { return true }
                failing = values[adopted]
                passing = adopted > 0 ? values[adopted - 1] : passing
            } else {
                passing = values[values.count - 1]
            }
        }
        return changed
    }

    // MARK: Trying candidates

    /// Tries the candidates `make(0)`, `make(1)`, … in order, `batchSize` at a time, and adopts the
    /// first that fails and is simpler than the best so far. `make` returns `nil` to skip a candidate.
    ///
    /// - Returns: The index of the adopted candidate, or `nil` when none was adopted.
    private mutating func adoptFirstFailing(count: Int, _ make: (Int) -> [UInt64]?) throws -> Int? {
        var next = 0
        while next < count && hasBudget {
            var indices: [Int] = []
            var candidates: [[UInt64]] = []
            while next < count && candidates.count < min(batchSize, budget - evaluations) {
                if let candidate = make(next), isSimpler(candidate, than: best.choices) {
                    indices.append(next)
                    candidates.append(candidate)
                }
                next += 1
            }
            guard !candidates.isEmpty else { continue }
            evaluations += candidates.count
            for (index, trial) in zip(indices, try evaluate(candidates))
            where trial.failure != nil && isSimpler(trial.choices, than: best.choices) {
                best = trial
                improvements += 1
                return index
            }
        }
        return nil
    }
}

/// Shortlex order: a shorter record is simpler; among equal lengths, the lexicographically smaller.
func isSimpler(_ candidate: [UInt64], than current: [UInt64]) -> Bool {
    if candidate.count != current.count { return candidate.count < current.count }
    return candidate.lexicographicallyPrecedes(current)
}
