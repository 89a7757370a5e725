import FuzzSupport
import QueryRequest

/// Parses a fuzzed `text/event-stream` whole and cut into chunks of a fuzzed size.
///
/// Oracle: the cuts change nothing (events, last event ID, reconnection delay, compared as UTF-8 bytes),
/// and every event is well formed: a non-empty type, no CR in its data (line ends are normalised to LF),
/// and no CR, LF or NUL in its last event ID.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let step = Int(bytes[0]) % 17 + 1
    let stream = Array(bytes.dropFirst())

    var whole = ServerSentEventParser()
    let expected = whole.parse(stream)
    var cut = ServerSentEventParser()
    var found: [ServerSentEvent] = []
    var start = 0
    while start < stream.count {
        let end = min(start + step, stream.count)
        found += cut.parse(stream[start..<end])
        start = end
    }
    func utf8(_ events: [ServerSentEvent]) -> [[[UInt8]]] {
        events.map { [Array($0.type.utf8), Array($0.data.utf8), Array($0.lastEventID.utf8)] }
    }
    fuzzRequire(utf8(found) == utf8(expected), "chunks of \(step) bytes gave \(found), whole \(expected)")
    fuzzRequire(
        Array(cut.lastEventID.utf8) == Array(whole.lastEventID.utf8)
            && cut.reconnectionDelay == whole.reconnectionDelay,
        "chunks of \(step) bytes left another state")
    for event in expected {
        fuzzRequire(!event.type.isEmpty, "an event without a type: \(event)")
        fuzzRequire(!event.data.utf8.contains(0x0D), "CR in an event's data: \(event)")
        fuzzRequire(
            !event.lastEventID.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }),
            "CR, LF or NUL in a last event ID: \(event)")
    }
    return 0
}
