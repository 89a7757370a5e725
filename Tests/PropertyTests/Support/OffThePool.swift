import Foundation
import PropertyHarness
import Testing

/// Runs `work` and waits for its result, blocking the calling thread: only from a thread that is not the
/// cooperative pool's (a property run by ``check(_:sourceLocation:)``), which `work` needs.
func waitingOffThePool<Result: Sendable>(_ work: @escaping @Sendable () async throws -> Result) throws -> Result {
    let outcome = LockedOutcome<Result>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            outcome.set(.success(try await work()))
        } catch {
            outcome.set(.failure(error))
        }
        done.signal()
    }
    // A bound, so that a hang fails the case (the suite's time limit would stop the whole property).
    guard done.wait(timeout: .now() + 120) == .success else {
        throw PropertyFailure("the work did not finish within 120 s")
    }
    return try outcome.get()
}

/// A result handed from a task to a waiting thread.
// `@unchecked Sendable` is sound: `result` is only read or written while holding `lock`.
private final class LockedOutcome<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Value, any Error>?
    func set(_ value: Result<Value, any Error>) {
        lock.lock()
        result = value
        lock.unlock()
    }
    func get() throws -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try result!.get()
    }
}
