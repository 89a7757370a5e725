import Hummingbird
import QueryCoding

/// Encodes responses as `application/x-www-form-urlencoded` bodies with QueryRequest's ``QueryEncoder``:
/// a request context's `responseEncoder`.
public struct FormResponseEncoder: ResponseEncoder, Sendable {
    /// The encoder that writes bodies; its strategies apply.
    public var encoder: QueryEncoder

    /// Creates a response encoder that writes with `encoder`.
    public init(_ encoder: QueryEncoder = QueryEncoder()) {
        self.encoder = encoder
    }

    /// A `200 OK` response whose body is `value`, encoded, with its `Content-Type` and `Content-Length`.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response
    {
        let buffer = ByteBuffer(string: try encoder.encodeToString(value))
        var headers = HTTPFields()
        headers[.contentType] = MediaType.applicationUrlEncoded.description
        headers[.contentLength] = String(buffer.readableBytes)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: buffer))
    }
}
