import Foundation

/// The chunks of a ``RequestBody/stream(contentType:length:_:)`` body: how to make them for one attempt, and
/// the declared length.
struct BodyChunks: Sendable {
    /// The declared size in bytes, sent as `Content-Length`.
    let length: Int64?
    /// Makes the sequence and passes each chunk to `emit`, in order.
    let produce: @Sendable (_ emit: (Data) async throws -> Void) async throws -> Void

    /// ``RequestBuildingError/invalidBodyLength(_:)`` for a negative length.
    func check() throws {
        if let length, length < 0 { throw RequestBuildingError.invalidBodyLength(length) }
    }
}
