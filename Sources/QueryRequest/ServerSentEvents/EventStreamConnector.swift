import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Opens the connections of one ``ReconnectingServerSentEvents``: the prepared request, sent with the event
/// stream's headers and checked as the specification says.
struct EventStreamConnector {
    let client: APIClient
    let prepared: APIClient.PreparedRequest
    let errorBody: any Sendable.Type
    let name: RequestName

    /// The media type of an event stream.
    static let mediaType = "text/event-stream"

    /// The last event ID the request starts from: its own `Last-Event-ID` header, else none.
    var initialLastEventID: String { prepared.urlRequest.value(forHTTPHeaderField: "Last-Event-ID") ?? "" }

    /// Whether sending the request again is safe: its method is idempotent, or its setting allows it.
    var mayReconnect: Bool { client.retryPolicy(for: prepared.setting).mayRetry(prepared.method) }

    /// The URL the connections go to, for errors.
    var request: URLRequest { prepared.urlRequest }

    /// Waits before a reconnection, through the client's backoff; a cancelled wait is ``APIError/cancelled``.
    func wait(_ delay: Duration) async throws(APIError) {
        do {
            try await client.backoff.sleep(delay)
        } catch {
            throw .cancelled
        }
        if Task.isCancelled { throw .cancelled }
    }

    /// Opens a connection and returns its body, or `nil` when the server answered 204 ("stop").
    ///
    /// - Parameter lastEventID: `nil` for the first connection; for a reconnection, the ID to send.
    func connect(lastEventID: String?) async throws(APIError) -> (ResponseBody, HTTPURLResponse)? {
        try await client.presentingErrors { () async throws(APIError) in try await open(lastEventID: lastEventID) }
    }

    /// What ``connect(lastEventID:)`` does, its errors not yet redacted.
    private func open(lastEventID: String?) async throws(APIError) -> (ResponseBody, HTTPURLResponse)? {
        let reason: AttemptReason = lastEventID.map { .reconnection(lastEventID: $0) } ?? .first
        // A body streamed from disk is read once: a reconnection sends the request built again.
        let base = lastEventID != nil ? try prepared.rebuild?() ?? prepared.urlRequest : prepared.urlRequest
        let request = Self.withEventStreamHeaders(base, lastEventID: lastEventID)
        let rebuild: (() throws(APIError) -> URLRequest)? = prepared.rebuild.map { rebuild in
            { () throws(APIError) in Self.withEventStreamHeaders(try rebuild(), lastEventID: lastEventID) }
        }
        let limit = prepared.limit(client)
        // Only a 200 can be an event stream: every other status is read whole, for its error.
        let state = client.makeSendState()
        let answer = try await client.exchange(
            request, rebuild: rebuild, method: prepared.method, setting: prepared.setting, requestName: name,
            state: state, streaming: .init(validation: ResponseValidation(statusCodes: [200]), limit: limit),
            reason: reason)
        let response = answer.response
        let body = answer.body
        if response.statusCode == 204 {
            body.cancel()
            return nil
        }
        let validation = prepared.validation(client)
        let contentType = response.value(forHTTPHeaderField: "Content-Type")
        let mediaType = contentType.map(ResponseValidation.mediaType(of:))
        let isEventStream = mediaType == Self.mediaType
        let refusesStatus = response.statusCode != 200 || !validation.accepts(statusCode: response.statusCode)
        guard !refusesStatus, isEventStream, validation.accepts(contentType: contentType, bodyIsEmpty: false) else {
            let whole: Data
            if isEventStream && body.data == nil {
                // An event stream may never end: it is not read for the error.
                body.cancel()
                whole = Data()
            } else {
                whole = try await APIClient.collect(body, of: response, sending: request, upTo: limit)
            }
            if refusesStatus {
                // The API's error body, as for `send`, when the validation refuses the status.
                let apiError =
                    validation.accepts(statusCode: response.statusCode)
                    ? nil
                    : client.decodeErrorBody(
                        declared: errorBody, from: whole, of: response, with: prepared.decoder(client))
                throw APIClient.unacceptableStatus(response, body: whole, apiError: apiError, state: state)
            }
            throw .unacceptableContentType(
                APIError.UnacceptableContentType(mediaType: mediaType, response: response, body: whole))
        }
        // Counted again here: a middleware may have replaced the body the exchange counted.
        let checked = CheckedBodySource(
            body, response: response, request: request, limit: limit, reportsProgress: false,
            redaction: client.redactionContext)
        return (ResponseBody(source: checked), response)
    }

    /// `request` with `Accept` and `Cache-Control` for an event stream, unless it sets them, and, for a
    /// reconnection, `Last-Event-ID` set to `lastEventID` (removed when it is empty).
    static func withEventStreamHeaders(_ request: URLRequest, lastEventID: String?) -> URLRequest {
        var request = request
        if request.value(forHTTPHeaderField: "Accept") == nil {
            request.setValue(mediaType, forHTTPHeaderField: "Accept")
        }
        if request.value(forHTTPHeaderField: "Cache-Control") == nil {
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        }
        if let lastEventID {
            // The parser never keeps an ID with CR, LF or NUL, which `setValue` would silently drop.
            request.setValue(lastEventID.isEmpty ? nil : lastEventID, forHTTPHeaderField: "Last-Event-ID")
        }
        return request
    }
}
