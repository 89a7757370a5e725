import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which responses a request accepts: status codes, and optionally media types.
///
/// ```swift
/// // A client for an API that answers 304 to conditional requests and only ever JSON:
/// let client = APIClient(validation: ResponseValidation(statusCodes: Array(200..<300) + [304],
///                                                       contentTypes: ["application/json", "application/*+json"]))
/// // One request that returns a CSV export:
/// let setting = APISetting(validation: ResponseValidation(contentTypes: ["text/csv"]))
/// ```
///
/// A response whose status is not acceptable throws ``APIError/unacceptableStatus(_:)``
/// (with the API's error body decoded, as always); one with an acceptable status and a media type that
/// is not acceptable throws ``APIError/unacceptableContentType(_:)``. Both keep the
/// response and its body.
///
/// Media types are compared without their parameters and without case. A pattern is a media type
/// (`application/json`), a type wildcard (`image/*`), a structured-syntax suffix wildcard
/// (`application/*+json`, which also accepts `application/json`) or `*/*`. A response with an empty
/// body passes the media type check whatever its `Content-Type` (a 204 has none).
public struct ResponseValidation: Sendable, Hashable {
    /// The acceptable status codes.
    public var acceptableStatusCodes: Set<Int>
    /// The acceptable media types; `nil` accepts any (the default).
    public var acceptableContentTypes: [String]?

    /// Creates a validation; by default, any 2xx status and any media type.
    ///
    /// - Parameters:
    ///   - statusCodes: The acceptable status codes.
    ///   - contentTypes: The acceptable media types or patterns; `nil` accepts any.
    public init(statusCodes: some Sequence<Int> = 200..<300, contentTypes: [String]? = nil) {
        self.acceptableStatusCodes = Set(statusCodes)
        self.acceptableContentTypes = contentTypes
    }

    /// Any 2xx status, any media type.
    public static let `default` = ResponseValidation()

    /// Whether `statusCode` is acceptable.
    public func accepts(statusCode: Int) -> Bool {
        acceptableStatusCodes.contains(statusCode)
    }

    /// Whether a response whose `Content-Type` is `contentType` (`nil`: none) and whose body is
    /// `bodyIsEmpty` passes the media type check.
    public func accepts(contentType: String?, bodyIsEmpty: Bool) -> Bool {
        guard let patterns = acceptableContentTypes, !bodyIsEmpty else { return true }
        guard let mediaType = contentType.map(Self.mediaType(of:)), !mediaType.isEmpty else { return false }
        return patterns.contains { Self.matches(mediaType, pattern: Self.mediaType(of: $0)) }
    }

    /// `type/subtype` in lower case, without parameters or spaces.
    static func mediaType(of contentType: String) -> String {
        let end = contentType.firstIndex(of: ";") ?? contentType.endIndex
        return contentType[..<end].trimmingCharacters(in: .whitespaces).lowercased()
    }

    private static func matches(_ mediaType: String, pattern: String) -> Bool {
        if pattern == "*/*" || pattern == mediaType { return true }
        guard let slash = mediaType.firstIndex(of: "/"), let patternSlash = pattern.firstIndex(of: "/") else {
            return false
        }
        let type = mediaType[..<slash]
        let subtype = mediaType[mediaType.index(after: slash)...]
        guard pattern[..<patternSlash] == type else { return false }
        let patternSubtype = pattern[pattern.index(after: patternSlash)...]
        if patternSubtype == "*" { return true }
        if patternSubtype.hasPrefix("*+") {
            // `application/*+json` accepts `application/problem+json` and `application/json` itself.
            let suffix = patternSubtype.dropFirst(2)
            return subtype == suffix || subtype.hasSuffix("+" + suffix)
        }
        return false
    }
}
