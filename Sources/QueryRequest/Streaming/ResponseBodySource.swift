import Foundation

/// Produces the chunks of one response body, read by one iterator at a time.
protocol ResponseBodySource: AnyObject, Sendable {
    /// The next chunk, `nil` at the end; after an error or the end, `nil` again.
    func next() async throws -> Data?
    /// Stops the transfer, if it is still running; a `next()` in progress throws.
    func cancel()
}
