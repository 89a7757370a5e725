import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records each request and response that passes through it in a shared log, under its name.
struct RecordingMiddleware: ClientMiddleware {
    let name: String
    let log: Locked<[String]>
    let contexts: Locked<[MiddlewareContext]>

    init(_ name: String, log: Locked<[String]>, contexts: Locked<[MiddlewareContext]> = Locked([])) {
        self.name = name
        self.log = log
        self.contexts = contexts
    }

    func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        log.update { $0.append("\(name) → \(context.attempt)") }
        contexts.update { $0.append(context) }
        let response = try await next(request)
        log.update { $0.append("\(name) ← \(response.statusCode)") }
        return response
    }
}

/// Adds a header, to see which middleware's change reached the session.
struct HeaderMiddleware: ClientMiddleware {
    let name: String
    let value: String

    func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        var request = request
        let previous = request.value(forHTTPHeaderField: name).map { $0 + "," } ?? ""
        request.setValue(previous + value, forHTTPHeaderField: name)
        return try await next(request)
    }
}

/// A middleware made of a closure.
struct ClosureMiddleware: ClientMiddleware {
    let body:
        @Sendable (URLRequest, MiddlewareContext, (URLRequest) async throws -> ClientResponse) async throws ->
            ClientResponse

    func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        try await body(request, context, next)
    }
}

func httpResponse(_ status: Int, url: URL? = URL(string: "https://api.example.com/"), headers: [String: String] = [:])
    -> HTTPURLResponse
{
    HTTPURLResponse(url: url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
}
