import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One page of a paginated resource: its ``Response`` and its position in the sequence.
public struct Page<Content: Sendable>: Sendable {
    /// The page's response: the body decoded as the request's `Response` (``Response/value``), its status and
    /// headers (a total count, rate limits), and the URL that answered (``Response/url``), against which
    /// relative links resolve.
    public let response: Response<Content>
    /// The page's position in the sequence: 1 for the first.
    public let number: Int

    /// The response body, decoded as the request's `Response`: the ``response``'s ``Response/value``.
    public var content: Content { response.value }
}
