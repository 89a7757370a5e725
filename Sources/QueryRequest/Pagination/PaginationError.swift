import Foundation

/// Why a page sequence (``APIClient/pages(following:crossOrigin:)``,
/// ``APIClient/pages(startingWith:next:)``) stopped with an error other than the client's ``APIError``.
public enum PaginationError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// A `Link` header could not be parsed; `reason` says where.
    case invalidLinkHeader(value: String, reason: String)
    /// The `next` link points to another origin (scheme, host and port) than the first page's, which
    /// the sequence does not follow unless allowed (``CrossOriginLinks``).
    case crossOriginLink(url: String, origin: String)
    /// The `next` link is not an `http` or `https` URL.
    case invalidNextLink(target: String, reason: String)
    /// The next page is one already fetched (same method, URL and body): following it would loop.
    case repeatedPage(method: String, url: String)

    /// The ``description``.
    public var errorDescription: String? { description }

    /// The error in words, naming what was refused and where.
    public var description: String {
        switch self {
        case .invalidLinkHeader(let value, let reason):
            "the Link header \"\(value)\" is malformed: \(reason)"
        case .crossOriginLink(let url, let origin):
            "the next link \(url) leaves the origin \(origin); pass crossOrigin: .allow([…]) to follow it"
        case .invalidNextLink(let target, let reason):
            "the next link <\(target)> cannot be followed: \(reason)"
        case .repeatedPage(let method, let url):
            "the next page, \(method) \(url), was already fetched: the pages loop"
        }
    }
}
