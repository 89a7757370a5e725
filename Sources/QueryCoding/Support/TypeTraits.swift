import Foundation

/// What the coders need to know about a type before encoding or decoding a value of it: whether it takes
/// one of their fast paths, and whether it can be a whole query.
///
/// Asking the runtime whether a type conforms to a protocol is cheap when it does, but costly when it
/// does not (a few hundred nanoseconds here, more than encoding a whole struct): the runtime looks through
/// the conformance records again. Most values the coders meet are the user's own structs, for which the
/// answer is "no", so the answers are kept per type, in a table shared by every call.
struct TypeTraits: OptionSet, Sendable {
    let rawValue: UInt8

    /// The type has a ``QueryEncodingFastPath``.
    static let encodingFastPath = TypeTraits(rawValue: 1 << 0)
    /// The type has a ``QueryDecodingFastPath``.
    static let decodingFastPath = TypeTraits(rawValue: 1 << 1)
    /// The type (or the type an optional wraps) has no keys, so it cannot be a whole query.
    static let hasNoKeys = TypeTraits(rawValue: 1 << 2)
    /// The type declares per-field styles (``QueryFieldStyling``).
    static let fieldStyles = TypeTraits(rawValue: 1 << 3)

    /// The traits of `type`, worked out once per type.
    static func of(_ type: Any.Type) -> TypeTraits {
        #if QUERY_NO_CACHES
            compute(type)  // Built without caches (see `CacheSwitch`).
        #else
            cache.traits(of: type)
        #endif
    }

    private static let cache = TypeTraitsCache()

    fileprivate static func compute(_ type: Any.Type) -> TypeTraits {
        var traits: TypeTraits = []
        if type is any QueryEncodingFastPath.Type { traits.insert(.encodingFastPath) }
        if type is any QueryDecodingFastPath.Type { traits.insert(.decodingFastPath) }
        if ParsedQuery.hasNoKeys(type) { traits.insert(.hasNoKeys) }
        if type is any QueryFieldStyling.Type { traits.insert(.fieldStyles) }
        return traits
    }
}

/// The table behind ``TypeTraits/of(_:)``: a lock and an open-addressing table keyed by the type's metadata
/// address, read far more often than written. (A `Dictionary` hashed each lookup with SipHash, several
/// times the cost of the rest of the lookup; metadata addresses are unique and need only a multiply.)
///
/// `@unchecked Sendable` is sound: `keys`, `values` and `count`, the only mutable state, are private and
/// read or written only between `lock.lock()` and `lock.unlock()` in `traits(of:)`; `lock` is a `let`.
/// Computing traits runs outside the lock and touches no shared state, so two tasks that race on a new
/// type store one answer. The lock is also why the stores skip the runtime exclusivity checks.
private final class TypeTraitsCache: @unchecked Sendable {
    // Guarded by `lock`. `keys[i]` is a metadata address, 0 for an empty slot; at most half are used.
    @exclusivity(unchecked) private var keys = [UInt](repeating: 0, count: 64)
    @exclusivity(unchecked) private var values = [TypeTraits](repeating: [], count: 64)
    @exclusivity(unchecked) private var count = 0
    private let lock = NSLock()

    func traits(of type: Any.Type) -> TypeTraits {
        let key = UInt(bitPattern: ObjectIdentifier(type))  // never 0: metadata has an address
        lock.lock()
        let known = find(key)
        lock.unlock()
        if let known { return known }
        let traits = TypeTraits.compute(type)
        lock.lock()
        if find(key) == nil { insert(key, traits) }
        lock.unlock()
        return traits
    }

    /// The first slot to look at for `key`: Fibonacci hashing of the address (the low bits of an aligned
    /// address are always zero, the multiply spreads the others).
    private func home(_ key: UInt, capacity: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity &- 1)
    }

    private func find(_ key: UInt) -> TypeTraits? {
        let capacity = keys.count
        var slot = home(key, capacity: capacity)
        while keys[slot] != 0 {
            if keys[slot] == key { return values[slot] }
            slot = (slot &+ 1) & (capacity &- 1)
        }
        return nil
    }

    private func insert(_ key: UInt, _ traits: TypeTraits) {
        if (count &+ 1) &* 2 > keys.count {
            let oldKeys = keys
            let oldValues = values
            keys = [UInt](repeating: 0, count: oldKeys.count &* 2)
            values = [TypeTraits](repeating: [], count: oldKeys.count &* 2)
            count = 0
            for (index, old) in oldKeys.enumerated() where old != 0 { insert(old, oldValues[index]) }
        }
        var slot = home(key, capacity: keys.count)
        while keys[slot] != 0 { slot = (slot &+ 1) & (keys.count &- 1) }
        keys[slot] = key
        values[slot] = traits
        count &+= 1
    }
}
