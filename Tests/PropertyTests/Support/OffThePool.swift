import Foundation
import PropertyHarness
import Testing

/// Runs `property` on a thread of its own and records its failure report, as ``check(_:sourceLocation:)``
/// does: for a property whose check waits for async work (``waitingOffThePool(_:)``), which must never block
/// a thread of the cooperative pool that the work needs.
@discardableResult
func checkOffThePool<Value>(
    _ property: Property<Value>, sourceLocation: SourceLocation = #_sourceLocation
) async -> PropertyResult {
    let filter = currentTestFilter()
    let box = UncheckedProperty(property: property)
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<PropertyResult, Never>) in
        Thread.detachNewThread {
            continuation.resume(returning: box.property.run(.current, replayFilter: filter))
        }
    }
    if let failure = result.failure {
        Issue.record(Comment(rawValue: failure.text), sourceLocation: sourceLocation)
    }
    return result
}

/// The property, handed to the thread that runs it.
///
/// `@unchecked Sendable`: the thread is the only one that uses the property, and the caller waits for it.
private struct UncheckedProperty<Value>: @unchecked Sendable {
    let property: Property<Value>
}

/// Runs `work` and waits for its result, blocking the calling thread: only from a thread that is not the
/// cooperative pool's (a property run by ``checkOffThePool(_:sourceLocation:)``), which `work` needs.
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
