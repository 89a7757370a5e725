import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response of a request whose body is not read.
public struct EmptyResponse: Decodable, Sendable, Hashable {
    /// Creates the empty response.
    public init() {}
    /// Reads nothing.
    public init(from decoder: any Decoder) throws {}
}
