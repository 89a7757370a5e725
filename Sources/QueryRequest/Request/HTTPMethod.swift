/// An HTTP request method.
///
/// The common methods are predefined; any other token can be used: `HTTPMethod(rawValue: "PROPFIND")`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The method as sent on the request line, such as `GET`.
    public let rawValue: String

    /// Creates a method from its name as sent on the request line.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a method from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// `GET`
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`
    public static let options = HTTPMethod(rawValue: "OPTIONS")

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2), which
    /// makes it safe to retry: GET, HEAD, PUT, DELETE, OPTIONS and TRACE.
    public var isIdempotent: Bool {
        switch rawValue {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }

    /// Whether a request with this method may carry a body: every method but GET and HEAD, whose bodies
    /// have no defined meaning (RFC 9110 §9.3.1) and which URLSession refuses to send with one.
    var allowsBody: Bool {
        switch rawValue.uppercased() {
        case "GET", "HEAD": false
        default: true
        }
    }
}
