import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A step that every attempt of an ``APIClient`` passes through on its way to the session and back.
///
/// ```swift
/// struct TraceHeader: ClientMiddleware {
///     func intercept(
///         _ request: URLRequest, context: MiddlewareContext,
///         next: (URLRequest) async throws -> ClientResponse
///     ) async throws -> ClientResponse {
///         var request = request
///         request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Trace-Id")
///         return try await next(request)
///     }
/// }
/// let client = APIClient(middleware: [TraceHeader(), LoggingMiddleware()])
/// ```
///
/// The client's middleware run in the order of the list: the first sees the request first and the
/// response last. They run on **every attempt**: the first try, each retry, and the retry after a
/// token refresh, each time with a fresh ``MiddlewareContext`` that says which attempt it is and why.
/// A middleware may:
/// - change the request before calling `next`, or call `next` with another request;
/// - answer without calling `next` (a cache, a stub): nothing is sent, and the client treats the
///   answer as the server's;
/// - inspect or replace the response `next` returned;
/// - throw: an ``APIError`` is thrown by the client unchanged (a retryable `.transport` error is
///   retried like the session's own), and any other error as ``APIError/middleware(_:middleware:)``.
///   Cancellation (`CancellationError`) becomes ``APIError/cancelled``.
///
/// `next` sends the request through the rest of the chain and the session and throws only
/// ``APIError``: a middleware can catch `.transport` to answer from a cache, say. Calling it more than
/// once sends the request more than once, and the middleware after this one see each call; a body sent as a
/// stream (a multipart form with files on disk) is read by the first call only, so call `next` once for it.
public protocol ClientMiddleware: Sendable {
    /// Handles one attempt: usually changes `request`, calls `next`, and returns its response.
    ///
    /// - Parameters:
    ///   - request: The request as built by the ``Request`` and changed by the middleware before this one.
    ///   - context: Which request and which attempt this is.
    ///   - next: Sends a request through the rest of the chain.
    /// - Returns: The response for this attempt.
    func intercept(
        _ request: URLRequest,
        context: MiddlewareContext,
        next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse
}
