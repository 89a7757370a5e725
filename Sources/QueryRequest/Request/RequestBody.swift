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
/// A request may also declare its body as a plain value (`var body: NewUser`), which is sent as JSON;
/// see ``Request/body`` for every accepted type.
///
/// The value is encoded when ``Request/makeURLRequest()`` runs, and an encoding error is thrown from there
/// unchanged. The ``contentType`` is sent as `Content-Type` unless the request sets that header itself.
public struct RequestBody: Sendable {
    /// The media type sent as `Content-Type`, such as `application/json`.
    public let contentType: String
    /// Produces the bytes; deferred so that encoding errors surface from `makeURLRequest()`.
    private let makeData: @Sendable () throws -> Data
    /// The form of a ``multipart(_:)`` body, whose file parts are streamed rather than made into `Data`.
    private(set) var multipartForm: MultipartForm?
    /// The file of a ``file(_:contentType:)`` body, streamed rather than made into `Data`.
    private(set) var fileURL: URL?
    /// The chunks of a ``stream(contentType:length:_:)`` body, produced as it is sent.
    private(set) var chunks: BodyChunks?

    private init(contentType: String, makeData: @escaping @Sendable () throws -> Data) {
        self.contentType = contentType
        self.makeData = makeData
    }

    /// A body made of `chunks` as it is sent, never as `Data`.
    init(contentType: String, chunks: BodyChunks) {
        self.init(contentType: contentType) {
            throw RequestBuildingError.unsupportedDeclaration(
                .init(
                    member: "body", type: "RequestBody.stream",
                    expected:
                        "a body in memory where the whole body is needed at once (a streamed body is sent as it is made)"
                ))
        }
        self.chunks = chunks
    }

    /// A JSON body (`application/json`) encoded from `value`.
    ///
    /// Without an encoder of your own, keys are sorted (`.sortedKeys`): the same value gives the same bytes
    /// every time, in every process, which a `Dictionary` does not otherwise (on Linux `JSONEncoder` writes its
    /// keys in another order on every encode). Add `.sortedKeys` to an encoder you pass for the same.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder, for key, date or output strategies, such as snake_case keys; `nil` (the
    ///     default) for a `JSONEncoder` with sorted keys.
    public static func json<Value: Encodable & Sendable>(
        _ value: Value, encoder: JSONEncoder? = nil
    ) -> RequestBody {
        RequestBody(contentType: "application/json") { try (encoder ?? defaultJSONEncoder()).encode(value) }
    }

    /// The encoder of a JSON body when none is named: a `JSONEncoder` with sorted keys, so that a body is the
    /// same bytes whenever it is encoded.
    static func defaultJSONEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
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

    /// Plain text in UTF-8 (`text/plain; charset=utf-8`).
    ///
    /// - Parameter text: The text to send.
    public static func text(_ text: String) -> RequestBody {
        RequestBody(contentType: "text/plain; charset=utf-8") { Data(text.utf8) }
    }

    /// The contents of a file, streamed from disk as the request is sent and never loaded whole: an upload
    /// of any size in bounded memory.
    ///
    /// The file is checked when the request is built: one that is missing, not a regular file or not
    /// readable throws ``RequestBuildingError/unreadableBodyFile(path:reason:)``. Each attempt (a retry
    /// too) reads it again from the start. Its length, measured then, is sent as `Content-Length` on every
    /// platform, never chunked; a file that no longer has that length when it is sent fails the attempt with
    /// ``RequestBodyStreamError/fileChanged(_:)`` rather than sending another body.
    ///
    /// - Parameters:
    ///   - url: A `file:` URL.
    ///   - contentType: The file's media type, such as `video/mp4`; `application/octet-stream` by default.
    public static func file(_ url: URL, contentType: String = "application/octet-stream") -> RequestBody {
        var body = RequestBody(contentType: contentType) {
            throw RequestBuildingError.unreadableBodyFile(path: url.path, reason: "a file body is streamed, not read")
        }
        body.fileURL = url
        return body
    }

    /// A `multipart/form-data` body (RFC 7578): text fields named like a query, and files from memory or
    /// streamed from disk. See ``MultipartForm``.
    ///
    /// - Parameter form: The parts; they are checked when the request is built.
    public static func multipart(_ form: MultipartForm) -> RequestBody {
        var body = RequestBody(contentType: form.contentType) { try form.encode().inMemoryData() }
        body.multipartForm = form
        return body
    }

    /// Encodes the body now.
    func encoded() throws -> Data {
        try makeData()
    }

    /// The body a request declares as `value` (see ``Request/body``), or `nil` for none.
    ///
    /// - Parameter encoder: Encodes a value that is only `Encodable`, as JSON.
    static func declared<Declared>(
        _ value: Declared, encoder: @autoclosure () throws -> JSONEncoder
    ) throws -> RequestBody? {
        if Declared.self == RequestBody?.self { return Declarations.identical(value, as: RequestBody?.self) }
        guard let unwrapped = Declarations.unwrapped(value) else { return nil }
        // Data and String are Encodable too, but as JSON they would be a base64 or quoted string,
        // which is not what a declaration of raw bytes or text means.
        switch unwrapped {
        case let body as RequestBody: return body
        case let data as Data: return .data(data, contentType: "application/octet-stream")
        case let text as String: return .text(text)
        case let value as any Encodable & Sendable: return .json(value, encoder: try encoder())
        default:
            throw Declarations.unsupported(
                member: "body", type: Declared.self,
                expected: "an Encodable & Sendable type (sent as JSON), `RequestBody?`, `Data` or `String`")
        }
    }
}
