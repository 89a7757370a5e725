import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs one attempt through a client's middleware, in order, then through `send`.
enum MiddlewareChain {
    /// One middleware of a client, and whether it is an ``AuthorizationMiddleware``: asked once, when the
    /// client is made, not on every attempt.
    struct Link: Sendable {
        let middleware: any ClientMiddleware
        let authorizes: Bool

        init(_ middleware: any ClientMiddleware) {
            self.middleware = middleware
            authorizes = middleware is any AuthorizationMiddleware
        }
    }

    static func run(
        _ links: ArraySlice<Link>,
        request: URLRequest,
        context: MiddlewareContext,
        send: (URLRequest) async throws(APIError) -> ClientResponse
    ) async throws(APIError) -> ClientResponse {
        guard let first = links.first else {
            // An HTTP cache before this point learns whether what it stores was answered to credentials.
            SentRequestRecorder.current?.record(request, state: context.sendState)
            return try await send(request)
        }
        let rest = links.dropFirst()
        // After a redirect to an origin that may not have the request's credentials, no middleware puts
        // any on it.
        if first.authorizes, !context.sendsCredentials {
            return try await run(rest, request: request, context: context, send: send)
        }
        do {
            return try await first.middleware.intercept(request, context: context) { next in
                // What an authorization middleware placed is a credential: removed on a hop to another origin,
                // and redacted in every text; one that placed nothing may explain a 401.
                if first.authorizes {
                    context.sendState?.noteCredentials(placedBetween: request, and: next, by: first.middleware)
                }
                return try await run(rest, request: next, context: context, send: send)
            }
        } catch let error as APIError {
            // Already final: from the session, from a middleware further in, or thrown as is.
            throw error
        } catch {
            if error is CancellationError || Task.isCancelled { throw APIError.cancelled }
            throw APIError.middleware(error, middleware: String(describing: type(of: first.middleware)))
        }
    }
}
