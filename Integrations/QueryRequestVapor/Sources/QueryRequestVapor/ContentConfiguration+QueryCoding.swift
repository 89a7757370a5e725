import QueryCoding
import Vapor

extension ContentConfiguration {
    /// Reads and writes URL queries and `application/x-www-form-urlencoded` bodies with QueryRequest's
    /// coders, in place of Vapor's `URLEncodedFormDecoder` and `URLEncodedFormEncoder`.
    ///
    /// ```swift
    /// ContentConfiguration.global.useQueryCoding()
    /// ```
    public mutating func useQueryCoding(
        decoder: QueryDecoder = QueryDecoder(), encoder: QueryEncoder = QueryEncoder()
    ) {
        use(urlDecoder: VaporQueryDecoder(decoder))
        use(urlEncoder: VaporQueryEncoder(encoder))
        use(decoder: VaporQueryDecoder(decoder), for: .urlEncodedForm)
        use(encoder: VaporQueryEncoder(encoder), for: .urlEncodedForm)
    }
}
