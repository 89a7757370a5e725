import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
