import Foundation

/// Where an ``HTTPCacheMiddleware`` keeps responses: one ``CachedHTTPResponse`` per key.
///
/// The library has two: ``MemoryHTTPCacheStore`` and ``DiskHTTPCacheStore``. A store of your own (a database, a
/// shared volume) conforms to this protocol. The middleware calls it from any task, so a store guards its own
/// state; and it cannot fail a request: a store that cannot read answers `nil`, one that cannot write drops the
/// response.
///
/// A key is the request's URL without its fragment (and without any query parameter an authorization middleware
/// placed), as text. A store keeps one response per key: a response for another `Vary` value replaces the one
/// stored.
public protocol HTTPCacheStore: Sendable {
    /// The response stored for `key`, or `nil`.
    func response(forKey key: String) -> CachedHTTPResponse?

    /// Stores `response` for `key`, replacing the one stored for it; a store may drop it (too large for its
    /// budget, a disk that cannot be written).
    func store(_ response: CachedHTTPResponse, forKey key: String)

    /// Removes the response stored for `key`, if any.
    func removeResponse(forKey key: String)

    /// Removes every stored response.
    func removeAll()
}
