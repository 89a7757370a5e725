import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads that fail mid-body, are restarted, retried or cancelled.
extension DownloadLoopbackTests {
    @Test func aConnectionLostMidBodyLeavesNoFile() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(host: host, path: "/drop", query: ["size": "1000000", "after": "100000", "key": key]),
                        to: directory.appendingPathComponent("lost.bin"))
                })
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(try entries(directory) == [])
            #expect(try await requests(key, host: host) == 1)
        }
    }

    @Test func anIdempotentDownloadRestartsFromZeroAfterALostConnection() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let destination = directory.appendingPathComponent("restarted.bin")
            let query = ["size": "1000000", "after": "300000", "key": key, "failures": "1"]
            try await client.download(
                Fetch(
                    host: host, path: "/drop", query: query,
                    setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 0, maximumResumes: 1))),
                to: destination)
            #expect(try Data(contentsOf: destination) == Self.pattern(1_000_000))
            #expect(try entries(directory) == ["restarted.bin"])
            #expect(try await requests(key, host: host) == 2)
        }
    }

    @Test func restartsAreBoundedByTheResumesAllowedNotByTheRetries() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let query = ["size": "1000000", "after": "1000", "key": key]
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(
                            host: host, path: "/drop", query: query,
                            setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 5, maximumResumes: 2))),
                        to: directory.appendingPathComponent("never.bin"))
                })
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(try entries(directory) == [])
            #expect(try await requests(key, host: host) == 3)
        }
    }

    @Test func aNonIdempotentDownloadIsNotRestartedUnlessAllowed() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let query = ["size": "1000000", "after": "1000", "key": key, "failures": "1"]
            var post = Fetch(
                method: .post, host: host, path: "/drop", query: query,
                setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 2)))
            await #expect(throws: APIError.self) {
                try await client.download(post, to: directory.appendingPathComponent("post.bin"))
            }
            #expect(try entries(directory) == [])
            #expect(try await requests(key, host: host) == 1)

            post.setting.retryPolicy?.retriesNonIdempotentRequests = true
            try await client.download(post, to: directory.appendingPathComponent("post.bin"))
            #expect(try Data(contentsOf: directory.appendingPathComponent("post.bin")) == Self.pattern(1_000_000))
            #expect(try await requests(key, host: host) == 2)
        }
    }

    @Test func a416SayingEveryByteArrivedEndsTheDownload() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let destination = directory.appendingPathComponent("ranged.bin")
            // Every byte arrives, but not the chunked body's end; the resume asks for what follows the last byte.
            let response = try await client.download(
                Fetch(
                    host: host, path: "/ranged", query: ["size": "300000", "key": key],
                    setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 0, maximumResumes: 1))),
                to: destination)
            #expect(response.statusCode == 200)
            #expect(try Data(contentsOf: destination) == Self.pattern(300_000))
            #expect(try await requests(key, host: host) == 2)
        }
    }

    @Test func a503IsRetriedBeforeTheBody() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let destination = directory.appendingPathComponent("retried.bin")
            let query = ["size": "70000", "key": key, "failures": "1", "status": "503"]
            let response = try await client.download(
                Fetch(
                    host: host, path: "/flaky", query: query,
                    setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))), to: destination)
            #expect(response.statusCode == 200)
            #expect(try Data(contentsOf: destination) == Self.pattern(70000))
            #expect(try await requests(key, host: host) == 2)
        }
    }

    @Test func cancellingMidTransferLeavesNoFile() async throws {
        try await withServer { host, directory in
            let key = UUID().uuidString
            let (started, startedContinuation) = AsyncStream<Void>.makeStream()
            let download = Task {
                try await client.download(
                    Fetch(host: host, path: "/gate", query: ["size": "1000000", "key": key]),
                    to: directory.appendingPathComponent("cancelled.bin"),
                    progress: { if $0.bytesReceived > 0 { startedContinuation.yield() } })
            }
            // The server holds the rest of the body until released (or 120 s): the download is mid-body.
            for await _ in started { break }
            download.cancel()
            let result = await download.result
            _ = try await APIClient().send(Fetch(host: host, path: "/release", query: ["key": key]))
            guard case .failure(let error) = result, case .cancelled? = error as? APIError else {
                Issue.record("expected APIError.cancelled, got \(result)")
                return
            }
            #expect(try entries(directory) == [])
        }
    }

    /// Hands over the first half of each streamed body, as a broken proxy would, and records each attempt.
    struct Truncating: ClientMiddleware {
        let attempts = Attempts()

        final class Attempts: @unchecked Sendable {
            // `@unchecked Sendable`: `values` is only read and written while holding `lock`.
            private let lock = NSLock()
            private var values: [(Int, AttemptReason)] = []
            func append(_ value: (Int, AttemptReason)) {
                lock.lock()
                values.append(value)
                lock.unlock()
            }
            var all: [(Int, AttemptReason)] {
                lock.lock()
                defer { lock.unlock() }
                return values
            }
        }

        func intercept(
            _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
        ) async throws -> ClientResponse {
            attempts.append((context.attempt, context.reason))
            var answer = try await next(request)
            guard answer.body.data == nil else { return answer }
            var whole = Data()
            for try await chunk in answer.body { whole.append(chunk) }
            answer.body = ResponseBody(whole.prefix(whole.count / 2))
            return answer
        }
    }

    @Test func aBodyShorterThanItsContentLengthIsALostConnectionAndIsRestarted() async throws {
        try await withServer { host, directory in
            let truncating = Truncating()
            let client = APIClient(middleware: [truncating], backoff: APIClient.Backoff(jitter: { 0 }))
            let error = try #require(
                await #expect(throws: APIError.self) {
                    try await client.download(
                        Fetch(
                            host: host, path: "/file", query: ["size": "1000"],
                            setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 0, maximumResumes: 1))),
                        to: directory.appendingPathComponent("short.bin"))
                })
            guard case .transport(let urlError) = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
            #expect(urlError.code == .networkConnectionLost)
            #expect(
                "\(urlError.userInfo[NSUnderlyingErrorKey] ?? "")".contains(
                    "500 bytes where its Content-Length announced 1000"))
            #expect(try entries(directory) == [])
            // The restart is the call's second attempt, and middleware are told why.
            let attempts = truncating.attempts.all
            #expect(attempts.map(\.0) == [1, 2])
            #expect(attempts.map(\.1) == [.first, .retryAfterTransportError(.networkConnectionLost)])
        }
    }
}
