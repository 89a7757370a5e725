import Foundation

/// What was wrong with query text that a ``QueryDecoder`` refused, said for the client that sent it: a sentence
/// naming the parameter, and the parameter's dotted name. The server integrations (Vapor, Hummingbird) answer
/// `400 Bad Request` with it; a server of another framework can do the same.
///
/// ```swift
/// struct Page: Decodable { let page: Int }
/// do {
///     _ = try QueryDecoder().decode(Page.self, from: "page=x")
/// } catch {
///     let problem = QueryInputProblem(describing: error)
///     // problem.parameter == "page"; problem.message names it and the value
/// }
/// ```
///
/// The message says what was wrong and where, and nothing about the server: a ``QueryDecodingLimitError`` gives
/// its own description, a `DecodingError` its debug description (with the parameter added when the message, from
/// a type's own `init(from:)`, does not quote one), anything else its description.
public struct QueryInputProblem: Sendable, Hashable, CustomStringConvertible {
    /// A sentence saying what was wrong and where.
    public let message: String
    /// The parameter at fault, its path joined by dots (`filter.range`), when the error concerns one.
    public let parameter: String?

    /// The problem `error`, thrown by a ``QueryDecoder``, describes.
    public init(describing error: any Error) {
        switch error {
        case let error as QueryDecodingLimitError:
            (message, parameter) = (error.description, error.parameter)
        case let error as DecodingError:
            let context: DecodingError.Context
            var path: [any CodingKey]
            switch error {
            case .keyNotFound(let key, let found):
                context = found
                path = found.codingPath + [key]
            case .valueNotFound(_, let found), .typeMismatch(_, let found), .dataCorrupted(let found):
                context = found
                path = found.codingPath
            @unknown default:
                (message, parameter) = ("\(error)", nil)
                return
            }
            path.removeAll { $0.stringValue.isEmpty }
            let parameter = path.isEmpty ? nil : path.map(\.stringValue).joined(separator: ".")
            var message = context.debugDescription
            // QueryDecoder's own messages quote the parameter; a message from a type's own `init(from:)` may
            // not, so the coding path is added.
            if let parameter, !message.contains("\"") {
                message += " (parameter \"\(parameter)\")"
            }
            (self.message, self.parameter) = (message, parameter)
        default:
            (message, parameter) = ("\(error)", nil)
        }
    }

    /// Where refused text came from, for ``reason(in:)``.
    public enum Source: Sendable, Hashable {
        /// A request's URL query.
        case query
        /// An `application/x-www-form-urlencoded` request body.
        case formBody
    }

    /// The sentence for the client, naming where the text came from: `Invalid query: …` or
    /// `Invalid form body: …`, then the ``message``.
    public func reason(in source: Source) -> String {
        switch source {
        case .query: "Invalid query: \(message)"
        case .formBody: "Invalid form body: \(message)"
        }
    }

    /// The ``message``.
    public var description: String { message }
}
