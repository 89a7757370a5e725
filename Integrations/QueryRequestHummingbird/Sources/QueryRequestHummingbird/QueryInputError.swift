import Hummingbird
import QueryCoding

/// A query or form body that QueryRequest's decoder refused: `400 Bad Request`, with a message that
/// names the parameter.
///
/// The message goes to the client, so it says what was wrong and where, and nothing about the server:
/// "Invalid query: The parameter \"page\" has the value \"x\", which is not a valid Int." The error that
/// the ``QueryDecoder`` threw stays available as ``underlying`` for logging and for tests.
public struct QueryInputError: HTTPResponseError, CustomStringConvertible {
    /// Where the refused input came from: `.query` or `.formBody`.
    public typealias Source = QueryInputProblem.Source

    /// Where the refused input came from.
    public let source: Source
    /// The error the decoder threw: a ``QueryDecodingLimitError`` or a `DecodingError`.
    public let underlying: any Error
    /// The parameter at fault, when the error concerns one parameter.
    public let parameter: String?
    /// The message sent to the client.
    public let message: String

    /// Wraps an error of `QueryDecoder`; `error` is a ``QueryDecodingLimitError`` or a `DecodingError`.
    public init(source: Source, underlying error: any Error) {
        let problem = QueryInputProblem(describing: error)
        self.source = source
        self.underlying = error
        self.parameter = problem.parameter
        self.message = problem.reason(in: source)
    }

    /// `400 Bad Request`.
    public var status: HTTPResponse.Status { .badRequest }

    /// The message, for logs.
    public var description: String { message }

    /// The response: the status, and the message in the body as Hummingbird's own `HTTPError` writes it
    /// (`{"error":{"message":"…"}}` through the context's response encoder).
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        try HTTPError(status, message: message).response(from: request, context: context)
    }
}

extension QueryDecoder {
    /// Decodes `text`, turning the decoder's errors into ``QueryInputError``.
    func decode<T: Decodable>(_ type: T.Type, from text: String, source: QueryInputError.Source) throws -> T {
        do {
            return try decode(T.self, from: text)
        } catch let error as QueryDecodingLimitError {
            throw QueryInputError(source: source, underlying: error)
        } catch let error as DecodingError {
            throw QueryInputError(source: source, underlying: error)
        }
    }
}
