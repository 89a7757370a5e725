import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Decodes the body of a 2xx response. ``EmptyResponse`` accepts any 2xx response, whatever its
    /// body; every other type needs a body.
    static func decode<Response: Decodable>(
        _ type: Response.Type, from body: Data, of response: HTTPURLResponse, isHead: Bool, with decoder: JSONDecoder
    ) throws(APIError) -> Response {
        if type == EmptyResponse.self, let empty = EmptyResponse() as? Response { return empty }
        guard !body.isEmpty else {
            let reason = isHead ? "a HEAD request" : "status \(response.statusCode)"
            let context = DecodingError.Context(
                codingPath: [],
                debugDescription: "the response body is empty (\(reason)), but \(Response.self) was expected; "
                    + "declare `typealias Response = EmptyResponse` for a request whose response has no body")
            throw .decoding(.dataCorrupted(context), response: response, body: body)
        }
        do {
            return try decoder.decode(Response.self, from: body)
        } catch let error as DecodingError {
            throw .decoding(error, response: response, body: body)
        } catch {
            // A custom `init(from:)` may throw anything; keep it as the underlying error.
            let context = DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error)
            throw .decoding(.dataCorrupted(context), response: response, body: body)
        }
    }

    /// The API's own error decoded from a non-2xx body: as the request's ``Request/ErrorBody``, or
    /// else the client's `errorBody`. `nil` when neither is declared or the body is not of that type.
    func decodeErrorBody<Declared: Decodable & Sendable>(
        declared: Declared.Type, from body: Data, with decoder: JSONDecoder
    ) -> (any Decodable & Sendable)? {
        let type: (any (Decodable & Sendable).Type)? = declared == NoErrorBody.self ? errorBody : declared
        guard let type, !body.isEmpty else { return nil }
        func decode<E: Decodable & Sendable>(_ type: E.Type) throws -> any Decodable & Sendable {
            try decoder.decode(type, from: body)
        }
        do {
            return try decode(type)
        } catch {
            // Not the API's error format (say, a proxy's HTML page): the status error still carries
            // the body, so nothing is lost by leaving `apiError` empty.
            return nil
        }
    }
}
