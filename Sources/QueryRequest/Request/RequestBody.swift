import Foundation

/// The body of a request and its media type.
///
/// ```swift
/// struct CreateUserRequest: Request {
///     let method: HTTPMethod = .post
///     let host: Hosts = .production
///     let path = "/users"
///     let user: NewUser
///
///     var body: RequestBody? { .json(user) }
/// }
/// ```
///
/// The value is encoded when ``Request/makeURLRequest()`` runs, and an encoding error is thrown from there
/// unchanged. The ``contentType`` is sent as `Content-Type` unless the request sets that header itself.
public struct RequestBody: Sendable {
    /// The media type sent as `Content-Type`, such as `application/json`.
    public let contentType: String
    /// Produces the bytes; deferred so that encoding errors surface from `makeURLRequest()`.
    private let makeData: @Sendable () throws -> Data

    private init(contentType: String, makeData: @escaping @Sendable () throws -> Data) {
        self.contentType = contentType
        self.makeData = makeData
    }

    /// A JSON body (`application/json`) encoded from `value`.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder, for key, date or output strategies, such as snake_case keys.
    public static func json<Value: Encodable & Sendable>(
        _ value: Value, encoder: JSONEncoder = JSONEncoder()
    ) -> RequestBody {
        RequestBody(contentType: "application/json") { try encoder.encode(value) }
    }

    /// A form body (`application/x-www-form-urlencoded`) encoded from `value` by a `QueryEncoder`, with
    /// the same rules as a query: `name=value` pairs joined by `&`, everything but `A-Z a-z 0-9 - . _ ~`
    /// percent-encoded.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder, for array, key, date or space strategies.
    public static func form<Value: Encodable & Sendable>(
        _ value: Value, encoder: QueryEncoder = QueryEncoder()
    ) -> RequestBody {
        RequestBody(contentType: "application/x-www-form-urlencoded") {
            Data(try encoder.encodeToString(value).utf8)
        }
    }

    /// A body sent exactly as given.
    ///
    /// - Parameters:
    ///   - data: The bytes to send.
    ///   - contentType: Their media type, such as `image/png` or `text/plain; charset=utf-8`.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(contentType: contentType) { data }
    }

    /// Encodes the body now.
    func encoded() throws -> Data {
        try makeData()
    }
}

extension Request {
    /// No body.
    public var body: RequestBody? { nil }
}
