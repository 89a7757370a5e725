import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The hosts of the unit tests; nothing is ever sent there (a ``StubNetworkSession`` answers).
enum StubHost: String, APIHost {
    case api = "https://api.example.com"
}

struct Member: Codable, Sendable, Equatable {
    let id: Int
    let name: String
}

/// The brief's `ErrorResponse{code,message}`.
struct ErrorResponse: Codable, Sendable, Equatable {
    let code: String
    let message: String
}

/// The brief's `GooError`, declared by one request only.
struct GooError: Codable, Sendable, Equatable {
    let error: String
}

/// A GET (or any method) of `/users/42` decoded as ``Member``.
struct GetMember: Request {
    typealias Response = Member
    var method: HTTPMethod = .get
    let host = StubHost.api
    let path = "/users/42"
    var setting: APISetting = .default
}

/// A request with no response body.
struct Ping: Request {
    var method: HTTPMethod = .get
    let host = StubHost.api
    let path = "/ping"
    var setting: APISetting = .default
}

/// A request that declares its own error body type.
struct SearchMembers: Request {
    typealias Response = [Member]
    typealias ErrorBody = GooError
    let host = StubHost.api
    let path = "/search"
}

/// A value shared between tasks, for recording what a closure saw.
// `@unchecked Sendable` is sound: `value`, the only mutable state, is private and read or written only inside `update`,
// under `lock` (a `let`); `Value` is Sendable, so what `current` hands out may cross tasks.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    var current: Value { update { $0 } }
    func update<T>(_ change: (inout Value) -> T) -> T {
        // Not `NSLock.withLock`, which needs macOS 14 / iOS 17.
        lock.lock()
        defer { lock.unlock() }
        return change(&value)
    }
}

/// A backoff that records the delays instead of sleeping, with the jitter fixed at `jitter`.
func recordingBackoff(into delays: Locked<[Duration]>, jitter: Double = 1) -> APIClient.Backoff {
    APIClient.Backoff(jitter: { jitter }, sleep: { delay in delays.update { $0.append(delay) } })
}

extension URLRequest {
    /// `METHOD path` of the request, for comparing what a session saw.
    var line: String { "\(httpMethod ?? "GET") \(url?.path ?? "")" }
}

/// A one-shot event that tasks can wait for, in whichever order `fire` and `wait` happen.
actor Signal {
    private var fired = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func fire() {
        fired = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if fired { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}
