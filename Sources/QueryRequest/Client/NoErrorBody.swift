/// The ``Request/ErrorBody`` of a request that declares none: the client's `errorBody` type applies.
public enum NoErrorBody: Decodable, Sendable {
    /// Always throws: there is no value to decode (the client never tries).
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "NoErrorBody has no values"))
    }
}
