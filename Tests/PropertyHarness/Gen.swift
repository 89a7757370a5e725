/// A generator of values: a function of the random choices it draws from a ``ChoiceSource``.
///
/// Build generators from the primitives (`int(in:)`, `bool`, `element(of:)`, the strings and numbers
/// of the other files) with the combinators here. Every generator follows one rule: choice `0` gives
/// the simplest value (the first option of `oneOf`, the shortest array, `nil`, the number closest to
/// zero), so that the shrinker's smaller records are simpler values.
public struct Gen<Value>: Sendable {
    private let generate: @Sendable (ChoiceSource) -> Value

    /// A generator that draws from the source with `generate`.
    public init(_ generate: @escaping @Sendable (ChoiceSource) -> Value) {
        self.generate = generate
    }

    /// Draws one value, recording its choices as a span.
    public func run(_ source: ChoiceSource) -> Value {
        let start = source.choices.count
        let value = generate(source)
        source.endSpan(startedAt: start)
        return value
    }

    /// The value generated from `seed`, for examples and tests of generators.
    public func example(seed: UInt64) -> Value {
        run(ChoiceSource(seed: seed))
    }

    // MARK: Combinators

    /// Transforms each value; shrinking still works, because the choices are what shrinks.
    public func map<Other>(_ transform: @escaping @Sendable (Value) -> Other) -> Gen<Other> {
        Gen<Other> { source in transform(self.run(source)) }
    }

    /// Uses each value to choose the next generator (a length, then that many elements, say).
    public func flatMap<Other>(_ next: @escaping @Sendable (Value) -> Gen<Other>) -> Gen<Other> {
        Gen<Other> { source in next(self.run(source)).run(source) }
    }

    /// A generator that always gives `value`.
    public static func constant(_ value: Value) -> Gen<Value> where Value: Sendable {
        Gen { _ in value }
    }

    /// One of `generators`, each as likely; the first is the simplest.
    public static func oneOf(_ generators: [Gen<Value>]) -> Gen<Value> {
        Gen { source in generators[source.draw(below: generators.count)].run(source) }
    }

    /// One of `generators`, chosen in proportion to its weight; the first is the simplest.
    public static func frequency(_ weighted: [(weight: Int, generator: Gen<Value>)]) -> Gen<Value> {
        let total = weighted.reduce(0) { $0 + $1.weight }
        precondition(total > 0 && weighted.allSatisfy { $0.weight >= 0 }, "weights must be positive")
        return Gen { source in
            var ticket = source.draw(below: total)
            for (weight, generator) in weighted {
                if ticket < weight { return generator.run(source) }
                ticket -= weight
            }
            return weighted[weighted.count - 1].generator.run(source)
        }
    }

    /// One of `elements`, each as likely; the first is the simplest.
    public static func element(of elements: [Value]) -> Gen<Value> where Value: Sendable {
        precondition(!elements.isEmpty, "nothing to choose from")
        return Gen { source in elements[source.draw(below: elements.count)] }
    }

    /// `nil` with probability `nilProbability`, otherwise a value; `nil` is the simpler.
    public func optional(nilProbability: Double = 0.2) -> Gen<Value?> {
        Gen<Value?> { source in
            source.drawBool(probability: 1 - nilProbability) ? self.run(source) : nil
        }
    }

    /// Arrays of at least `minimumLength` and about `averageLength` elements (geometrically
    /// distributed beyond the minimum), never more than `maximumLength`.
    ///
    /// Before each element the generator draws whether there is one more (forced for the first
    /// `minimumLength`), so every element is a separate span of choices: deleting that span deletes
    /// exactly that element when shrinking, and the elements after it stay aligned.
    public func array(averageLength: Double = 4, minimumLength: Int = 0, maximumLength: Int = 64) -> Gen<[Value]> {
        let extra = max(averageLength - Double(minimumLength), 0)
        let more = extra / (extra + 1)
        return Gen<[Value]> { source in
            var elements: [Value] = []
            while elements.count < maximumLength {
                let start = source.choices.count
                guard source.drawBool(probability: elements.count < minimumLength ? 1 : more) else { break }
                elements.append(self.run(source))
                source.endSpan(startedAt: start)
            }
            return elements
        }
    }

    /// Arrays of exactly `count` elements.
    public func array(count: Int) -> Gen<[Value]> {
        Gen<[Value]> { source in (0..<count).map { _ in self.run(source) } }
    }

    /// Dictionaries whose entries come from `keys` and `values`; a repeated key keeps its last value.
    public static func dictionary<Key: Hashable & Sendable, Element>(
        keys: Gen<Key>, values: Gen<Element>, averageCount: Double = 3, maximumCount: Int = 32
    ) -> Gen<Value> where Value == [Key: Element] {
        keys.zip(values).array(averageLength: averageCount, maximumLength: maximumCount).map { entries in
            Dictionary(entries, uniquingKeysWith: { _, last in last })
        }
    }

    /// Pairs of a value of this generator and an independent value of `other`.
    public func zip<Other>(_ other: Gen<Other>) -> Gen<(Value, Other)> {
        Gen<(Value, Other)> { source in (self.run(source), other.run(source)) }
    }

    /// Values of a recursive type, nested at most `depth` levels: `extend` builds one level from a
    /// generator of the level below, and `base` is the bottom (the simplest, chosen by choice `0`).
    ///
    /// At each level a value is a base value with probability `baseProbability`, so shallow values stay
    /// common and deep ones still occur.
    public static func recursive(
        depth: Int, baseProbability: Double = 0.5, base: Gen<Value>,
        extend: @escaping @Sendable (Gen<Value>) -> Gen<Value>
    ) -> Gen<Value> {
        guard depth > 0 else { return base }
        let inner = recursive(depth: depth - 1, baseProbability: baseProbability, base: base, extend: extend)
        let composite = extend(inner)
        return Gen { source in
            source.drawBool(probability: 1 - baseProbability) ? composite.run(source) : base.run(source)
        }
    }
}

extension Gen where Value == Bool {
    /// `false` or `true`, each as likely; `false` is the simpler.
    public static var bool: Gen<Bool> { Gen { source in source.draw(upTo: 1) == 1 } }

    /// `true` with probability `probability`.
    public static func bool(probability: Double) -> Gen<Bool> {
        Gen { source in source.drawBool(probability: probability) }
    }
}
