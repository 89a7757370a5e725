import Foundation

/// Parameter names compared and hashed by their UTF-8 bytes. `String`'s own `==` and hashing treat
/// canonically equivalent text as equal (`é` and `e` + U+0301), but two different names must stay two
/// parameters: the codec never normalises.
enum ExactName {
    /// Whether two names have the same bytes.
    @inline(__always)
    static func same(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        // An empty name has no address to read.
        guard let leftStart = left.baseAddress, let rightStart = right.baseAddress else { return true }
        // `memcmp` rather than `elementsEqual`, which compares byte by byte. Both buffers hold `count`
        // bytes (equal counts, checked above) and stay alive for the call.
        return memcmp(leftStart, rightStart, left.count) == 0
    }

    /// The hash of a name's bytes, for this process.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }
}
