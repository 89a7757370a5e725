import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns a response body into a value: the "serializer" of hand-written API layers, for formats other
/// than JSON (XML, CSV, property lists, protocol buffers…).
///
/// The client reads three types itself, whatever the decoder: `String` (the body as text, in the
/// charset of `Content-Type`, UTF-8 by default), `Data` (the body as it is) and ``EmptyResponse``
/// (nothing). Every other ``Request/Response`` and ``Request/ErrorBody`` goes to a decoder: the
/// request's ``Request/responseDecoder`` when it has one, else the client's (a `JSONDecoder` by
/// default).
///
/// ```swift
/// struct PropertyListResponseDecoder: ResponseDecoder {
///     func decode<Value>(_ type: Value.Type, from body: Data, response: HTTPURLResponse) throws -> Value {
///         guard let decodable = type as? any Decodable.Type else {
///             throw ResponseDecodingError.unsupportedType(type, decoder: "PropertyListResponseDecoder")
///         }
///         return try PropertyListDecoder().decode(decodable, from: body) as! Value
///     }
/// }
/// ```
///
/// An error it throws reaches the caller as ``APIError/decoding(_:)`` with the body
/// kept: a `DecodingError` as it is, any other error as the underlying error of a
/// `DecodingError.dataCorrupted`.
public protocol ResponseDecoder: Sendable {
    /// Decodes a value of `type` from `body`, the body of `response`.
    ///
    /// - Throws: ``ResponseDecodingError/unsupportedType(_:decoder:)`` for a type this decoder does not
    ///   read, or the error of the format's parser.
    func decode<Value>(_ type: Value.Type, from body: Data, response: HTTPURLResponse) throws -> Value
}

extension JSONDecoder: ResponseDecoder {
    /// Decodes a `Decodable` `type` from the JSON `body`; any other type throws
    /// ``ResponseDecodingError/unsupportedType(_:decoder:)``.
    public func decode<Value>(_ type: Value.Type, from body: Data, response: HTTPURLResponse) throws -> Value {
        guard let decodable = type as? any Decodable.Type else {
            throw ResponseDecodingError.unsupportedType(type, decoder: "JSONDecoder")
        }
        // `decodable` is `type` itself, so the value is a `Value`.
        return try decode(decodable, from: body) as! Value
    }
}

/// A ``ResponseDecoder`` for one type, from a function: a request's own parser.
///
/// ```swift
/// struct ExportRequest: Request {
///     typealias Response = [[String]]
///     let host: Hosts = .production
///     let path = "/export.csv"
///     var responseDecoder: some ResponseDecoder {
///         CustomResponseDecoder { body, _ in try CSV.rows(in: body) }  // your parser
///     }
/// }
/// ```
public struct CustomResponseDecoder<Output: Sendable>: ResponseDecoder {
    private let parse: @Sendable (Data, HTTPURLResponse) throws -> Output

    /// A decoder that reads `Output` with `parse`, which receives the body and the response.
    public init(_ parse: @escaping @Sendable (_ body: Data, _ response: HTTPURLResponse) throws -> Output) {
        self.parse = parse
    }

    /// Decodes `Output` with the function; any other type throws
    /// ``ResponseDecodingError/unsupportedType(_:decoder:)``.
    public func decode<Value>(_ type: Value.Type, from body: Data, response: HTTPURLResponse) throws -> Value {
        guard type == Output.self else {
            throw ResponseDecodingError.unsupportedType(type, decoder: "CustomResponseDecoder<\(Output.self)>")
        }
        // `Value` is `Output`, checked above.
        return try parse(body, response) as! Value
    }
}

/// Why a body could not be read, beyond the format's own parse errors.
public enum ResponseDecodingError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The decoder does not read values of this type: `type` is the type's name, `decoder` the decoder's.
    case unsupportedType(type: String, decoder: String)
    /// The body is not text in its charset: `charset` as the response named it (`utf-8` by default).
    case invalidText(charset: String)
    /// The response's `Content-Type` names a charset the client does not read.
    case unsupportedCharset(String)

    /// The error for `type` and `decoder`.
    public static func unsupportedType(_ type: Any.Type, decoder: String) -> ResponseDecodingError {
        .unsupportedType(type: String(reflecting: type), decoder: decoder)
    }

    /// The ``description``.
    public var errorDescription: String? { description }

    /// A sentence that says what went wrong and what to do.
    public var description: String {
        switch self {
        case .unsupportedType(let type, let decoder):
            "\(decoder) cannot decode \(type); give the request (or the client) a ResponseDecoder that reads it"
        case .invalidText(let charset):
            "the response body is not valid \(charset) text"
        case .unsupportedCharset(let charset):
            "the response's charset \"\(charset)\" is not supported; declare `Response = Data` and convert it"
        }
    }
}
