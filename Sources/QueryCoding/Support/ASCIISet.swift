/// A set of ASCII bytes, as two 64-bit masks: the one way the package says which bytes a rule allows
/// (percent-encoding's unreserved set, what a URL's path and query keep raw, HTTP tokens and field values,
/// multipart boundaries). Membership is one shift and one test; no byte from 128 up is ever a member.
///
/// The sets on a hot path are written as mask literals (`ASCIISet(low:high:)`), which the compiler turns
/// into static data: a `static let` built by a call would be initialised lazily, behind a check on every
/// use. A test rebuilds each literal from the characters its documentation lists (``init(_:)``). The members
/// are `@inlinable` so that QueryRequest's checks inline them too, specialised for their byte sequences.
package struct ASCIISet: Sendable, Hashable {
    /// Bit `b` is set when byte `b` (0–63) is in the set.
    package let low: UInt64
    /// Bit `b - 64` is set when byte `b` (64–127) is in the set.
    package let high: UInt64

    /// The set whose masks are `low` (bytes 0–63) and `high` (bytes 64–127).
    @inlinable @inline(__always)
    package init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// The bytes of `characters`, which must all be ASCII.
    package init(_ characters: String) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in characters.utf8 {
            precondition(byte < 128, "ASCIISet holds ASCII bytes only")
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        self.init(low: low, high: high)
    }

    /// Whether `byte` is in the set.
    @inlinable @inline(__always)
    package func contains(_ byte: UInt8) -> Bool {
        byte < 128 && ((byte < 64 ? low : high) >> UInt64(byte & 63)) & 1 != 0
    }

    /// Whether every byte of `bytes` is in the set (`true` for no bytes).
    @inlinable
    package func containsEvery<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        for byte in bytes where !contains(byte) { return false }
        return true
    }

    /// The bytes in either set.
    package func union(_ other: ASCIISet) -> ASCIISet {
        ASCIISet(low: low | other.low, high: high | other.high)
    }

    /// `A-Z a-z`.
    package static let letters = ASCIISet(low: 0, high: 0x07FF_FFFE_07FF_FFFE)
    /// `0-9`.
    package static let digits = ASCIISet(low: 0x03FF_0000_0000_0000, high: 0)
    /// The controls, RFC 5234's `CTL`: bytes 0x00–0x1F and DEL (0x7F).
    package static let controls = ASCIISet(low: 0x0000_0000_FFFF_FFFF, high: 0x8000_0000_0000_0000)
}
