import Foundation

/// A small thread-safe table of values worked out from a key alone, so that the work is done once per key
/// instead of once per request: hosts validated by ``RequestURL``, base URLs parsed from a raw value.
///
/// Sound only for a *pure* derivation: the value must depend on the key and on nothing else (no clock, no
/// settings, no state), so that a hit returns exactly what the work would have returned. Failures are never
/// stored, so that each error is built (and names its source) afresh.
///
/// Bounded: apps name a handful of hosts, but a client built per tenant or per loopback port may name
/// a new one for every request, so the table is emptied once it holds `capacity` keys. The worst case is
/// then today's cost of doing the work every time, never unbounded memory.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    // SAFETY of `@unchecked Sendable`: `table` and `last` are the only mutable state and are read and written
    // with `lock` held, in `value(for:)` and `store(_:for:)` only; `capacity` is immutable.
    private var table: [Key: Value] = [:]
    /// The entry found or stored last: an app sends most requests to one host, and a key that is the very
    /// same string as the last one compares equal without hashing (its storage is the same).
    private var last: (key: Key, value: Value)?
    private let lock = NSLock()
    private let capacity: Int

    /// A cache of at most `capacity` entries.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The stored value for `key`, or `nil`.
    func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        if let last, last.key == key { return last.value }
        guard let value = table[key] else { return nil }
        last = (key, value)
        return value
    }

    /// Stores `value` for `key`, first emptying the table when it is full.
    func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if table.count >= capacity && table[key] == nil {
            table.removeAll(keepingCapacity: true)
        }
        table[key] = value
        last = (key, value)
    }
}
