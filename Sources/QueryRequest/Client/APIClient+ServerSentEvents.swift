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
    ///   request's ``RetryPolicy`` retries it, as for ``send(_:progress:)``).
    /// - A request whose method is not idempotent (a POST) is never reconnected, unless its ``RetryPolicy``
    ///   has ``RetryPolicy/retriesNonIdempotentRequests``: sending it again would act again.
    ///
    /// Middleware see every attempt of every connection; a reconnection's first attempt has the reason
    /// ``AttemptReason/reconnection(lastEventID:)``. Retries within a connection (``RetryPolicy``)
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
