import Foundation

/// One event of a `text/event-stream` (WHATWG HTML, "server-sent events").
///
/// ```swift
/// for try await event in ServerSentEvents(chunks) where event.type == "delta" {
///     let delta = try event.decodeData(as: Delta.self)
/// }
/// ```
public struct ServerSentEvent: Sendable, Hashable {
    /// The `event` field, or `message` when the event has none.
    public var type: String
    /// The `data` fields' values joined by line feeds (`\n`).
    public var data: String
    /// The last `id` the stream set, at or before this event (it persists across events); empty when none.
    public var lastEventID: String

    /// An event, as the parser produces it.
    ///
    /// - Parameters:
    ///   - type: The event type; `message` unless the stream names another.
    ///   - data: The data, lines joined by `\n`.
    ///   - lastEventID: The last event ID in effect.
    public init(type: String = "message", data: String, lastEventID: String = "") {
        self.type = type
        self.data = data
        self.lastEventID = lastEventID
    }

    /// Decodes ``data`` as JSON.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder, for key or date strategies.
    /// - Throws: ``ServerSentEventDataError`` naming the event, with the `DecodingError`.
    public func decodeData<Value: Decodable>(as type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws
        -> Value
    {
        do {
            return try decoder.decode(Value.self, from: Data(data.utf8))
        } catch {
            throw ServerSentEventDataError(eventType: self.type, lastEventID: lastEventID, underlying: error)
        }
    }
}
