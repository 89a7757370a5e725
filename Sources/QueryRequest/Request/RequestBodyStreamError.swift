import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a ``RequestBody/stream(contentType:length:_:)`` body could not be sent whole.
///
/// The client reports it as ``APIError/invalidRequest(_:)``: like a request that cannot be built, the fault is
/// in the request's own body, and sending it again would fail again, so it is never retried. The server never
/// receives a complete request: the connection is dropped before the body's last byte (or, without a length,
/// before the chunked body's terminating chunk).
public enum RequestBodyStreamError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The sequence threw `underlying` after yielding `bytesYielded` bytes; `request` is the ``Request`` type
    /// whose body it is.
    case sequenceFailed(request: String, bytesYielded: Int64, underlying: any Error)
    /// The sequence yielded another number of bytes than the `length` the body declares: `produced` is the
    /// number it yielded when it ended, or, when it yielded too many, the count at which it passed `declared`
    /// (the rest is not read).
    case lengthMismatch(request: String, declared: Int64, produced: Int64)

    /// A sentence that names the body and says what went wrong.
    public var description: String {
        switch self {
        case .sequenceFailed(let request, let bytesYielded, let underlying):
            "The streamed body of \(request) failed after \(bytesYielded) bytes; the request was not completed: "
                + "\(underlying)"
        case .lengthMismatch(let request, let declared, let produced) where produced > declared:
            "The streamed body of \(request) declares a length of \(declared) bytes but yielded more "
                + "(\(produced) so far); the request was not completed."
        case .lengthMismatch(let request, let declared, let produced):
            "The streamed body of \(request) declares a length of \(declared) bytes but yielded only \(produced); "
                + "the request was not completed."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

}
