import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// The events of `request`'s `text/event-stream`, reconnecting as the policy allows.
    ///
    /// ```swift
    /// for try await event in client.events(for: NotificationsRequest()) where event.type == "notice" {
    ///     let notice = try event.decodeData(as: Notice.self)
    /// }
    /// ```
    ///
    /// Nothing is sent until the sequence is iterated. Each connection follows the WHATWG HTML
    /// specification's `EventSource`:
    ///
    /// - It sends `Accept: text/event-stream` and `Cache-Control: no-cache` unless the request sets them,
    ///   and, on a reconnection, `Last-Event-ID` with the stream's last event ID (when it is not empty). A
    ///   `Last-Event-ID` header on the request itself is the ID to start from: the stream resumes after it.
    /// - A response whose status is not 200, or whose media type is not `text/event-stream`, fails the
    ///   sequence with ``APIError/unacceptableStatus(_:)`` or
    ///   ``APIError/unacceptableContentType(_:)`` (body read whole, as ``send(_:progress:)`` does) and
    ///   is not reconnected. A 204 is the server saying "stop": the sequence ends. The request's
    ///   ``ResponseValidation`` applies too.
    /// - When an accepted connection ends, cleanly or by a transport error (a lost connection, an idle
    ///   timeout), the client waits (the stream's `retry`, else the policy's delay) and reconnects; a
    ///   partial event is dropped, the last event ID and `retry` carry over. A reconnection that fails
    ///   before its response is counted as one that delivered no event, and tried again as the policy
    ///   allows. The *first* connection's errors are thrown at once: nothing was established yet (the
    ///   request's ``APISetting/retryCount`` retries it, as for ``send(_:progress:)``).
    /// - A request whose method is not idempotent (a POST) is never reconnected, unless its setting has
    ///   ``APISetting/retriesNonIdempotentRequests``: sending it again would act again.
    ///
    /// Middleware see every attempt of every connection; a reconnection's first attempt has the reason
    /// ``AttemptReason/reconnection(lastEventID:)``. Retries within a connection (``APISetting/retryCount``)
    /// work as for ``send(_:progress:)``. The response size limit applies to each connection's body, and the
    /// request's ``APISetting/timeout`` between its chunks: a stream quiet for longer fails (and is
    /// reconnected), so set a timeout above the server's keep-alive interval. Waits before reconnecting go
    /// through the client's ``Backoff/sleep``.
    ///
    /// Cancelling the reading task, or leaving the loop, stops the connection and any wait. Iteration
    /// throws only ``APIError``.
    ///
    /// - Parameters:
    ///   - request: The request for the event stream, usually a GET.
    ///   - reconnection: When and how soon to reconnect; ``ReconnectionPolicy/never`` for one connection.
    public func events<R: Request>(
        for request: R, reconnection: ReconnectionPolicy = .default
    ) -> ReconnectingServerSentEvents {
        let client = self
        return ReconnectingServerSentEvents(policy: reconnection) { () throws(APIError) -> EventStreamConnector in
            EventStreamConnector(
                client: client, prepared: try client.prepare(request), errorBody: R.ErrorBody.self,
                name: RequestName(of: R.self))
        }
    }
}

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
    var mayReconnect: Bool { prepared.method.isIdempotent || prepared.setting.retriesNonIdempotentRequests }

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
    func connect(lastEventID: String?) async throws(APIError) -> (ResponseBodyStream, HTTPURLResponse)? {
        try await client.presentingErrors { () async throws(APIError) in try await open(lastEventID: lastEventID) }
    }

    /// What ``connect(lastEventID:)`` does, its errors not yet redacted.
    private func open(lastEventID: String?) async throws(APIError) -> (ResponseBodyStream, HTTPURLResponse)? {
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
        let body = answer.bodyStream ?? ResponseBodyStream(answer.body)
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
            if !answer.isStreamed {
                whole = answer.body
            } else if isEventStream {
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
        return (ResponseBodyStream(source: checked), response)
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
