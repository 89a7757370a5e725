import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Sends `request` and returns as soon as the response's head arrives and is accepted: a ``Response``
    /// whose value is the body, to read as it comes, in chunks (``Response/body``) or lines
    /// (``ResponseBody/lines``).
    ///
    /// ```swift
    /// let streamed = try await client.stream(CompletionRequest(prompt: "Hello"))
    /// for try await line in streamed.body.lines {
    ///     let delta = try JSONDecoder().decode(Delta.self, from: Data(line.utf8))
    ///     print(delta.text, terminator: "")
    /// }
    /// ```
    ///
    /// Everything else is as in ``send(_:progress:)``: middleware see every attempt, retries happen until the head
    /// of a final response arrives, and a response whose status or media type the request does not accept
    /// is read whole and thrown as ``APIError/unacceptableStatus(_:)`` or
    /// ``APIError/unacceptableContentType(_:)``. The body is not retried once it streams.
    /// ``Request/Response`` is not decoded: read the body yourself.
    ///
    /// While the body is read, the request's ``APISetting/timeout`` applies between chunks, the response
    /// size limit (``APISetting/maximumResponseSize``, else the client's) to the bytes read so far, and
    /// cancelling the reading task stops the transfer. Iteration throws only ``APIError`` (and
    /// ``ResponseBody/IterationError`` for a second iteration). `URLSession` streams on every
    /// platform; another ``NetworkSession`` streams if it implements
    /// ``NetworkSession/stream(for:upTo:)``, and otherwise hands the whole body over as one chunk.
    ///
    /// - Throws: ``APIError``, and nothing else.
    public func stream<R: Request>(_ request: R) async throws -> Response<ResponseBody> {
        try await presentingErrors { () async throws(APIError) -> Response<ResponseBody> in
            let prepared = try prepare(request)
            return try await stream(prepared, declaredErrorBody: R.ErrorBody.self, name: RequestName(of: R.self))
        }
    }

    /// Sends a prepared request for a streamed response; `limit` overrides the request's response size
    /// limit for the accepted body (downloads have none); `earlier` carries a download's retries on to
    /// the exchange that restarts its body.
    func stream<ErrorBody: Sendable>(
        _ prepared: PreparedRequest, declaredErrorBody: ErrorBody.Type, name: RequestName, limit: Int? = nil,
        earlier: DownloadAttempts? = nil
    ) async throws(APIError) -> Response<ResponseBody> {
        let validation = prepared.validation(self)
        let limit = limit ?? prepared.limit(self)
        let state = makeSendState()
        let answer = try await exchange(
            prepared.urlRequest, rebuild: prepared.rebuild, method: prepared.method, setting: prepared.setting,
            requestName: name, state: state,
            streaming: Streaming(validation: validation, limit: limit, earlier: earlier))
        let response = answer.response
        let body = answer.body
        let acceptsMediaType = validation.accepts(
            contentType: response.value(forHTTPHeaderField: "Content-Type"),
            bodyIsEmpty: body.data.map(\.isEmpty) ?? (response.expectedContentLength == 0))
        guard validation.accepts(statusCode: response.statusCode), acceptsMediaType else {
            // Refused: read the body whole, within the usual limit, for the error.
            let whole = try await Self.collect(
                body, of: response, sending: prepared.urlRequest, upTo: prepared.limit(self))
            try check(response, body: whole, declaredErrorBody: ErrorBody.self, prepared, state: state)
            // The media type of an empty body passes: what is left is the stream's own answer.
            return Response(
                value: ResponseBody(whole), httpResponse: response, requested: prepared.urlRequest.url)
        }
        do throws(APIError) {
            try validation.applyRule(to: response, body: nil, requested: prepared.urlRequest.url)
        } catch {
            body.cancel()
            throw error
        }
        let checked = CheckedBodySource(
            body, response: response, request: prepared.urlRequest, limit: limit, reportsProgress: true,
            redaction: redactionContext)
        return Response(
            value: ResponseBody(source: checked), httpResponse: response, requested: prepared.urlRequest.url)
    }
}
