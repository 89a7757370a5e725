import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct CancellationTests {
    func expectCancelled<T>(_ result: Result<T, any Error>) {
        guard case .failure(let error) = result, case .cancelled? = error as? APIError else {
            Issue.record("expected APIError.cancelled, got \(result)")
            return
        }
    }

    @Test func cancellingTheTaskCancelsTheRequestInFlight() async throws {
        let started = Signal()
        let sessionSawCancellation = Locked(false)
        let session = StubNetworkSession { _ in
            await started.fire()
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                sessionSawCancellation.update { $0 = true }
                throw error
            }
            return .init(status: 204)
        }
        let task = Task { try await APIClient(session: session).send(Ping()) }
        await started.wait()
        task.cancel()
        expectCancelled(await task.result)
        #expect(sessionSawCancellation.current)
    }

    @Test func aTaskCancelledBeforeSendingSendsNothing() async throws {
        let session = StubNetworkSession(.init(status: 204))
        let go = Signal()
        let task = Task {
            await go.wait()
            return try await APIClient(session: session).send(Ping())
        }
        task.cancel()
        await go.fire()
        expectCancelled(await task.result)
        #expect(session.requests.isEmpty)
    }

    @Test func cancellingDuringTheBackoffStopsTheRetries() async throws {
        let answered = Signal()
        let session = StubNetworkSession { _ in
            await answered.fire()
            return .init(status: 503)
        }
        // The default sleep, with a delay long enough that only cancellation can end it.
        let client = APIClient(
            session: session, retryPolicy: RetryPolicy(maximumRetries: 3, initialDelay: .seconds(3600)),
            backoff: APIClient.Backoff(jitter: { 1 }))
        let task = Task { try await client.send(Ping()) }
        await answered.wait()
        task.cancel()
        expectCancelled(await task.result)
        #expect(session.requests.count == 1)
    }

    @Test func aCancellationErrorFromTheSessionIsACancellation() async throws {
        let session = StubNetworkSession(.failure(CancellationError()))
        expectCancelled(await Result { try await APIClient(session: session).send(Ping()) })
    }

    @Test func aURLErrorCancelledFromTheSessionIsACancellation() async throws {
        let session = StubNetworkSession(.failure(URLError(.cancelled)))
        expectCancelled(await Result { try await APIClient(session: session).send(Ping()) })
    }

    @Test func aTokenProviderThatIsCancelledIsACancellation() async throws {
        struct Cancelled: TokenProvider {
            func token() async throws -> String { throw CancellationError() }
            func refreshToken() async throws -> String { throw CancellationError() }
        }
        let session = StubNetworkSession(.init(status: 204))
        let client = APIClient(session: session, tokenProvider: Cancelled())
        expectCancelled(await Result { try await client.send(Ping(setting: APISetting(requiresAuthorization: true))) })
        #expect(session.requests.isEmpty)
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
