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
