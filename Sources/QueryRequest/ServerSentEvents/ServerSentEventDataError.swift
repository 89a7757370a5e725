import Foundation

/// The `data` of a server-sent event is not JSON of the type asked for.
public struct ServerSentEventDataError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The event's type.
    public let eventType: String
    /// The event's last event ID, to find it in the stream.
    public let lastEventID: String
    /// The `DecodingError` (or another error) the decoder threw.
    public let underlying: any Error

    /// The ``description``.
    public var errorDescription: String? { description }

    /// A sentence naming the event and the decoder's error.
    public var description: String {
        "the data of the server-sent event \(eventType.debugDescription) (last event ID \(lastEventID.debugDescription)) is not the JSON expected: \(underlying)"
    }
}
