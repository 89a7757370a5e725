extension Gen where Value: FixedWidthInteger & Sendable {
    /// Integers in `range` (types of at most 64 bits), shrinking toward the value closest to zero.
    ///
    /// Fresh values are biased toward trouble: often small, often an edge (the range's ends, powers of
    /// two around 2⁷, 2¹⁵, 2³¹, 2³², 2⁵³, 2⁶³ and their neighbours), otherwise uniform.
    public static func integer(in range: ClosedRange<Value>) -> Gen<Value> {
        precondition(Value.bitWidth <= 64, "integers wider than 64 bits are not supported")
        let lower = range.lowerBound
        let upper = range.upperBound
        // Distances are computed on 64-bit two's-complement patterns, which is exact for any width ≤ 64.
        let span = UInt64(truncatingIfNeeded: upper) &- UInt64(truncatingIfNeeded: lower)
        if lower >= 0 {
            let edges = magnitudeEdges(upTo: span)
            return Gen { source in lower &+ Value(truncatingIfNeeded: source.draw(upTo: span, favouring: edges)) }
        }
        if upper <= 0 {
            let edges = magnitudeEdges(upTo: span)
            return Gen { source in upper &- Value(truncatingIfNeeded: source.draw(upTo: span, favouring: edges)) }
        }
        // Both signs: the sign first (non-negative is simpler), then the magnitude.
        let positiveSpan = UInt64(truncatingIfNeeded: upper)
        let negativeSpan = UInt64(truncatingIfNeeded: lower.magnitude) &- 1
        let positiveEdges = magnitudeEdges(upTo: positiveSpan)
        let negativeEdges = magnitudeEdges(upTo: negativeSpan)
        return Gen { source in
            if source.draw(upTo: 1) == 0 {
                return Value(truncatingIfNeeded: source.draw(upTo: positiveSpan, favouring: positiveEdges))
            }
            // -1 - m is ~m in two's complement.
            return Value(truncatingIfNeeded: ~source.draw(upTo: negativeSpan, favouring: negativeEdges))
        }
    }

    /// Any value of the type, biased toward small numbers and the edges (`min`, `max`, `0`, `±1`,
    /// powers of two and their neighbours).
    public static var anyInteger: Gen<Value> {
        integer(in: Value.min...Value.max)
    }

    private static func magnitudeEdges(upTo bound: UInt64) -> [UInt64] {
        var edges: Set<UInt64> = [0, 1, bound, bound &- 1]
        for power in [7, 8, 15, 16, 31, 32, 53, 63] {
            let value: UInt64 = 1 << power
            edges.formUnion([value &- 1, value, value &+ 1])
        }
        return edges.filter { $0 <= bound }.sorted()
    }
}

extension Gen where Value == Int {
    /// Integers in `range`, shrinking toward the value closest to zero.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        integer(in: range)
    }
}

extension Gen
where
    Value: BinaryFloatingPoint & Sendable, Value.RawSignificand: FixedWidthInteger,
    Value.RawExponent: FixedWidthInteger
{
    /// Floating-point numbers biased toward trouble: small integers, short decimals, any finite bit
    /// pattern, subnormals, `-0.0` and the extremes; NaN and the infinities only with `allowNonFinite`
    /// (for properties that expect them to be rejected).
    public static func floatingPoint(allowNonFinite: Bool = false) -> Gen<Value> {
        let exponentBits = UInt64(Value.exponentBitCount)
        let significandBits = UInt64(Value.significandBitCount)
        let maximumFiniteExponent: UInt64 = (1 << exponentBits) - 2
        let significandMask: UInt64 = (1 << significandBits) - 1
        let smallIntegers = Gen<Int>.int(in: -1000...1000).map { Value($0) }
        let decimals = Gen<Int>.int(in: -1_000_000...1_000_000).zip(.int(in: 1...6)).map { digits, places in
            Value(digits) / pow10(places)
        }
        let anyFinite = Gen { source in
            let sign: FloatingPointSign = source.draw(upTo: 1) == 0 ? .plus : .minus
            let exponent = source.draw(upTo: maximumFiniteExponent)
            let significand = source.draw(upTo: significandMask)
            return Value(
                sign: sign, exponentBitPattern: Value.RawExponent(exponent),
                significandBitPattern: Value.RawSignificand(significand))
        }
        let subnormals = Gen { source in
            let sign: FloatingPointSign = source.draw(upTo: 1) == 0 ? .plus : .minus
            let significand = 1 + source.draw(upTo: significandMask - 1)
            return Value(sign: sign, exponentBitPattern: 0, significandBitPattern: Value.RawSignificand(significand))
        }
        let edges: [Value] = [
            0, -0.0, 1, -1, 0.1, 0.5, 1e-7, 1e16, 1e21, 9_007_199_254_740_992, 9_007_199_254_740_993,
            .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude,
            .leastNormalMagnitude.nextDown, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne,
            123_456_789.123_456_789,
        ]
        var weighted: [(weight: Int, generator: Gen<Value>)] = [
            (4, smallIntegers), (3, decimals), (3, anyFinite), (1, subnormals), (2, element(of: edges)),
        ]
        if allowNonFinite {
            weighted.append((1, element(of: [.nan, .infinity, -.infinity, -.nan])))
        }
        return .frequency(weighted)
    }

    private static func pow10(_ places: Int) -> Value {
        var result: Value = 1
        for _ in 0..<places { result *= 10 }
        return result
    }
}
