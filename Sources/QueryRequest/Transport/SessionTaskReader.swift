import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a ``BodyReadingSession`` tells the state of one of its tasks.
protocol SessionTaskReader: AnyObject, Sendable {
    /// What the caller receives: the whole body, or the head and a stream of the body.
    associatedtype Outcome: Sendable
    /// Waits for the outcome; `continuation` is resumed exactly once.
    func start(_ continuation: CheckedContinuation<Outcome, any Error>)
    /// The request body's progress (`-1` for an unknown total).
    func sent(_ total: Int64, of expected: Int64)
    /// The response's head.
    func received(_ response: URLResponse)
    /// The next bytes of the response body.
    func received(_ data: Data)
    /// The end of the task: `nil` when the whole body arrived.
    func completed(error: (any Error)?)
}
