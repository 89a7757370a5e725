import Hummingbird
import HummingbirdCore
import QueryCoding

extension URI {
    /// Decodes the query with QueryRequest's ``QueryDecoder`` and its limits; a URI without a query
    /// decodes as an empty query.
    ///
    /// ```swift
    /// router.get("search") { request, context in
    ///     let search = try request.uri.decodeQuery(as: Search.self, using: QueryDecoder())
    ///     …
    /// }
    /// ```
    ///
    /// - Throws: ``QueryInputError`` (`400 Bad Request` naming the parameter) for input beyond the
    ///   decoder's limits or that does not decode.
    public func decodeQuery<T: Decodable>(as type: T.Type = T.self, using decoder: QueryDecoder) throws -> T {
        try decoder.decode(T.self, from: query ?? "", source: .query)
    }
}
