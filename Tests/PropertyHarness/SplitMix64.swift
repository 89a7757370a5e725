/// The harness's pseudo-random number generator: SplitMix64 (Steele, Lea and Flood, 2014).
///
/// The harness does its own generation and range reduction instead of using `Int.random(in:using:)`,
/// whose algorithm may change between Swift versions: a seed must replay the same values on every
/// platform and toolchain. SplitMix64 is tiny, fast, passes BigCrush, and every 64-bit seed is usable.
public struct SplitMix64: Sendable {
    /// The generator's whole state.
    public private(set) var state: UInt64

    /// Creates a generator whose first output is `mix(seed &+ γ)`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 uniformly distributed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// A uniformly distributed number in `0...bound`.
    ///
    /// Lemire's multiply-and-reject reduction: the high word of `random × (bound + 1)` is uniform once
    /// the few products whose low word falls in the biased zone are redrawn.
    public mutating func next(upTo bound: UInt64) -> UInt64 {
        if bound == .max { return next() }
        let range = bound &+ 1
        var product = next().multipliedFullWidth(by: range)
        if product.low < range {
            let threshold = (0 &- range) % range
            while product.low < threshold {
                product = next().multipliedFullWidth(by: range)
            }
        }
        return product.high
    }

    /// SplitMix64's output function: a bijective avalanche of 64 bits.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of one case of one property: a function of the run seed, the property's name and the
    /// case's index only, so a case replays alone and does not depend on how many cases ran before it.
    public static func caseSeed(runSeed: UInt64, property: String, index: Int) -> UInt64 {
        // FNV-1a over the name's UTF-8 bytes: stable across processes, unlike `Hasher`.
        var nameHash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in property.utf8 {
            nameHash = (nameHash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return mix(mix(runSeed ^ mix(nameHash)) &+ UInt64(truncatingIfNeeded: index))
    }
}
