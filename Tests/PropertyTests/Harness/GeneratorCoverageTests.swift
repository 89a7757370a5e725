import Foundation
import PropertyHarness
import Testing

/// The generators keep producing the interesting classes of values. Each test samples a generator and
/// fails, with a table of what it saw, when a class falls below its floor (or above a cap). Beside each
/// requirement: its label's rate over 100,000 draws (`QUERY_PBT_COVERAGE_AUDIT=100000`) and the
/// probability that a correct generator misses it at the run's count (the run is then extended) and at
/// the extended count (the run fails), the rate taken four standard errors against the requirement.
@Suite(.timeLimit(.minutes(20))) struct GeneratorCoverageTests {
    @Test func hostileStringsAreHostile() async {
        // Swift strings are always valid Unicode (never a lone surrogate); the harness's job is to make
        // them hostile.
        var property = Property("hostile strings are hostile", Gen<String>.hostileString()) { _ in }
        property.weight = 50
        property.classify = stringLabels
        property.coverage = [
            // rate 37.4 %; miss < 1e-300 at 10,000, < 1e-300 at 160,000
            .atLeast(0.05, "reserved character"),
            // 10 % are drawn from the pool and 2 % are empty; a one-character mixed string that happens
            // to be a troublemaker (`&`) counts too, which brings the measured share to about 14.5 %.
            // rate 14.5 %; miss 2.3e-43 at 10,000, < 1e-300 at 160,000
            .between(0.05...0.2, "from the troublemaker pool"),
            // rate 57.5 %; miss < 1e-300 at 10,000, < 1e-300 at 160,000
            .atLeast(0.1, "non-ASCII"),
            // rate 22.5 %; miss < 1e-300 at 10,000, < 1e-300 at 160,000
            .atLeast(0.02, "astral scalar (emoji)"),
            // rate 21.7 %; miss < 1e-300 at 10,000, < 1e-300 at 160,000
            .atLeast(0.01, "combining mark"),
            // rate 27.4 %; miss < 1e-300 at 10,000, < 1e-300 at 160,000
            .atLeast(0.02, "control character"),
            // rate 2.5 %; miss 6.9e-92 at 10,000, < 1e-300 at 160,000
            .atLeast(count: 5, "CR or LF"),
            // rate 1.6 %; miss 8.6e-58 at 10,000, < 1e-300 at 160,000
            .atLeast(count: 5, "NUL"),
            // rate 4.9 %; miss 9.4e-197 at 10,000, < 1e-300 at 160,000
            .atLeast(count: 5, "% not followed by two hex digits"),
            // rate 2.4 %; miss 1.4e-89 at 10,000, < 1e-300 at 160,000
            .atLeast(count: 5, "%XX escape"),
            // rate 2.1 %; miss 1.1e-75 at 10,000, < 1e-300 at 160,000
            .atLeast(count: 5, "U+0085, U+2028, U+2029 or U+FEFF"),
            // rate 1.5 %; miss 1.8e-50 at 10,000, < 1e-300 at 160,000
            .atLeast(count: 5, "right-to-left text"),
            // rate 2.1 %; miss 9.0e-78 at 10,000, < 1e-300 at 160,000
            .atLeast(count: 5, "empty"),
            // rate 0.3 %; miss 1.9e-05 at 10,000, 1.4e-161 at 160,000
            .atLeast(count: 8, "1000+ bytes"),
        ]
        await check(property)
    }

    private func stringLabels(_ text: String) -> [String] {
        var labels: [String] = []
        let scalars = text.unicodeScalars
        let bytes = Array(text.utf8)
        if Troublemakers.containsReservedCharacter(text) { labels.append("reserved character") }
        if Troublemakers.pool.contains(where: { Array($0.utf8) == bytes }) {
            labels.append("from the troublemaker pool")
        }
        if bytes.contains(where: { $0 >= 0x80 }) { labels.append("non-ASCII") }
        if scalars.contains(where: { $0.value > 0xFFFF }) { labels.append("astral scalar (emoji)") }
        if scalars.contains(where: { (0x300...0x36F).contains($0.value) }) { labels.append("combining mark") }
        if scalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            labels.append("control character")
        }
        if bytes.contains(13) || bytes.contains(10) { labels.append("CR or LF") }
        if bytes.contains(0) { labels.append("NUL") }
        if scalars.contains(where: { [0x85, 0x2028, 0x2029, 0xFEFF].contains($0.value) }) {
            labels.append("U+0085, U+2028, U+2029 or U+FEFF")
        }
        if scalars.contains(where: { (0x590...0x8FF).contains($0.value) || $0.value == 0x202E }) {
            labels.append("right-to-left text")
        }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "%") {
            let isEscape = index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
            labels.append(isEscape ? "%XX escape" : "% not followed by two hex digits")
        }
        if bytes.isEmpty { labels.append("empty") }
        if bytes.count >= 1000 { labels.append("1000+ bytes") }
        return labels
    }

    /// Valid UTF-8 decodes without replacement characters, so it re-encodes to the same bytes.
    /// (`String(bytes:encoding:)` would not do: it drops a leading U+FEFF.)
    private func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    private func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    @Test func integersReachTheirEdges() async {
        var signed = Property("Int values reach the edges", Gen<Int>.anyInteger) { _ in }
        signed.weight = 25
        signed.classify = { value in
            var labels = [value < 0 ? "negative" : "non-negative"]
            if value == .min { labels.append("Int.min") }
            if value == .max { labels.append("Int.max") }
            if value == 0 { labels.append("0") }
            if value.magnitude > 1 << 53 { labels.append("beyond ±2^53") }
            return labels
        }
        signed.coverage = [
            // rate 5.2 %; miss 1.2e-27 at 5,000, < 1e-300 at 80,000
            .atLeast(0.02, "Int.min"),
            // rate 5.2 %; miss 1.3e-27 at 5,000, < 1e-300 at 80,000
            .atLeast(0.02, "Int.max"),
            // rate 0.4 %; miss 2.0e-06 at 5,000, 4.2e-109 at 80,000
            .atLeast(count: 2, "0"),
            // rate 50.0 %; miss < 1e-300 at 5,000, < 1e-300 at 80,000
            .atLeast(0.2, "negative"),
            // rate 51.2 %; miss < 1e-300 at 5,000, < 1e-300 at 80,000
            .atLeast(0.1, "beyond ±2^53"),
        ]
        await check(signed)
        var unsigned = Property("UInt64 values reach the edges", Gen<UInt64>.anyInteger) { _ in }
        unsigned.weight = 10
        unsigned.classify = { value in
            [value == .max ? "UInt64.max" : nil, value > UInt64(Int64.max) ? "beyond Int64.max" : nil].compactMap { $0 }
        }
        unsigned.coverage = [
            // rate 10.6 %; miss 2.5e-25 at 2,000, < 1e-300 at 32,000
            .atLeast(0.04, "UInt64.max"),
            // rate 31.6 %; miss 1.5e-112 at 2,000, < 1e-300 at 32,000
            .atLeast(0.1, "beyond Int64.max"),
        ]
        await check(unsigned)
    }

    @Test func floatingPointNumbersReachTheirEdges() async {
        var property = Property("Double values reach the edges", Gen<Double>.floatingPoint(allowNonFinite: true)) { _ in
        }
        property.weight = 10
        property.classify = { value in
            var labels: [String] = []
            if value.isNaN { labels.append("NaN") }
            if value.isInfinite { labels.append("infinity") }
            if value == 0 && value.sign == .minus { labels.append("-0.0") }
            if value.isSubnormal { labels.append("subnormal") }
            if value.magnitude == .greatestFiniteMagnitude { labels.append("±greatestFiniteMagnitude") }
            if value.isFinite && value != value.rounded() { labels.append("fraction") }
            return labels
        }
        property.coverage = [
            // rate 3.7 %; miss 4.3e-20 at 2,000, 9.3e-286 at 32,000
            .atLeast(0.005, "NaN"),
            // rate 3.5 %; miss 6.6e-19 at 2,000, 4.2e-267 at 32,000
            .atLeast(0.005, "infinity"),
            // rate 0.7 %; miss 2.6e-04 at 2,000, 1.7e-85 at 32,000
            .atLeast(count: 3, "-0.0"),
            // rate 9.3 %; miss 2.7e-39 at 2,000, < 1e-300 at 32,000
            .atLeast(0.02, "subnormal"),
            // rate 1.5 %; miss 3.4e-07 at 2,000, 1.8e-84 at 32,000
            .atLeast(0.003, "±greatestFiniteMagnitude"),
            // rate 43.9 %; miss 1.7e-107 at 2,000, < 1e-300 at 32,000
            .atLeast(0.2, "fraction"),
        ]
        await check(property)
        let finite = Property("finite-only Double values are finite", Gen<Double>.floatingPoint()) { value in
            try require(value.isFinite, "\(value) is not finite")
        }
        await check(finite)
    }

    @Test func byteSoupsMixValidAndInvalidUTF8() async {
        var property = Property("byte soups mix valid and invalid UTF-8", Gen<[UInt8]>.byteSoup) { _ in }
        property.weight = 5
        property.classify = { bytes in
            [isValidUTF8(bytes) ? "valid UTF-8" : "invalid UTF-8"] + (bytes.contains(UInt8(ascii: "%")) ? ["%"] : [])
        }
        property.coverage = [
            // rate 57.4 %; miss 7.1e-126 at 1,000, < 1e-300 at 16,000
            .atLeast(0.2, "invalid UTF-8"),
            // rate 42.6 %; miss 2.6e-112 at 1,000, < 1e-300 at 16,000
            .atLeast(0.1, "valid UTF-8"),
            // rate 19.5 %; miss 3.9e-33 at 1,000, < 1e-300 at 16,000
            .atLeast(0.06, "%"),
        ]
        await check(property)
        let valid = Property("validUTF8 bytes are valid UTF-8", Gen<[UInt8]>.validUTF8) { bytes in
            try require(isValidUTF8(bytes), "invalid UTF-8: \(bytes)")
        }
        await check(valid)
    }
}
