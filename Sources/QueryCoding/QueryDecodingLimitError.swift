import Foundation

/// Input that goes beyond one of the ``QueryDecoder/Limits``.
public struct QueryDecodingLimitError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// Which limit.
    public enum Limit: Sendable, Hashable {
        /// ``QueryDecoder/Limits/maximumInputLength``
        case inputLength
        /// ``QueryDecoder/Limits/maximumParameterCount``
        case parameterCount
        /// ``QueryDecoder/Limits/maximumDepth``
        case depth
        /// ``QueryDecoder/Limits/maximumArrayLength``
        case arrayLength
    }

    /// Which limit was exceeded.
    public let limit: Limit
    /// The value of the limit.
    public let maximum: Int
    /// The parameter that went beyond it, for the limits that concern one parameter.
    public let parameter: String?

    /// Creates a limit error.
    public init(limit: Limit, maximum: Int, parameter: String? = nil) {
        self.limit = limit
        self.maximum = maximum
        self.parameter = parameter
    }

    /// The ``description``.
    public var errorDescription: String? { description }

    /// What was exceeded, and where.
    public var description: String {
        switch limit {
        case .inputLength: "The query is longer than \(maximum) bytes."
        case .parameterCount: "The query has more than \(maximum) parameters."
        case .depth: "The parameter \"\(shortParameter)\" nests deeper than \(maximum) levels."
        case .arrayLength: "The array \"\(shortParameter)\" has more than \(maximum) elements."
        }
    }

    /// The parameter's name, cut short for a message: a hostile name can be a megabyte long.
    private var shortParameter: String {
        let name = parameter ?? ""
        return name.count > 100 ? name.prefix(100) + "…" : name
    }
}
