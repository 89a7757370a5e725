import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
