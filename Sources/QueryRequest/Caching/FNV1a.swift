/// The 64-bit FNV-1a hash (Fowler, Noll, Vo), for the names of ``DiskHTTPCacheStore``'s files: short, stable
/// across processes and platforms (Swift's `Hasher` is seeded per process), and written here because the package
/// has no dependencies. Not a defence against chosen collisions: each file holds its full key, checked on read.
enum FNV1a {
    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of the UTF-8 bytes of `text`.
    static func hash64(_ text: String) -> UInt64 {
        var hash = offsetBasis
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// ``hash64(_:)`` as 16 lowercase hexadecimal digits.
    static func hexHash64(_ text: String) -> String {
        let hex = String(hash64(text), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
