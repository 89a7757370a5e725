import Foundation

/// An ``HTTPCacheStore`` in memory, within a byte budget: when a new response would pass it, the least recently
/// used ones go first, and a response larger than the whole budget is not stored.
///
/// ```swift
/// let cache = HTTPCacheMiddleware(store: MemoryHTTPCacheStore(byteLimit: 20 * 1024 * 1024))
/// ```
///
/// Sizes are ``CachedHTTPResponse/byteCount`` (body, URL and headers). Safe to share between clients and tasks.
public final class MemoryHTTPCacheStore: HTTPCacheStore {
    /// The budget, in bytes.
    public let byteLimit: Int

    private struct Entry: Sendable {
        var response: CachedHTTPResponse
        var size: Int
        /// Larger is more recent: a counter, not a clock, so that two uses never tie.
        var lastUse: UInt64
    }
    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var byteCount = 0
        var uses: UInt64 = 0
    }
    private let state = Locked(State())

    /// A store that holds at most `byteLimit` bytes of responses (10 MiB by default).
    public init(byteLimit: Int = 10 * 1024 * 1024) {
        self.byteLimit = byteLimit
    }

    /// The bytes held now.
    public var byteCount: Int { state.current.byteCount }

    /// The response stored for `key`, which becomes the most recently used.
    public func response(forKey key: String) -> CachedHTTPResponse? {
        state.withValue { state in
            guard var entry = state.entries[key] else { return nil }
            state.uses += 1
            entry.lastUse = state.uses
            state.entries[key] = entry
            return entry.response
        }
    }

    /// Stores `response`, evicting the least recently used responses beyond the budget; a response larger than
    /// the budget is not stored (and the one stored for `key` is removed, being older).
    public func store(_ response: CachedHTTPResponse, forKey key: String) {
        let size = response.byteCount
        state.withValue { state in
            if let old = state.entries.removeValue(forKey: key) { state.byteCount -= old.size }
            guard size <= byteLimit else { return }
            // Evicting scans the entries: a cache holds hundreds, and a scan costs less than keeping a list in order
            // on every hit.
            while state.byteCount + size > byteLimit,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.byteCount -= oldest.value.size
            }
            state.uses += 1
            state.entries[key] = Entry(response: response, size: size, lastUse: state.uses)
            state.byteCount += size
        }
    }

    /// Removes the response stored for `key`.
    public func removeResponse(forKey key: String) {
        state.withValue { state in
            if let old = state.entries.removeValue(forKey: key) { state.byteCount -= old.size }
        }
    }

    /// Removes every response.
    public func removeAll() {
        state.withValue { $0 = State(uses: $0.uses) }
    }
}
