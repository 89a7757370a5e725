import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The thread that runs the sequences of streamed bodies, so that they never wait for the cooperative pool.
///
/// FoundationNetworking reads a body stream on the queue that all its sessions share, and its own async API
/// (`data(for:delegate:)`, used by other code in the process) blocks threads of the cooperative pool until that
/// queue is free: with the pool's few threads blocked so, a sequence that needed the pool to produce the bytes
/// the read waits for would never run. Measured: the package's test suite deadlocked that way on 2 cores.
///
/// `@unchecked Sendable`: `jobs` is only read and written while holding `condition`.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class BodyProducerExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = BodyProducerExecutor()

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in run() }
        thread.name = "QueryRequest.RequestBody.stream"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
