import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which responses a request accepts: status codes, optionally media types, and optionally a rule of the app's own.
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
///
/// A rule of the app's own (``validate``) sees every response that passed both checks, and rejects it by
/// throwing: for an API that answers 200 with an error inside (`{"ok": false, "error": "…"}`), a required header,
/// a signature to verify. The client throws ``APIError/rejectedResponse(_:)`` with what the rule threw, the
/// response and its body; it is not retried.
///
/// ```swift
/// struct SlackError: Error { let code: String }
/// let slack = ResponseValidation { response in
///     struct Envelope: Decodable { let ok: Bool; let error: String? }
///     guard let body = response.value, let envelope = try? JSONDecoder().decode(Envelope.self, from: body) else { return }
///     if !envelope.ok { throw SlackError(code: envelope.error ?? "unknown") }
/// }
/// let client = APIClient(validation: slack)
/// ```
///
/// The rule gets the response as a ``Response`` whose value is the body held whole, or `nil` in a call that
/// streams the body (``APIClient/stream(_:)``, downloads, server-sent events), where it sees the head before any
/// byte of the body is handed over. Two validations with rules are equal only when the rule was set by the same
/// assignment (closures compare by identity, as ``RedirectPolicy/custom(limit:_:)`` does).
public struct ResponseValidation: Sendable, Hashable {
    /// The acceptable status codes.
    public var acceptableStatusCodes: Set<Int>
    /// The acceptable media types; `nil` accepts any (the default).
    public var acceptableContentTypes: [String]?
    /// A rule of the app's own, run on a response that passed the status and media type checks: throwing
    /// rejects it (``APIError/rejectedResponse(_:)``). `nil` (the default) for none.
    public var validate: (@Sendable (Response<Data?>) throws -> Void)? {
        get { rule?.check }
        set { rule = newValue.map(Rule.init) }
    }
    /// ``validate``, compared by identity.
    private var rule: Rule?

    /// A rule of the app's, compared by identity: the same assignment, the same rule.
    private struct Rule: Sendable, Hashable {
        final class Identity: Sendable {}
        let identity = Identity()
        let check: @Sendable (Response<Data?>) throws -> Void

        static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.identity === rhs.identity }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(identity)) }
    }

    /// Creates a validation; by default, any 2xx status, any media type and no rule of the app's own.
    ///
    /// - Parameters:
    ///   - statusCodes: The acceptable status codes.
    ///   - contentTypes: The acceptable media types or patterns; `nil` accepts any.
    ///   - validate: A rule run on every response that passes both checks; throwing rejects it.
    public init(
        statusCodes: some Sequence<Int> = 200..<300, contentTypes: [String]? = nil,
        validate: (@Sendable (Response<Data?>) throws -> Void)? = nil
    ) {
        self.acceptableStatusCodes = Set(statusCodes)
        self.acceptableContentTypes = contentTypes
        self.rule = validate.map(Rule.init)
    }

    /// Any 2xx status, any media type.
    public static let `default` = ResponseValidation()

    /// Runs ``validate`` on `response`, whose body is `body` (`nil` while it streams), and throws
    /// ``APIError/rejectedResponse(_:)`` with what it threw.
    func applyRule(to response: HTTPURLResponse, body: Data?, requested url: URL?) throws(APIError) {
        guard let rule else { return }
        do {
            try rule.check(Response(value: body, httpResponse: response, requested: url))
        } catch {
            throw .rejectedResponse(APIError.RejectedResponse(error: error, response: response, body: body))
        }
    }

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
