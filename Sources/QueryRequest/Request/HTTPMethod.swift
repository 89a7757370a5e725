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

    // MARK: Semantics

    /// The method with its ASCII letters uppercased: the token its semantics are looked up by.
    ///
    /// Foundation sends the standard methods in uppercase whatever their spelling (`"get"` goes out as
    /// `GET`), so a request declared with `"get"` is a GET on the wire and must be treated as one: refused
    /// a body, and retried like any GET. Only ASCII letters change, so that no other character can turn
    /// into a standard method's name (`"ſ".uppercased()` is `"S"`).
    var canonical: HTTPMethod {
        guard rawValue.utf8.contains(where: { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else {
            return self
        }
        let upper = rawValue.utf8.map { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
        }
        return HTTPMethod(rawValue: String(decoding: upper, as: UTF8.self))
    }

    /// What RFC 9110 §9.2 says of a method, decided here only, from its ``canonical`` token.
    private var semantics: (isSafe: Bool, isIdempotent: Bool, allowsBody: Bool) {
        switch canonical.rawValue {
        case "GET", "HEAD": (isSafe: true, isIdempotent: true, allowsBody: false)
        case "OPTIONS", "TRACE": (isSafe: true, isIdempotent: true, allowsBody: true)
        case "PUT", "DELETE": (isSafe: false, isIdempotent: true, allowsBody: true)
        default: (isSafe: false, isIdempotent: false, allowsBody: true)
        }
    }

    /// Whether the method only reads (RFC 9110 §9.2.1): GET, HEAD, OPTIONS and TRACE, in any letter case.
    public var isSafe: Bool { semantics.isSafe }

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2), which
    /// makes it safe to retry: GET, HEAD, PUT, DELETE, OPTIONS and TRACE, in any letter case (Foundation
    /// sends `"get"` as `GET`).
    public var isIdempotent: Bool { semantics.isIdempotent }

    /// Whether a request with this method may carry a body: every method but GET and HEAD (in any letter
    /// case), whose bodies have no defined meaning (RFC 9110 §9.3.1) and which URLSession refuses to send
    /// with one.
    var allowsBody: Bool { semantics.allowsBody }
}
