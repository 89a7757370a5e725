import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The server-sent events of a request, across as many connections as its ``ReconnectionPolicy`` allows:
/// what ``APIClient/events(for:reconnection:)`` returns.
///
/// ```swift
/// for try await event in client.events(for: NotificationsRequest()) {
///     print(event.type, event.data)
/// }
/// ```
///
/// Each iteration opens its own connections: nothing is sent before the first call to `next()`. The
/// events arrive in order and, when the server resumes after the `Last-Event-ID` it receives, exactly
/// once: an event cut off by a lost connection is dropped, never delivered in part. Iteration throws only
/// ``APIError``; after an error or the end, `next()` returns `nil`.
public struct ReconnectingServerSentEvents: AsyncSequence, Sendable {
    /// Each event the stream dispatches.
    public typealias Element = ServerSentEvent

    private let policy: ReconnectionPolicy
    private let start: @Sendable () throws(APIError) -> EventStreamConnector

    init(policy: ReconnectionPolicy, start: @escaping @Sendable () throws(APIError) -> EventStreamConnector) {
        self.policy = policy
        self.start = start
    }

    /// Starts reading: the first `next()` opens the first connection.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(policy: policy, start: start)
    }

    /// Reads events, opening a connection when the previous one has ended and the policy allows.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let policy: ReconnectionPolicy
        private let start: @Sendable () throws(APIError) -> EventStreamConnector
        private var connector: EventStreamConnector?
        private var parser = ServerSentEventParser()
        /// The current connection's body; `nil` between connections. Letting go of it stops the transfer.
        private var chunks: ResponseBody.AsyncIterator?
        private var body: ResponseBody?
        private var pending: [ServerSentEvent] = []
        private var pendingIndex = 0
        /// Connections opened or tried so far.
        private var connections = 0
        /// Reconnections made since the last event arrived.
        private var reconnectionsWithoutEvent = 0
        /// The error that ended the last connection; `nil` when it ended cleanly.
        private var lastFailure: APIError?
        private var finished = false

        init(policy: ReconnectionPolicy, start: @escaping @Sendable () throws(APIError) -> EventStreamConnector) {
            self.policy = policy
            self.start = start
        }

        /// The next event, or `nil` once the stream has ended: the server answered 204, or the policy gave
        /// up after a connection that ended cleanly.
        ///
        /// - Throws: ``APIError``, and nothing else; the sequence ends with it.
        public mutating func next() async throws -> ServerSentEvent? {
            do {
                return try await nextEvent()
            } catch {
                finished = true
                pending.removeAll()
                stopConnection()
                throw error
            }
        }

        private mutating func nextEvent() async throws(APIError) -> ServerSentEvent? {
            while true {
                if pendingIndex < pending.count {
                    defer { pendingIndex += 1 }
                    return pending[pendingIndex]
                }
                if finished { return nil }
                guard let connector, chunks != nil else {
                    switch try await openConnection() {
                    case .opened, .failed: continue
                    case .ended:
                        finished = true
                        return nil
                    }
                }
                try await readChunk(of: connector)
            }
        }

        /// Reads the current connection's next chunk into `pending`, or ends the connection.
        private mutating func readChunk(of connector: EventStreamConnector) async throws(APIError) {
            let chunk: Data?
            do {
                chunk = try await chunks?.next()
            } catch {
                let failure = error as? APIError ?? APIClient.transportError(error, sending: connector.request)
                // Only a lost connection or a timeout is reconnected; the rest ends the sequence.
                guard case .transport = failure else { throw failure }
                endConnection(failure: failure)
                return
            }
            guard let chunk else {
                endConnection(failure: nil)
                return
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            parser.parse(chunk) { pending.append($0) }
            if !pending.isEmpty { reconnectionsWithoutEvent = 0 }
        }

        /// What opening a connection came to.
        private enum Opening {
            /// Its body is being read.
            case opened
            /// A reconnection failed before its response: to be tried again if the policy allows.
            case failed
            /// No more connections: the server said 204, or the policy gave up after a clean end.
            case ended
        }

        private mutating func openConnection() async throws(APIError) -> Opening {
            if Task.isCancelled { throw .cancelled }
            let connector: EventStreamConnector
            if let existing = self.connector {
                connector = existing
            } else {
                connector = try start()
                self.connector = connector
                parser = ServerSentEventParser(lastEventID: connector.initialLastEventID)
            }
            let isReconnection = connections > 0
            if isReconnection {
                guard connector.mayReconnect,
                    policy.allowsReconnection(made: connections - 1, withoutEvent: reconnectionsWithoutEvent)
                else {
                    if let lastFailure { throw lastFailure }
                    return .ended
                }
                try await connector.wait(
                    policy.delay(retry: parser.reconnectionDelay, reconnectionsWithoutEvent: reconnectionsWithoutEvent))
                reconnectionsWithoutEvent += 1
            }
            connections += 1
            let opened: (ResponseBody, HTTPURLResponse)?
            do {
                opened = try await connector.connect(lastEventID: isReconnection ? parser.lastEventID : nil)
            } catch {
                guard isReconnection, case .transport = error else { throw error }
                lastFailure = error
                return .failed
            }
            guard let (body, _) = opened else { return .ended }
            self.body = body
            chunks = body.makeAsyncIterator()
            return .opened
        }

        /// The connection ended: forget its partial event, keep the last event ID and `retry`.
        private mutating func endConnection(failure: APIError?) {
            lastFailure = failure
            parser.startNewStream()
            chunks = nil
            body = nil
        }

        private mutating func stopConnection() {
            body?.cancel()
            chunks = nil
            body = nil
        }
    }
}
