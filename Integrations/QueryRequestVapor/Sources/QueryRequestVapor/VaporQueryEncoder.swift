import QueryCoding
import Vapor

/// QueryRequest's ``QueryEncoder`` as Vapor's URL query encoder (`req.query.encode`, client requests'
/// `query.encode`) and as the encoder of `application/x-www-form-urlencoded` bodies.
///
/// ```swift
/// ContentConfiguration.global.use(urlEncoder: VaporQueryEncoder())
/// ContentConfiguration.global.use(encoder: VaporQueryEncoder(), for: .urlEncodedForm)
/// ```
///
/// The query it writes replaces the URL's query, as Vapor's own encoder does.
public struct VaporQueryEncoder: URLQueryEncoder, ContentEncoder {
    /// The encoder that writes queries and bodies; its strategies apply.
    public var encoder: QueryEncoder

    /// Creates a Vapor encoder that writes with `encoder`.
    public init(_ encoder: QueryEncoder = QueryEncoder()) {
        self.encoder = encoder
    }

    /// Replaces the query of `url` with `encodable`, encoded.
    public func encode<E: Encodable>(_ encodable: E, to url: inout URI) throws {
        try encode(encodable, to: &url, userInfo: [:])
    }

    /// Replaces the query of `url` with `encodable`, encoded with `userInfo` added to the encoder's own.
    public func encode<E: Encodable>(
        _ encodable: E, to url: inout URI, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
        let query = try encoder(adding: userInfo, for: encodable).encodeToString(encodable)
        url.query = query.isEmpty ? nil : query
    }

    /// Writes `encodable` as an `application/x-www-form-urlencoded` body and sets the `Content-Type`.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        try encode(encodable, to: &body, headers: &headers, userInfo: [:])
    }

    /// Writes `encodable` as an `application/x-www-form-urlencoded` body, encoded with `userInfo` added
    /// to the encoder's own, and sets the `Content-Type`.
    public func encode<E: Encodable>(
        _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
        let text = try encoder(adding: userInfo, for: encodable).encodeToString(encodable)
        headers.contentType = .urlEncodedForm
        body.writeString(text)
    }

    /// The encoder, with `userInfo` as its user info. `QueryEncoder.userInfo` can only be set by its
    /// initialiser, and it hands its values back as `Any`, so they cannot be merged into a new encoder:
    /// user info given in both places is refused rather than half dropped.
    private func encoder<E: Encodable>(
        adding userInfo: [CodingUserInfoKey: any Sendable], for value: E
    ) throws -> QueryEncoder {
        guard !userInfo.isEmpty else { return encoder }
        guard encoder.userInfo.isEmpty else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "User info was given both to the QueryEncoder and to this call; give it in one place."))
        }
        var copy = QueryEncoder(userInfo: userInfo)
        copy.arrayEncodingStrategy = encoder.arrayEncodingStrategy
        copy.nestedKeyEncodingStrategy = encoder.nestedKeyEncodingStrategy
        copy.dateEncodingStrategy = encoder.dateEncodingStrategy
        copy.boolEncodingStrategy = encoder.boolEncodingStrategy
        copy.nilEncodingStrategy = encoder.nilEncodingStrategy
        copy.keyEncodingStrategy = encoder.keyEncodingStrategy
        copy.dataEncodingStrategy = encoder.dataEncodingStrategy
        copy.spaceEncodingStrategy = encoder.spaceEncodingStrategy
        copy.outputFormatting = encoder.outputFormatting
        return copy
    }
}
