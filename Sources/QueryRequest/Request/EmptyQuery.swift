import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The query of a request that has none: it writes no parameters and no `?`.
public struct EmptyQuery: Encodable, Sendable, Hashable {
    /// Creates the empty query.
    public init() {}
    /// Writes nothing.
    public func encode(to encoder: any Encoder) throws {}
}
