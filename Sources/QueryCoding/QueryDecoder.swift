import Foundation

/// Placeholder until the decoder lands.
public struct QueryDecoder: Sendable {
    public init() {}
}
