/// A claim that must hold for every value its generators produce.
///
/// A property does not call `#expect`: it throws (usually a ``PropertyFailure``) when the claim does not
/// hold, so that the runner can try hundreds of shrunk variants quietly and report only the minimal one.
///
/// ```swift
/// let property = Property("reversing twice is the identity", Gen<Int>.anyInteger.array()) { array in
///     try require(array.reversed().reversed() == array, "got \(array.reversed().reversed())")
/// }
/// ```
public struct Property<Value> {
    /// The name shown in reports; it also seeds the cases, so renaming a property changes its cases.
    public let name: String
    /// The generators; case `i` uses `generators[i % generators.count]`, which guarantees that every
    /// one of them (a strategy combination, say) is exercised in every run. List the simplest first:
    /// a counterexample is shrunk again with the first generator that also fails on it.
    public let generators: [Gen<Value>]
    /// How many values ``check`` judges at once (for checks that run an external process per batch).
    public let batchSize: Int
    /// Judges a batch of values: one failure message, or `nil`, per value. A thrown error is a broken
    /// check (a peer process that did not start), not a counterexample, and ends the run.
    public let check: ([Value]) throws -> [String?]
    /// Cases per run relative to ``PropertyConfiguration/iterations``.
    public var weight: Double = 1
    /// Inputs that once failed: they run first, every time (the regression corpus).
    public var corpus: [Value] = []
    /// Labels for each input, counted to check ``coverage``.
    public var classify: ((Value) -> [String])?
    /// How often the labelled classes must occur for the run to count.
    public var coverage: [CoverageRequirement] = []
    /// Prints an input for the report; by default its ``SwiftSourceConvertible`` source.
    public var render: (Value) -> String = { swiftSource(of: $0) }

    /// A property checked one value at a time, over one or more generators.
    public init(_ name: String, cycling generators: [Gen<Value>], check: @escaping (Value) throws -> Void) {
        precondition(!generators.isEmpty, "a property needs a generator")
        self.name = name
        self.generators = generators
        self.batchSize = 1
        self.check = { values in values.map { value in failureMessage { try check(value) } } }
    }

    /// A property checked one value at a time.
    public init(_ name: String, _ generator: Gen<Value>, check: @escaping (Value) throws -> Void) {
        self.init(name, cycling: [generator], check: check)
    }

    /// A property checked `batchSize` values at a time: `checkBatch` returns a failure message or
    /// `nil` for each value, in order, and throws only when the check itself could not run.
    public init(
        _ name: String, cycling generators: [Gen<Value>], batchSize: Int,
        checkBatch: @escaping ([Value]) throws -> [String?]
    ) {
        precondition(!generators.isEmpty && batchSize > 0, "a property needs a generator and a batch size")
        self.name = name
        self.generators = generators
        self.batchSize = batchSize
        self.check = checkBatch
    }

    /// The number of generated cases in a run configured with `iterations`.
    public func caseCount(iterations: Int) -> Int {
        max(1, Int((Double(iterations) * weight).rounded()))
    }
}

/// A property does not hold for an input; the message says how.
public struct PropertyFailure: Error, CustomStringConvertible {
    /// What went wrong, with the values involved.
    public let message: String

    /// A failure described by `message`.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// Throws a ``PropertyFailure`` with `message` unless `condition` holds.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw PropertyFailure(message()) }
}

/// Throws a ``PropertyFailure`` that shows both values unless they are equal.
public func requireEqual<T: Equatable>(_ actual: T, _ expected: T, _ what: @autoclosure () -> String) throws {
    if actual != expected {
        throw PropertyFailure(
            "\(what())\n  expected: \(swiftSource(of: expected))\n  actual:   \(swiftSource(of: actual))")
    }
}

/// `nil` when `body` returns, otherwise what it threw, as a failure message.
func failureMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let failure as PropertyFailure {
        return failure.message
    } catch {
        return "threw \(String(reflecting: error))"
    }
}
