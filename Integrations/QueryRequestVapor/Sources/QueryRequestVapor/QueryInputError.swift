import QueryCoding
import Vapor

/// A query or form body that ``VaporQueryDecoder`` refused: `400 Bad Request`, with a reason that names
/// the parameter.
///
/// Vapor shows an `AbortError`'s reason to the client even in production, so the reason says what was
/// wrong and where, and nothing about the server: "Invalid query: The parameter \"page\" has the value
/// \"x\", which is not a valid Int." The error that the `QueryDecoder` threw stays available as
/// ``underlying`` for logging and for tests.
public struct QueryInputError: AbortError, DebuggableError {
    /// Where the refused input came from: `.query` or `.formBody`.
    public typealias Source = QueryInputProblem.Source

    /// Where the refused input came from.
    public let source: Source
    /// The error the decoder threw: a ``QueryDecodingLimitError`` or a `DecodingError`.
    public let underlying: any Error
    /// The parameter at fault, when the error concerns one parameter.
    public let parameter: String?
    /// The message sent to the client.
    public let reason: String

    /// Wraps an error of `QueryDecoder`; `error` is a ``QueryDecodingLimitError`` or a `DecodingError`.
    public init(source: Source, underlying error: any Error) {
        let problem = QueryInputProblem(describing: error)
        self.source = source
        self.underlying = error
        self.parameter = problem.parameter
        self.reason = problem.reason(in: source)
    }

    /// `400 Bad Request`.
    public var status: HTTPResponseStatus { .badRequest }

    /// A stable name for the kind of failure, for logs: `query.limit`, `formBody.decoding`, ….
    public var identifier: String {
        let kind = underlying is QueryDecodingLimitError ? "limit" : "decoding"
        return "\(source).\(kind)"
    }
}
