import Foundation

/// Which origins a `Link: rel="next"` sequence may follow besides the first page's.
public enum CrossOriginLinks: Sendable, Hashable {
    /// Only the first page's origin (scheme, host and port): the default.
    case refuse
    /// The first page's origin and the origins of these URLs.
    case allow([URL])
    /// Any `http` or `https` origin.
    case allowAny
}
