import Hummingbird
import QueryCoding

/// Decodes `application/x-www-form-urlencoded` request bodies with QueryRequest's ``QueryDecoder`` and
/// its limits: a request context's `requestDecoder`, so that `request.decode(as:context:)` reads forms.
///
/// ```swift
/// struct FormContext: RequestContext {
///     var coreContext: CoreRequestContextStorage
///     init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
///     var requestDecoder: FormRequestDecoder { FormRequestDecoder() }
/// }
/// ```
///
/// The body is collected up to the context's `maxUploadSize` (beyond it Hummingbird answers
/// `413 Content Too Large`). A body that goes beyond the decoder's limits or does not decode throws
/// ``QueryInputError`` (`400`); another `Content-Type`, or a charset other than UTF-8, is refused with
/// `415 Unsupported Media Type`; a body that is not valid UTF-8 is a `400`.
public struct FormRequestDecoder: RequestDecoder, Sendable {
    /// The decoder that reads bodies; its strategies and limits apply.
    public var decoder: QueryDecoder

    /// Creates a request decoder that reads with `decoder`.
    public init(_ decoder: QueryDecoder = QueryDecoder()) {
        self.decoder = decoder
    }

    /// Decodes the body of `request`.
    ///
    /// - Throws: ``QueryInputError``, or an `HTTPError` for another media type, a body that is not UTF-8
    ///   or one larger than the context's `maxUploadSize`.
    public func decode<T: Decodable>(
        _ type: T.Type, from request: Request, context: some RequestContext
    ) async throws -> T {
        guard let header = request.headers[.contentType], let mediaType = MediaType(from: header),
            mediaType.isType(.applicationUrlEncoded)
        else {
            throw HTTPError(.unsupportedMediaType, message: "Expected an application/x-www-form-urlencoded body.")
        }
        if let parameter = mediaType.parameter, parameter.name.lowercased() == "charset",
            !["utf-8", "us-ascii"].contains(parameter.value.lowercased())
        {
            throw HTTPError(.unsupportedMediaType, message: "Form bodies are read as UTF-8, not \(parameter.value).")
        }
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        // Percent-encoded text is ASCII; raw bytes that are not UTF-8 would otherwise turn into U+FFFD.
        guard let text = String(bytes: body.readableBytesView, encoding: .utf8) else {
            throw HTTPError(.badRequest, message: "Invalid form body: it is not UTF-8 text.")
        }
        return try decoder.decode(T.self, from: text, source: .formBody)
    }
}
