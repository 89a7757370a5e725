import QueryCoding
import Vapor

/// QueryRequest's ``QueryDecoder`` as Vapor's URL query decoder (`req.query.decode`) and as the decoder
/// of `application/x-www-form-urlencoded` bodies (`req.content.decode`), with its limits.
///
/// ```swift
/// var decoder = QueryDecoder()
/// decoder.limits.maximumParameterCount = 100
/// ContentConfiguration.global.use(urlDecoder: VaporQueryDecoder(decoder))
/// ContentConfiguration.global.use(decoder: VaporQueryDecoder(decoder), for: .urlEncodedForm)
/// ```
///
/// Input that goes beyond ``QueryDecoder/limits`` or does not decode throws ``QueryInputError``, which
/// Vapor answers with `400 Bad Request` and a reason naming the parameter. A body whose `Content-Type` is
/// not `application/x-www-form-urlencoded`, or whose charset is not UTF-8, is refused with
/// `415 Unsupported Media Type`; a body that is not valid UTF-8 is a `400`.
public struct VaporQueryDecoder: URLQueryDecoder, ContentDecoder {
    /// The decoder that reads queries and bodies; its strategies and limits apply.
    public var decoder: QueryDecoder

    /// Creates a Vapor decoder that reads with `decoder`.
    public init(_ decoder: QueryDecoder = QueryDecoder()) {
        self.decoder = decoder
    }

    /// Decodes the query of `url`; a URL without a query decodes as an empty query.
    ///
    /// - Throws: ``QueryInputError``, or `Abort(.badRequest)` when `url` could not be parsed at all.
    public func decode<D: Decodable>(_ decodable: D.Type, from url: URI) throws -> D {
        try decode(D.self, from: url, userInfo: [:])
    }

    /// Decodes the query of `url`, with `userInfo` added to the decoder's own.
    ///
    /// - Throws: ``QueryInputError``, or `Abort(.badRequest)` when `url` could not be parsed at all.
    public func decode<D: Decodable>(
        _ decodable: D.Type, from url: URI, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        // A URI that Foundation could not parse has no components and an empty string; its query would
        // read as absent, and every optional parameter as missing. Refuse it instead.
        guard !url.string.isEmpty else {
            throw Abort(.badRequest, reason: "Invalid query: the request target is not a valid URI.")
        }
        return try decode(D.self, text: url.query ?? "", source: .query, userInfo: userInfo)
    }

    /// Decodes an `application/x-www-form-urlencoded` body.
    ///
    /// - Throws: ``QueryInputError``; `Abort(.unsupportedMediaType)` for another media type or charset;
    ///   `Abort(.badRequest)` for a body that is not UTF-8.
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    /// Decodes an `application/x-www-form-urlencoded` body, with `userInfo` added to the decoder's own.
    ///
    /// - Throws: ``QueryInputError``; `Abort(.unsupportedMediaType)` for another media type or charset;
    ///   `Abort(.badRequest)` for a body that is not UTF-8.
    public func decode<D: Decodable>(
        _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
        userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        guard let contentType = headers.contentType, contentType == .urlEncodedForm else {
            throw Abort(.unsupportedMediaType, reason: "Expected an application/x-www-form-urlencoded body.")
        }
        if let charset = contentType.parameters["charset"], !["utf-8", "us-ascii"].contains(charset.lowercased()) {
            throw Abort(.unsupportedMediaType, reason: "Form bodies are read as UTF-8, not \(charset).")
        }
        // Percent-encoded text is ASCII; raw bytes that are not UTF-8 would otherwise turn into U+FFFD.
        guard let text = String(bytes: body.readableBytesView, encoding: .utf8) else {
            throw Abort(.badRequest, reason: "Invalid form body: it is not UTF-8 text.")
        }
        return try decode(D.self, text: text, source: .formBody, userInfo: userInfo)
    }

    private func decode<D: Decodable>(
        _ type: D.Type, text: String, source: QueryInputError.Source, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
        var decoder = decoder
        if !userInfo.isEmpty {
            decoder.userInfo.merge(userInfo) { _, new in new }
        }
        do {
            return try decoder.decode(D.self, from: text)
        } catch let error as QueryDecodingLimitError {
            throw QueryInputError(source: source, underlying: error)
        } catch let error as DecodingError {
            throw QueryInputError(source: source, underlying: error)
        }
    }
}
