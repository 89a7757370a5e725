import Foundation

/// Why ``Request/makeURLRequest()`` refused to build a request.
///
/// Each case names the part that is wrong (the host, the path, the header), so the message points at
/// the declaration to fix. Encoding errors of the query or body are not wrapped: they are thrown as the
/// encoder threw them, `EncodingError` with its coding path included.
public enum RequestBuildingError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The host is not a usable base URL: it does not parse, is not http or https, has no host name, or
    /// carries user info, a query, a fragment, an out-of-range port or a dot segment.
    ///
    /// `host` is the host value as written in code, such as `MyApp.Hosts.staging`.
    case invalidHost(host: String, reason: String)
    /// The request path cannot be sent as written: it contains `#`, or a `.` or `..` segment.
    case invalidPath(path: String, reason: String)
    /// The method is not an RFC 9110 token: letters, digits, `!#$%&'*+-.^_|~` and the backtick.
    case invalidMethod(String)
    /// A header name is not an RFC 9110 token.
    case invalidHeaderName(String)
    /// A header value contains a control character other than tab (RFC 9110 §5.5): CR, LF or NUL would end
    /// the header or be dropped silently, and the others have no place in a header.
    ///
    /// The value itself is left out of the error because it may be a secret.
    case invalidHeaderValue(name: String)
    /// One dictionary of headers spells the same name twice in different case, such as
    /// `Content-Type` and `content-type`, so which one is sent would be left to chance.
    case duplicateHeader(names: [String])
    /// A header that the transport writes itself was given: `Host`, `Content-Length`, `Transfer-Encoding`,
    /// `Connection`, `Keep-Alive`, `Proxy-Connection`, `TE` or `Upgrade` (names compared without case).
    ///
    /// The host comes from the URL, the framing from the body and the rest from the connection; set by
    /// hand, they would be replaced silently or sent in contradiction with the real request.
    case transportHeader(name: String)
    /// The method cannot carry a body (GET and HEAD), yet the request has a non-empty one.
    case bodyNotAllowed(method: HTTPMethod)
    /// ``APISetting/timeout`` is not a positive, finite number of seconds.
    case invalidTimeout(TimeInterval)
    /// A member of the request is declared with a type the builder cannot honour, such as a `body` that
    /// is not `Encodable`. Sending the request without it would silently drop what the code says.
    case unsupportedDeclaration(UnsupportedDeclaration)
    /// The file of a ``RequestBody/file(_:contentType:)`` body cannot be sent: its path and why (missing,
    /// not a regular file, not readable).
    case unreadableBodyFile(path: String, reason: String)
    /// The `length` of a ``RequestBody/stream(contentType:length:_:)`` body is negative.
    case invalidBodyLength(Int64)

    /// A member declared with a type the builder cannot honour: ``RequestBuildingError/unsupportedDeclaration(_:)``.
    public struct UnsupportedDeclaration: Sendable, Hashable {
        /// The member's name, such as `body`.
        public let member: String
        /// The member's declared type, fully qualified.
        public let type: String
        /// What to declare instead.
        public let expected: String

        /// Creates the value, for a test that throws one.
        public init(member: String, type: String, expected: String) {
            self.member = member
            self.type = type
            self.expected = expected
        }
    }

    /// A sentence that says what is wrong and where.
    public var description: String {
        switch self {
        case .invalidHost(let host, let reason):
            "Invalid host \(host): \(reason)."
        case .invalidPath(let path, let reason):
            "Invalid path \"\(path)\": \(reason)."
        case .invalidMethod(let method):
            "Invalid HTTP method \"\(method)\": a method must be a token of letters, digits and !#$%&'*+-.^_`|~."
        case .invalidHeaderName(let name):
            "Invalid header name \"\(name)\": a name must be a token of letters, digits and !#$%&'*+-.^_`|~."
        case .invalidHeaderValue(let name):
            "Invalid value for header \"\(name)\": it contains a control character (such as CR, LF or NUL); only tab is allowed."
        case .duplicateHeader(let names):
            "Header given twice in different case: \(names.map { "\"\($0)\"" }.joined(separator: ", "))."
        case .transportHeader(let name):
            "The header \"\(name)\" is written by the transport from the URL, the body and the connection; a request cannot set it."
        case .bodyNotAllowed(let method):
            "A \(method.rawValue) request cannot have a body; send the data in the query or use another method."
        case .invalidTimeout(let timeout):
            "Invalid timeout \(timeout): it must be a positive, finite number of seconds."
        case .unsupportedDeclaration(let declaration):
            "The request's `\(declaration.member)` is declared as \(declaration.type), which QueryRequest cannot send; "
                + "declare \(declaration.expected)."
        case .unreadableBodyFile(let path, let reason):
            "The body file \"\(path)\" cannot be sent: \(reason)."
        case .invalidBodyLength(let length):
            "Invalid length \(length) for a streamed body: it must be 0 or more bytes."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
