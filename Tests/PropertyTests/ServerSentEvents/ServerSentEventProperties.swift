import Foundation
import PropertyHarness
import QueryRequest
import Testing

/// The incremental parser gives exactly the reference algorithm's events and state, however the
/// stream is cut into chunks: whole, split in two at every byte position, and byte by byte.
@Suite(.timeLimit(.minutes(20))) struct ServerSentEventProperties {
    @Test func chunkingNeverChangesTheEvents() async {
        await check(
            Property("the parser matches the reference at every chunk split", cycling: SSEGen.streams) { stream in
                let reference = ServerSentEventReference(stream: stream)
                let whole = Outcome(chunks: [stream[...]])
                try require(whole == Outcome(reference), "parsed \(whole), the reference gives \(Outcome(reference))")
                for split in 0...stream.count {
                    let parts = Outcome(chunks: [stream[..<split], stream[split...]])
                    try require(parts == whole, "split at \(split): \(parts), whole: \(whole)")
                }
                let bytes = Outcome(chunks: stream.indices.map { stream[$0...$0] })
                try require(bytes == whole, "byte by byte: \(bytes), whole: \(whole)")
            })
    }
}

/// What a parse leaves: the events (as bytes) and the reconnection state.
private struct Outcome: Equatable, CustomStringConvertible {
    let events: [ServerSentEventReference.Event]
    let lastEventID: [UInt8]
    let retry: Duration?

    init(chunks: [ArraySlice<UInt8>]) {
        var parser = ServerSentEventParser()
        var events: [ServerSentEventReference.Event] = []
        for chunk in chunks {
            for event in parser.parse(chunk) {
                events.append(
                    .init(
                        type: Array(event.type.utf8), data: Array(event.data.utf8),
                        lastEventID: Array(event.lastEventID.utf8)))
            }
        }
        self.events = events
        lastEventID = Array(parser.lastEventID.utf8)
        retry = parser.reconnectionDelay
    }

    init(_ reference: ServerSentEventReference) {
        events = reference.events
        lastEventID = reference.lastEventID
        retry = reference.retry.map { .milliseconds($0) }
    }

    var description: String {
        let rendered = events.map { event in
            "(\(String(decoding: event.type, as: UTF8.self).debugDescription), \(String(decoding: event.data, as: UTF8.self).debugDescription), id \(String(decoding: event.lastEventID, as: UTF8.self).debugDescription))"
        }
        return
            "events \(rendered), last ID \(String(decoding: lastEventID, as: UTF8.self).debugDescription), retry \(String(describing: retry))"
    }
}

/// Streams made of the lines that matter: every field, comments, unknown and colon-less fields, values
/// with colons, spaces, NUL, non-UTF-8 bytes and digits, every line end, blank lines, a BOM at the start
/// (or a second one, or a partial one) and an unterminated end.
enum SSEGen {
    static let lineEnds: Gen<[UInt8]> = .element(of: [[0x0A], [0x0D], [0x0D, 0x0A]])

    static let field: Gen<[UInt8]> = .frequency([
        (6, .element(of: ["data", "event", "id", "retry"].map { Array($0.utf8) })),
        (1, .element(of: ["", "Data", "foo", "dat", "data ", "\u{FEFF}data"].map { Array($0.utf8) })),
    ])

    static let valueByte: Gen<UInt8> = .frequency([
        (6, .integer(in: 0x20...0x7E)),
        (3, .element(of: Array("0123456789: ".utf8))),
        (1, .element(of: [0x00, 0x09, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xEF, 0xBB, 0xBF, 0xFF, 0x80])),
    ])

    static let line: Gen<[UInt8]> = .frequency([
        (3, .constant([])),  // a blank line: dispatch
        (1, valueByte.array(averageLength: 4).map { [UInt8(ascii: ":")] + $0 }),  // a comment
        (
            8,
            field.flatMap { field in
                Gen<Int>.int(in: 0...3).flatMap { form in
                    valueByte.array(averageLength: 5).map { value in
                        switch form {
                        case 0: return field  // no colon
                        case 1: return field + Array(":".utf8) + value
                        default: return field + Array(": ".utf8) + value
                        }
                    }
                }
            }
        ),
    ])

    static let start: Gen<[UInt8]> = .frequency([
        (6, .constant([])),
        (2, .constant([0xEF, 0xBB, 0xBF])),
        (1, .element(of: [[0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xEF]])),
    ])

    static let stream: Gen<[UInt8]> = start.flatMap { start in
        line.zip(lineEnds).array(averageLength: 8).flatMap { lines in
            Gen<Bool>.bool(probability: 0.3).flatMap { unterminated in
                valueByte.array(averageLength: 3).map { tail in
                    var bytes = start
                    for (line, end) in lines { bytes += line + end }
                    if unterminated { bytes += Array("data: ".utf8) + tail }
                    return bytes
                }
            }
        }
    }

    /// The generators of the property (one: every line picks its own line end).
    static let streams: [Gen<[UInt8]>] = [stream]
}
