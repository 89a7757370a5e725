import Foundation

/// Tail probabilities of the binomial distribution: the chance that a generator whose label has rate
/// `p` gives it to at most (or at least) `k` of `n` independent cases. They put a number on how often a
/// correct generator misses a coverage requirement.
///
/// Each term is computed in log space (log-factorials summed exactly; Glibc's `lgamma` is ambiguous with
/// Foundation's on Linux), so that the huge binomial coefficients and tiny powers do not overflow or
/// underflow before they meet; the result is accurate to many digits, more than a bound needs.
public enum BinomialTail {
    /// `P(X ≤ k)` for `X ~ Binomial(n, p)`.
    public static func atMost(_ k: Int, of n: Int, rate p: Double) -> Double {
        if k < 0 { return 0 }
        if k >= n { return 1 }
        if p <= 0 { return 1 }
        if p >= 1 { return 0 }
        // Below the mean the terms grow with j, so summing from k down stops once they are negligible.
        return sum(from: k, step: -1, bound: 0, n: n, p: p)
    }

    /// `P(X ≥ k)` for `X ~ Binomial(n, p)`.
    public static func atLeast(_ k: Int, of n: Int, rate p: Double) -> Double {
        if k <= 0 { return 1 }
        if k > n { return 0 }
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        return sum(from: k, step: 1, bound: n, n: n, p: p)
    }

    /// Sums the terms from `start` towards `bound`; past the mode the terms shrink geometrically, so the
    /// sum stops when a term no longer changes it. (Inside the bulk every term is added.)
    private static func sum(from start: Int, step: Int, bound: Int, n: Int, p: Double) -> Double {
        let logP = log(p)
        let logQ = log1p(-p)
        var logFactorial = [0.0]
        logFactorial.reserveCapacity(n + 1)
        for i in stride(from: 1, through: n, by: 1) { logFactorial.append(logFactorial[i - 1] + log(Double(i))) }
        var total = 0.0
        var j = start
        while true {
            let term = exp(
                logFactorial[n] - logFactorial[j] - logFactorial[n - j] + Double(j) * logP + Double(n - j) * logQ)
            total += term
            let pastMode = step < 0 ? Double(j) < Double(n) * p : Double(j) > Double(n) * p
            if j == bound || (pastMode && term < total * 1e-17) { break }
            j += step
        }
        return min(1, total)
    }
}
