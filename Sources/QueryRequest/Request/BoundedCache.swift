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
struct BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Table: Sendable {
        var entries: [Key: Value] = [:]
        /// The entry found or stored last: an app sends most requests to one host, and a key that is the very
        /// same string as the last one compares equal without hashing (its storage is the same).
        var last: (key: Key, value: Value)?
    }
    private let table = Locked(Table())
    private let capacity: Int

    /// A cache of at most `capacity` entries.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The stored value for `key`, or `nil`.
    func value(for key: Key) -> Value? {
        table.withValue { table in
            if let last = table.last, last.key == key { return last.value }
            guard let value = table.entries[key] else { return nil }
            table.last = (key, value)
            return value
        }
    }

    /// Stores `value` for `key`, first emptying the table when it is full.
    func store(_ value: Value, for key: Key) {
        table.withValue { table in
            if table.entries.count >= capacity && table.entries[key] == nil {
                table.entries.removeAll(keepingCapacity: true)
            }
            table.entries[key] = value
            table.last = (key, value)
        }
    }
}
