import Foundation

/// Which secrets to hide before a request or response leaves the process as text: a log line, a
/// `curl` command, a recorded HTTP Archive.
///
/// The value of every header whose name is listed (compared case-insensitively) and of every query
/// parameter whose name is listed (compared case-insensitively, after percent-decoding) is replaced by
/// ``placeholder``; so is the password of a URL's user info. Names stay, so a log still shows *that*
/// a request was authorized.
///
/// ```swift
/// let redaction = Redaction.default.redactingHeaders("X-Api-Key").redactingQueryParameters("api_key")
/// print(urlRequest.cURLCommand(redacting: redaction))
/// ```
///
/// ``default`` redacts `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`; ``none`` opts
/// out of redaction, including URL passwords. Bodies are never redacted: keep secrets out of bodies that
/// are logged or recorded.
public struct Redaction: Sendable, Hashable {
    /// What a redacted value is replaced by: `REDACTED`, which is valid in a header and in a URL.
    public static let placeholder = "REDACTED"

    /// The names of the headers whose values are redacted, lowercased.
    public private(set) var headerNames: Set<String>
    /// The names of the query parameters whose values are redacted, lowercased.
    public private(set) var queryParameterNames: Set<String>
    /// Whether the password of a URL's user info (`https://user:password@host/`) is redacted.
    public var redactsURLPasswords: Bool

    /// Redacts the values of the headers and query parameters named (case-insensitively), and URL
    /// passwords unless `urlPasswords` is `false`. `Redaction()` redacts nothing but URL passwords; start
    /// from ``default`` to add names to the usual ones.
    public init(
        headers: some Sequence<String> = [String](), queryParameters: some Sequence<String> = [String](),
        urlPasswords: Bool = true
    ) {
        headerNames = Set(headers.map { $0.lowercased() })
        queryParameterNames = Set(queryParameters.map { $0.lowercased() })
        redactsURLPasswords = urlPasswords
    }

    /// Redacts `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie` and URL passwords.
    public static let `default` = Redaction(headers: ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"])

    /// Redacts nothing: an explicit opt-out, for a local debugging session.
    public static let none = Redaction(urlPasswords: false)

    /// This redaction and also the headers `names`.
    public func redactingHeaders(_ names: String...) -> Redaction {
        var copy = self
        copy.headerNames.formUnion(names.map { $0.lowercased() })
        return copy
    }

    /// This redaction and also the query parameters `names`.
    public func redactingQueryParameters(_ names: String...) -> Redaction {
        var copy = self
        copy.queryParameterNames.formUnion(names.map { $0.lowercased() })
        return copy
    }

    /// This redaction and also every name in `credentials` (the headers and query parameters the client's
    /// authorization middleware placed); ``none`` stays as it is, an explicit opt-out.
    func including(_ credentials: CredentialNames?) -> Redaction {
        guard let credentials, self != .none else { return self }
        var copy = self
        copy.headerNames.formUnion(credentials.headers)
        copy.queryParameterNames.formUnion(credentials.queryParameters)
        return copy
    }

    /// This redaction and also what `other` hides (a middleware's or a session's own redaction, and the
    /// client's); ``none`` stays as it is, an explicit opt-out.
    func merging(_ other: Redaction?) -> Redaction {
        guard let other, self != .none else { return self }
        var copy = self
        copy.headerNames.formUnion(other.headerNames)
        copy.queryParameterNames.formUnion(other.queryParameterNames)
        copy.redactsURLPasswords = redactsURLPasswords || other.redactsURLPasswords
        return copy
    }

    /// Whether the value of the header `name` is redacted.
    public func redactsHeader(_ name: String) -> Bool {
        !headerNames.isEmpty && headerNames.contains(name.lowercased())
    }

    /// Whether the value of the query parameter `name` (as decoded) is redacted.
    public func redactsQueryParameter(_ name: String) -> Bool {
        !queryParameterNames.isEmpty && queryParameterNames.contains(name.lowercased())
    }

    /// `headers` with the value of every redacted header replaced by ``placeholder``, and the URLs of the
    /// headers that hold URLs (`Location`, `Content-Location`, `Link`, `Referer`) redacted like
    /// ``redactedURL(_:)``: a server that redirects or links to the request's own URL copies its query, API key
    /// included.
    public func redactedHeaders(_ headers: [String: String]) -> [String: String] {
        var redacted = headers
        for (name, value) in headers {
            if redactsHeader(name) {
                redacted[name] = Self.placeholder
            } else if let urls = redactedURLHeader(name, value) {
                redacted[name] = urls
            }
        }
        return redacted
    }

    /// The value of a header that holds URLs, its URLs redacted; `nil` for any other header, or when nothing
    /// in it is hidden.
    func redactedURLHeader(_ name: String, _ value: String) -> String? {
        guard !queryParameterNames.isEmpty || redactsURLPasswords else { return nil }
        let redacted: String
        switch name.lowercased() {
        case "location", "content-location", "referer":
            redacted = redactedURLText(value)
        case "link":
            // Each target is between `<` and `>`; what is around them holds no URL.
            var text = ""
            var rest = Substring(value)
            while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
                text += rest[...open]
                text += redactedURLText(String(rest[rest.index(after: open)..<close]))
                rest = rest[close...]
            }
            redacted = text + rest
        default:
            return nil
        }
        return redacted == value ? nil : redacted
    }

}
