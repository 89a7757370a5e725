/// A `text/event-stream` parser that follows the WHATWG HTML specification ("Interpreting an event
/// stream") exactly, fed with chunks of bytes split anywhere.
///
/// - Lines end in CR LF, LF or CR; a CR at the end of one chunk and an LF at the start of the next are one
///   line end.
/// - One leading byte order mark (`EF BB BF`) is skipped, also when split across chunks.
/// - `field: value` (one space after the colon removed), `field` alone (empty value), `:comment` ignored.
/// - `data` lines are joined by `\n`; an empty line dispatches the event; an event without `data` is
///   not dispatched, and a last event without its empty line is discarded at the end of the stream.
/// - `id` containing NUL is ignored; the last event ID persists across events.
/// - `retry` made of ASCII digits only sets ``reconnectionDelay`` (milliseconds; a value beyond 64 bits
///   is taken as the largest); any other `retry` is ignored, as are unknown fields.
/// - Bytes that are not UTF-8 become U+FFFD, as the specification's UTF-8 decoding does.
///
/// The state a reconnection needs, ``lastEventID`` and ``reconnectionDelay``, stays readable and survives
/// ``startNewStream()``.
public struct ServerSentEventParser: Sendable {
    /// The last event ID of the stream (the `id` of the last dispatched event, or earlier): what a
    /// reconnection sends as `Last-Event-ID`. Empty when the stream set none.
    public private(set) var lastEventID: String
    /// The reconnection time the stream asked for with `retry`, or `nil` when it did not.
    public private(set) var reconnectionDelay: Duration?

    /// The stream's lines, however the chunks are split.
    private var lines = LineSplitter()
    /// How many bytes of a leading byte order mark have been seen; `nil` once past the start.
    private var byteOrderMarkSeen: Int? = 0
    private var data: [UInt8] = []
    private var eventType: [UInt8] = []
    private var lastEventIDBuffer: String

    /// A parser at the start of a stream.
    ///
    /// - Parameter lastEventID: The last event ID already known (from an earlier connection).
    public init(lastEventID: String = "") {
        self.lastEventID = lastEventID
        self.lastEventIDBuffer = lastEventID
    }

    /// Forgets a partial line and a pending event (the connection ended), keeping ``lastEventID`` and
    /// ``reconnectionDelay``, so that the next chunk starts a new stream (which may begin with a BOM).
    public mutating func startNewStream() {
        lines.reset()
        byteOrderMarkSeen = 0
        data.removeAll(keepingCapacity: true)
        eventType.removeAll(keepingCapacity: true)
        lastEventIDBuffer = lastEventID
    }

    /// Parses the next chunk, calling `onEvent` for each event it completes, in order.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the stream.
    ///   - onEvent: Receives each dispatched event.
    public mutating func parse(
        _ chunk: UnsafeRawBufferPointer, onEvent: (ServerSentEvent) throws -> Void
    ) rethrows {
        var start = 0
        if let seen = byteOrderMarkSeen {
            start = skipByteOrderMark(chunk, seen: seen)
        }
        // Moved out while it calls `process`, which changes the rest of the parser (one access to `self` at a
        // time); an empty splitter in its place keeps the moved one's buffer uniquely referenced.
        var splitter = lines
        lines = LineSplitter()
        defer { lines = splitter }
        try splitter.split(UnsafeRawBufferPointer(rebasing: chunk[start...])) { try process($0, onEvent: onEvent) }
    }

    /// Parses the next chunk and returns the events it completes.
    ///
    /// - Parameter chunk: The next bytes of the stream (`Data`, `[UInt8]`, `ArraySlice<UInt8>`, …).
    public mutating func parse<Chunk: Sequence<UInt8>>(_ chunk: Chunk) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        parse(chunk) { events.append($0) }
        return events
    }

    /// Parses the next chunk, calling `onEvent` for each event it completes.
    ///
    /// - Parameters:
    ///   - chunk: The next bytes of the stream.
    ///   - onEvent: Receives each dispatched event.
    public mutating func parse<Chunk: Sequence<UInt8>>(
        _ chunk: Chunk, onEvent: (ServerSentEvent) throws -> Void
    ) rethrows {
        let parsed: Void?? = try chunk.withContiguousStorageIfAvailable { buffer in
            try parse(UnsafeRawBufferPointer(buffer), onEvent: onEvent)
        }
        if parsed == nil {
            try Array(chunk).withUnsafeBytes { try parse($0, onEvent: onEvent) }
        }
    }

    /// Skips what the chunk holds of a leading `EF BB BF`; returns where the stream's text starts.
    private mutating func skipByteOrderMark(_ chunk: UnsafeRawBufferPointer, seen: Int) -> Int {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var seen = seen
        var index = 0
        while index < chunk.count, seen < 3 {
            guard chunk[index] == mark[seen] else {
                // Not a byte order mark: the bytes taken for one are text (none of them ends a line).
                mark[0..<seen].withUnsafeBytes { lines.split($0) { _ in } }
                byteOrderMarkSeen = nil
                return index
            }
            seen += 1
            index += 1
        }
        byteOrderMarkSeen = seen == 3 ? nil : seen
        return index
    }

    private static let dataField = Array("data".utf8)
    private static let eventField = Array("event".utf8)
    private static let idField = Array("id".utf8)
    private static let retryField = Array("retry".utf8)

    /// One line, without its line end.
    private mutating func process(_ line: UnsafeRawBufferPointer, onEvent: (ServerSentEvent) throws -> Void) rethrows {
        guard !line.isEmpty else {
            if let event = dispatch() { try onEvent(event) }
            return
        }
        if line[0] == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = UnsafeRawBufferPointer(rebasing: line[..<(colon ?? line.count)])
        var valueStart = colon.map { $0 + 1 } ?? line.count
        if valueStart < line.count, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = UnsafeRawBufferPointer(rebasing: line[valueStart...])

        if field.elementsEqual(Self.dataField) {
            data.append(contentsOf: value)
            data.append(0x0A)
        } else if field.elementsEqual(Self.eventField) {
            eventType.removeAll(keepingCapacity: true)
            eventType.append(contentsOf: value)
        } else if field.elementsEqual(Self.idField) {
            if !value.contains(0) { lastEventIDBuffer = String(decoding: value, as: UTF8.self) }
        } else if field.elementsEqual(Self.retryField) {
            if let milliseconds = Self.digits(value) { reconnectionDelay = .milliseconds(milliseconds) }
        }
    }

    /// The value of a non-empty run of ASCII digits (the largest `Int64` if it is larger), else `nil`.
    private static func digits(_ value: UnsafeRawBufferPointer) -> Int64? {
        guard !value.isEmpty else { return nil }
        var result: Int64 = 0
        for byte in value {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow1) = result.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            result = overflow1 || overflow2 ? .max : sum
        }
        return result
    }

    /// The event the buffers hold, if they hold data; resets them either way.
    private mutating func dispatch() -> ServerSentEvent? {
        lastEventID = lastEventIDBuffer
        defer {
            data.removeAll(keepingCapacity: true)
            eventType.removeAll(keepingCapacity: true)
        }
        guard !data.isEmpty else { return nil }
        data.removeLast()  // the line feed after the last data line
        return ServerSentEvent(
            type: eventType.isEmpty ? "message" : String(decoding: eventType, as: UTF8.self),
            data: String(decoding: data, as: UTF8.self), lastEventID: lastEventID)
    }
}
