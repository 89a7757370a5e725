import Foundation

/// Runs blocking `work` on a new thread and returns what it returned or threw.
///
/// For every wait a test makes (a child's output, a peer process, a semaphore) and for long CPU-bound work
/// (a property's thousands of cases): never on a thread of the cooperative pool. The pool has one thread per
/// core, two on the CI machine, and every test of the process shares it; a suite that blocked one while its
/// server started held up the requests of all the others for tens of seconds, long enough for their time
/// limits to run out.
public func onThreadOfItsOwn<Result: Sendable>(
    _ work: @escaping @Sendable () throws -> Result
) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Swift.Result { try work() }) }
    }
}

/// ``onThreadOfItsOwn(_:)`` for work that cannot throw.
public func onThreadOfItsOwn<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: work()) }
    }
}
