import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Decodes the body of a 2xx response: `String`, `Data` and ``EmptyResponse`` by the client itself
    /// (``EmptyResponse`` accepts any body), every other type by `decoder`.
    static func decode<Response>(
        _ type: Response.Type, from body: Data, of response: HTTPURLResponse, isHead: Bool,
        with decoder: any ResponseDecoder
    ) throws(APIError) -> Response {
        if type == EmptyResponse.self, let empty = EmptyResponse() as? Response { return empty }
        if decoder is JSONDecoder, body.isEmpty, !Self.readsBodyItself(type) {
            // No JSON value is empty: say what to declare rather than repeat the parser's complaint.
            let reason = isHead ? "a HEAD request" : "status \(response.statusCode)"
            let context = DecodingError.Context(
                codingPath: [],
                debugDescription: "the response body is empty (\(reason)), but \(Response.self) was expected; "
                    + "declare `typealias Response = EmptyResponse` for a request whose response has no body")
            throw .decoding(APIError.DecodingFailure(error: .dataCorrupted(context), response: response, body: body))
        }
        do {
            return try Self.read(type, from: body, of: response, with: decoder)
        } catch let error as DecodingError {
            throw .decoding(APIError.DecodingFailure(error: error, response: response, body: body))
        } catch {
            // A custom decoder or `init(from:)` may throw anything; keep it as the underlying error.
            let context = DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error)
            throw .decoding(APIError.DecodingFailure(error: .dataCorrupted(context), response: response, body: body))
        }
    }

    /// The API's own error decoded from a non-2xx body, by the same rules as a response: as the
    /// request's ``Request/ErrorBody``, or else the client's `errorBody`. `nil` when neither is declared
    /// or the body is not of that type.
    func decodeErrorBody<Declared: Sendable>(
        declared: Declared.Type, from body: Data, of response: HTTPURLResponse, with decoder: any ResponseDecoder
    ) -> (any Sendable)? {
        let type: (any Sendable.Type)? = declared == NoErrorBody.self ? errorBody : declared
        guard let type, !body.isEmpty else { return nil }
        func decode<E: Sendable>(_ type: E.Type) throws -> any Sendable {
            try Self.read(type, from: body, of: response, with: decoder)
        }
        do {
            return try decode(type)
        } catch {
            // Not the API's error format (say, a proxy's HTML page): the status error still carries
            // the body, so nothing is lost by leaving `apiError` empty.
            return nil
        }
    }

    /// `String` and `Data` read by the client, anything else by `decoder`.
    private static func read<Value>(
        _ type: Value.Type, from body: Data, of response: HTTPURLResponse, with decoder: any ResponseDecoder
    ) throws -> Value {
        if type == Data.self { return body as! Value }
        if type == String.self { return try ResponseText.decode(body, response: response) as! Value }
        return try decoder.decode(type, from: body, response: response)
    }

    private static func readsBodyItself(_ type: Any.Type) -> Bool {
        type == Data.self || type == String.self
    }
}
