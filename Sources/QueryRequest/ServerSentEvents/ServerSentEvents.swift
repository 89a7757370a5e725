/// The events of a `text/event-stream`, read from any asynchronous sequence of byte chunks (`Data`,
/// `[UInt8]`, `ArraySlice<UInt8>`, …) split anywhere.
///
/// ```swift
/// for try await event in ServerSentEvents(chunks) {
///     print(event.type, event.data)
/// }
/// ```
///
/// Every such sequence also has `serverSentEvents(lastEventID:)`, a streamed response's
/// body among them: `for try await event in streamed.body.serverSentEvents() { … }`. These events do not
/// reconnect; ``APIClient/events(for:reconnection:)`` gives the ones that do (``ReconnectingServerSentEvents``).
///
/// Parsing follows ``ServerSentEventParser``. A last event without its terminating empty line is
/// discarded when the chunks end, as the specification says. Errors of the chunks' sequence are thrown
/// unchanged. The iterator's ``Iterator/lastEventID`` and ``Iterator/reconnectionDelay`` are what a
/// reconnection needs.
public struct ServerSentEvents<Chunks: AsyncSequence>: AsyncSequence
where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
    /// Each event the stream dispatches.
    public typealias Element = ServerSentEvent

    private let chunks: Chunks
    private let lastEventID: String

    /// The events of `chunks`.
    ///
    /// - Parameters:
    ///   - chunks: The bytes of the stream, in chunks of any size.
    ///   - lastEventID: The last event ID already known, from an earlier connection.
    public init(_ chunks: Chunks, lastEventID: String = "") {
        self.chunks = chunks
        self.lastEventID = lastEventID
    }

    /// Reads the chunks as events are asked for.
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: chunks.makeAsyncIterator(), parser: ServerSentEventParser(lastEventID: lastEventID))
    }

    /// Reads chunks until an event is complete.
    public struct Iterator: AsyncIteratorProtocol {
        private var chunks: Chunks.AsyncIterator
        private var parser: ServerSentEventParser
        /// Events already parsed from the last chunk, not yet returned.
        private var pending: [ServerSentEvent] = []
        private var pendingIndex = 0
        private var finished = false

        init(chunks: Chunks.AsyncIterator, parser: ServerSentEventParser) {
            self.chunks = chunks
            self.parser = parser
        }

        /// The stream's last event ID (see ``ServerSentEventParser/lastEventID``), as of the chunks read.
        public var lastEventID: String { parser.lastEventID }
        /// The reconnection time the stream asked for, or `nil` (see
        /// ``ServerSentEventParser/reconnectionDelay``).
        public var reconnectionDelay: Duration? { parser.reconnectionDelay }

        /// The next event, or `nil` when the chunks end.
        ///
        /// - Throws: The error of the chunks' sequence, unchanged.
        public mutating func next() async throws -> ServerSentEvent? {
            while pendingIndex == pending.count {
                guard !finished, let chunk = try await chunks.next() else {
                    finished = true
                    return nil
                }
                pending.removeAll(keepingCapacity: true)
                pendingIndex = 0
                parser.parse(chunk) { pending.append($0) }
            }
            defer { pendingIndex += 1 }
            return pending[pendingIndex]
        }
    }
}

extension ServerSentEvents: Sendable where Chunks: Sendable {}

extension AsyncSequence where Element: Sequence, Element.Element == UInt8 {
    /// The server-sent events of these bytes, read as a `text/event-stream` (see ``ServerSentEvents``).
    ///
    /// - Parameter lastEventID: The last event ID already known, from an earlier connection.
    public func serverSentEvents(lastEventID: String = "") -> ServerSentEvents<Self> {
        ServerSentEvents(self, lastEventID: lastEventID)
    }
}
