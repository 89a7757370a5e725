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
        cache.traits(of: type)
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

/// The table behind ``TypeTraits/of(_:)``: a lock and a dictionary, read far more often than written.
///
/// `@unchecked Sendable` is sound: `table`, the only mutable state, is private and read or written only
/// between `lock.lock()` and `lock.unlock()` in `traits(of:)`; `lock` is a `let`. Computing traits runs
/// outside the lock and touches no shared state, so two tasks that race on a new type store one answer.
private final class TypeTraitsCache: @unchecked Sendable {
    // Guarded by `lock`.
    private var table: [ObjectIdentifier: TypeTraits] = [:]
    private let lock = NSLock()

    func traits(of type: Any.Type) -> TypeTraits {
        let key = ObjectIdentifier(type)
        lock.lock()
        let known = table[key]
        lock.unlock()
        if let known { return known }
        let traits = TypeTraits.compute(type)
        lock.lock()
        table[key] = traits
        lock.unlock()
        return traits
    }
}
