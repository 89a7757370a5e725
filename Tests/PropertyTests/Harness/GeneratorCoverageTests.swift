import Foundation
import PropertyHarness
import Testing

/// The generators keep producing the interesting classes of values. Each test samples a generator and
/// fails, with a table of what it saw, when a class falls below its floor. The floors sit at a third
/// or less of the rates measured over 100,000 draws (rare classes: a count several standard
/// deviations below the expected one), so a run of the default size cannot miss them by chance.
@Suite struct GeneratorCoverageTests {
    @Test func hostileStringsAreHostile() {
        // Swift strings are always valid Unicode (never a lone surrogate); the harness's job is to make
        // them hostile.
        var property = Property("hostile strings are hostile", Gen<String>.hostileString()) { _ in }
        property.weight = 50
        property.classify = stringLabels
        property.coverage = [
            .atLeast(0.05, "reserved character"),
            // 10 % are drawn from the pool and 2 % are empty; a one-character mixed string that happens
            // to be a troublemaker (`&`) counts too, which brings the measured share to about 14.5 %.
            .between(0.05...0.2, "from the troublemaker pool"),
            .atLeast(0.1, "non-ASCII"),
            .atLeast(0.02, "astral scalar (emoji)"),
            .atLeast(0.01, "combining mark"),
            .atLeast(0.02, "control character"),
            .atLeast(count: 5, "CR or LF"),
            .atLeast(count: 5, "NUL"),
            .atLeast(count: 5, "% not followed by two hex digits"),
            .atLeast(count: 5, "%XX escape"),
            .atLeast(count: 5, "U+0085, U+2028, U+2029 or U+FEFF"),
            .atLeast(count: 5, "right-to-left text"),
            .atLeast(count: 5, "empty"),
            .atLeast(count: 8, "1000+ bytes"),
        ]
        check(property)
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

    @Test func integersReachTheirEdges() {
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
            .atLeast(0.02, "Int.min"), .atLeast(0.02, "Int.max"), .atLeast(count: 2, "0"), .atLeast(0.2, "negative"),
            .atLeast(0.1, "beyond ±2^53"),
        ]
        check(signed)
        var unsigned = Property("UInt64 values reach the edges", Gen<UInt64>.anyInteger) { _ in }
        unsigned.weight = 10
        unsigned.classify = { value in
            [value == .max ? "UInt64.max" : nil, value > UInt64(Int64.max) ? "beyond Int64.max" : nil].compactMap { $0 }
        }
        unsigned.coverage = [.atLeast(0.04, "UInt64.max"), .atLeast(0.1, "beyond Int64.max")]
        check(unsigned)
    }

    @Test func floatingPointNumbersReachTheirEdges() {
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
            .atLeast(0.005, "NaN"), .atLeast(0.005, "infinity"), .atLeast(count: 3, "-0.0"),
            .atLeast(0.02, "subnormal"),
            .atLeast(0.003, "±greatestFiniteMagnitude"), .atLeast(0.2, "fraction"),
        ]
        check(property)
        let finite = Property("finite-only Double values are finite", Gen<Double>.floatingPoint()) { value in
            try require(value.isFinite, "\(value) is not finite")
        }
        check(finite)
    }

    @Test func byteSoupsMixValidAndInvalidUTF8() {
        var property = Property("byte soups mix valid and invalid UTF-8", Gen<[UInt8]>.byteSoup) { _ in }
        property.weight = 5
        property.classify = { bytes in
            [isValidUTF8(bytes) ? "valid UTF-8" : "invalid UTF-8"] + (bytes.contains(UInt8(ascii: "%")) ? ["%"] : [])
        }
        property.coverage = [.atLeast(0.2, "invalid UTF-8"), .atLeast(0.1, "valid UTF-8"), .atLeast(0.06, "%")]
        check(property)
        let valid = Property("validUTF8 bytes are valid UTF-8", Gen<[UInt8]>.validUTF8) { bytes in
            try require(isValidUTF8(bytes), "invalid UTF-8: \(bytes)")
        }
        check(valid)
    }
}
