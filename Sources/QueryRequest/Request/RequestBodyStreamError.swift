import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a streamed body (``RequestBody/stream(contentType:length:_:)`` or ``RequestBody/file(_:contentType:)``)
/// could not be sent whole.
///
/// The client reports it as ``APIError/invalidRequest(_:)``: like a request that cannot be built, the fault is
/// in the request's own body, and sending it again would fail again, so it is never retried. The server never
/// receives a complete request: the connection is dropped before the body's last byte (or, without a length,
/// before the chunked body's terminating chunk).
public enum RequestBodyStreamError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The sequence threw after yielding some bytes.
    case sequenceFailed(SequenceFailure)
    /// The sequence yielded another number of bytes than the `length` the body declares.
    case lengthMismatch(LengthMismatch)
    /// The file of a ``RequestBody/file(_:contentType:)`` body no longer has the length measured when the
    /// request was built (and sent as `Content-Length`), or could not be read.
    case fileChanged(FileChange)

    /// A body sequence that threw: ``RequestBodyStreamError/sequenceFailed(_:)``.
    public struct SequenceFailure: Sendable {
        /// The ``Request`` type whose body it is.
        public let request: String
        /// How many bytes the sequence yielded before it threw.
        public let bytesYielded: Int64
        /// What the sequence threw.
        public let underlying: any Error

        /// Creates the value, for a test that throws one.
        public init(request: String, bytesYielded: Int64, underlying: any Error) {
            self.request = request
            self.bytesYielded = bytesYielded
            self.underlying = underlying
        }
    }

    /// A body sequence that yielded another length than it declared: ``RequestBodyStreamError/lengthMismatch(_:)``.
    public struct LengthMismatch: Sendable, Hashable {
        /// The ``Request`` type whose body it is.
        public let request: String
        /// The length the body declares.
        public let declared: Int64
        /// The number of bytes the sequence yielded when it ended, or, when it yielded too many, the count at
        /// which it passed ``declared`` (the rest is not read).
        public let produced: Int64

        /// Creates the value, for a test that throws one.
        public init(request: String, declared: Int64, produced: Int64) {
            self.request = request
            self.declared = declared
            self.produced = produced
        }
    }

    /// A file body that could not be sent as measured: ``RequestBodyStreamError/fileChanged(_:)``.
    public struct FileChange: Sendable, Hashable {
        /// The ``Request`` type whose body it is.
        public let request: String
        /// The file's path.
        public let path: String
        /// The length measured when the request was built, sent as `Content-Length`.
        public let measuredLength: Int64
        /// What was found instead, such as "it ended after 1024 bytes".
        public let reason: String

        /// Creates the value, for a test that throws one.
        public init(request: String, path: String, measuredLength: Int64, reason: String) {
            self.request = request
            self.path = path
            self.measuredLength = measuredLength
            self.reason = reason
        }
    }

    /// A sentence that names the body and says what went wrong.
    public var description: String {
        switch self {
        case .sequenceFailed(let failure):
            "The streamed body of \(failure.request) failed after \(failure.bytesYielded) bytes; the request was not "
                + "completed: \(failure.underlying)"
        case .lengthMismatch(let mismatch) where mismatch.produced > mismatch.declared:
            "The streamed body of \(mismatch.request) declares a length of \(mismatch.declared) bytes but yielded more "
                + "(\(mismatch.produced) so far); the request was not completed."
        case .lengthMismatch(let mismatch):
            "The streamed body of \(mismatch.request) declares a length of \(mismatch.declared) bytes but yielded "
                + "only \(mismatch.produced); the request was not completed."
        case .fileChanged(let change):
            "The file body of \(change.request) (\(change.path)) measured \(change.measuredLength) bytes when the "
                + "request was built, but \(change.reason); the request was not completed."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

}
