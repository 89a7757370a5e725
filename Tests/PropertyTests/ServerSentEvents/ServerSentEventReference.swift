import Foundation

/// The WHATWG "Interpreting an event stream" algorithm written the plain way, on the decoded text of a
/// whole stream, as the reference the incremental byte parser must match.
struct ServerSentEventReference {
    /// One dispatched event, its strings as UTF-8 bytes (compared without Unicode normalisation).
    struct Event: Equatable {
        let type: [UInt8]
        let data: [UInt8]
        let lastEventID: [UInt8]
    }

    var events: [Event] = []
    var lastEventID: [UInt8] = []
    var retry: Int64?

    init(stream: [UInt8]) {
        // Decode (invalid bytes become U+FFFD), then drop one leading BOM.
        var scalars = Array(String(decoding: stream, as: UTF8.self).unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        // Only lines that end are interpreted: the rest of the stream is discarded.
        var line: [Unicode.Scalar] = []
        var data: [Unicode.Scalar] = []
        var type: [Unicode.Scalar] = []
        var idBuffer: [Unicode.Scalar] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\r" || scalar == "\n" else {
                line.append(scalar)
                continue
            }
            if scalar == "\r", index < scalars.count, scalars[index] == "\n" { index += 1 }
            defer { line = [] }
            if line.isEmpty {
                lastEventID = Self.bytes(idBuffer)
                if !data.isEmpty {
                    data.removeLast()
                    events.append(
                        Event(
                            type: type.isEmpty ? Array("message".utf8) : Self.bytes(type), data: Self.bytes(data),
                            lastEventID: lastEventID))
                }
                data = []
                type = []
                continue
            }
            if line.first == ":" { continue }
            let field: [Unicode.Scalar]
            var value: [Unicode.Scalar]
            if let colon = line.firstIndex(of: ":") {
                field = Array(line[..<colon])
                value = Array(line[(colon + 1)...])
                if value.first == " " { value.removeFirst() }
            } else {
                field = line
                value = []
            }
            switch String(String.UnicodeScalarView(field)) {
            case "event": type = value
            case "data": data += value + ["\n"]
            case "id": if !value.contains("\u{0}") { idBuffer = value }
            case "retry":
                if !value.isEmpty, value.allSatisfy({ ("0"..."9").contains($0) }) {
                    retry = Int64(String(String.UnicodeScalarView(value))) ?? .max
                }
            default: break
            }
        }
    }

    private static func bytes(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        Array(String(String.UnicodeScalarView(scalars)).utf8)
    }
}
