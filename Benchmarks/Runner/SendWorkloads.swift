import Dispatch
import Foundation
import QueryRequest
import SampleAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Workload {
    /// `APIClient.send` end to end through a session that answers at once: the client's own cost per call
    /// (building, the attempt loop, middleware, validation, decoding), with and without a middleware that
    /// only calls `next`. Each call is awaited from this thread, which costs a task and a semaphore.
    static func sending() throws -> [Workload] {
        let ranking = TestRankingRequest(query: .init(totalLimit: 48, offset: 0, pageLimit: 6, age: nil))
        let session = ImmediateSession()
        let plain = APIClient(session: session)
        let passThrough = APIClient(session: session, middleware: [PassThrough()])
        return [
            Workload("send.stubbed") { try blocking { try await plain.send(ranking).items.count } },
            Workload("send.stubbed.middleware", baseline: "send.stubbed") {
                try blocking { try await passThrough.send(ranking).items.count }
            },
        ]
    }
}

/// Answers every request with `200` and a two-item ranking, without suspending.
private final class ImmediateSession: NetworkSession, Sendable {
    let body = Data(#"{"items": ["a", "b"]}"#.utf8)

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "application/json"])
        else { throw URLError(.badURL) }
        return (body, response)
    }
}

/// A middleware that does nothing but pass the request on.
private struct PassThrough: ClientMiddleware {
    func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        try await next(request)
    }
}

/// Runs `body` in a task and waits for it on this (non-cooperative) thread.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            outcome.set(.success(try await body()))
        } catch {
            outcome.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return try outcome.get()
}

/// The result of a task, handed to the waiting thread.
///
/// `@unchecked Sendable`: `result` is only read and written while holding `lock`.
final class Outcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ result: Result<T, any Error>) {
        lock.lock()
        defer { lock.unlock() }
        self.result = result
    }

    func get() throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let result else { throw BenchmarkError("the task did not finish") }
        return try result.get()
    }
}
