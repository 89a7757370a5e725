import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// httpbin's `/bytes/N`: N bytes, read as `Data`.
struct RandomBytes: Request {
    typealias Response = Data
    let host: Loopback
    let count: Int
    var path: String { "/bytes/\(count)" }
    var setting: APISetting = APISetting(timeout: 20)
}

/// User code never runs on the session's delegate queue: a progress closure that blocks holds up nothing
/// but its own reports; no other request, no redirect, no timeout. Against httpbin, through `URLSession`.
@Suite(.enabled(if: Peer.shouldRun(.python3, .httpbin), "needs httpbin"), .httpbin, .timeLimit(.minutes(5)))
struct CallbackThreadingTests {
    let httpbin: Loopback

    init() throws {
        httpbin = try #require(RealServers.current).httpbin.host
    }

    /// How one of the redirected requests ended: its final status, or `timedOut`.
    enum Outcome: Equatable {
        case status(Int)
        case timedOut
    }

    /// Six two-hop redirects sent at once, each with `timeout`; a timeout is an outcome, any other error thrown.
    func sendRedirects(_ client: APIClient, timeout: TimeInterval) async throws -> [Outcome] {
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    do {
                        let response = try await client.response(
                            for: EchoingRequest(
                                host: httpbin, path: "/redirect/2", setting: APISetting(timeout: timeout)))
                        return .status(response.statusCode)
                    } catch APIError.transport(let error) where error.code == .timedOut {
                        return .timedOut
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func aBlockedProgressClosureHoldsUpNoOtherRequest() async throws {
        let client = APIClient()
        let entered = DispatchSemaphore(value: 0)
        let othersDone = DispatchSemaphore(value: 0)
        let waitedInVain = Locked(false)
        let reports = Locked(0)
        // The first report blocks its closure until the six other requests are done: if anything they need
        // waited for this closure, they could not finish, and the wait would run out. The bound only detects
        // that deadlock, so it is far longer than the requests ever take (they once took over 30 s under
        // ThreadSanitizer with the whole suite beside them), and within the suite's time limit.
        let download = Task {
            try await client.send(RandomBytes(host: httpbin, count: 50_000)) { _ in
                if reports.update({ count -> Int in
                    count += 1
                    return count
                }) == 1 {
                    entered.signal()
                    if othersDone.wait(timeout: .now() + 200) == .timedOut { waitedInVain.update { $0 = true } }
                }
            }
        }
        #expect(await Self.wait(for: entered), "the download reported its progress")
        // A timeout far longer than they take: what proves the point is the closure's bounded wait.
        let outcomes = try await sendRedirects(client, timeout: 60)
        othersDone.signal()
        let body = try await download.value
        #expect(outcomes == Array(repeating: .status(200), count: 6))
        #expect(!waitedInVain.current, "the other requests finished while the closure blocked")
        #expect(body.count == 50_000)
    }

    @Test func aSlowProgressClosureBesideRedirectsThatTimeOutQuickly() async throws {
        // The scenario that trapped FoundationNetworking ("Received callback for HTTP redirection, but we're not
        // waiting for it"): a redirect's callback stuck behind a slow closure on the delegate queue until the
        // task's timeout had fired.
        let client = APIClient()
        let lastReport = Locked<TransferProgress?>(nil)
        async let download = client.send(RandomBytes(host: httpbin, count: 50_000)) { progress in
            Thread.sleep(forTimeInterval: 0.5)
            lastReport.update { $0 = progress }
        }
        // The point is that the process survives and every request ends; on a loaded machine a request may
        // really go silent for 1 s, so a timeout is a fair end too (the old code trapped on those).
        let outcomes = try await sendRedirects(client, timeout: 1)
        let body = try await download
        #expect(outcomes.allSatisfy { $0 == .status(200) || $0 == .timedOut })
        #expect(body.count == 50_000)
        // Stale reports are dropped, not the last: the call returns after it was delivered.
        #expect(lastReport.current?.bytesReceived == 50_000)
    }

    @Test func reportsArriveInOrderAndTheLastOneBeforeTheCallReturns() async throws {
        let seen = Locked<[Int64]>([])
        let body = try await APIClient().send(RandomBytes(host: httpbin, count: 100_000)) { progress in
            seen.update { $0.append(progress.bytesReceived) }
        }
        let received = seen.current
        #expect(body.count == 100_000)
        #expect(received.last == 100_000)
        #expect(received == received.sorted(), "monotone")
    }

    /// Waits for `semaphore` on a thread of its own, at most 60 s: a bound that only a hang reaches.
    static func wait(for semaphore: DispatchSemaphore) async -> Bool {
        await onThreadOfItsOwn { semaphore.wait(timeout: .now() + 60) == .success }
    }
}
