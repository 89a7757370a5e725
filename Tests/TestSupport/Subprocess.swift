import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a finished child process printed and how it ended.
public struct ProcessOutput: Sendable {
    /// The exit status, or the signal number when the process was killed.
    public let status: Int32
    /// Whether the process was killed because it ran past its deadline.
    public let timedOut: Bool
    /// Everything written to standard output.
    public let standardOutput: Data
    /// Everything written to standard error.
    public let standardError: Data

    /// Standard output as UTF-8 text.
    public var text: String { String(decoding: standardOutput, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }
}

/// Errors of ``Subprocess``.
public enum SubprocessError: Error, CustomStringConvertible {
    /// The executable was not found on `PATH`.
    case notFound(String)
    /// The process could not be started.
    case launchFailed(String, any Error)

    public var description: String {
        switch self {
        case .notFound(let name): "\(name) was not found on PATH"
        case .launchFailed(let name, let error): "could not start \(name): \(error)"
        }
    }
}

/// Runs child processes with bounded waits.
///
/// On Linux, `Foundation.Process` starts children with the spawning thread's signal mask, so SIGTERM
/// can be blocked in the child and `terminate()` followed by `waitUntilExit()` can hang for ever
/// (swift-corelibs-foundation#4772). Everything here stops children with SIGKILL, which cannot be
/// blocked, and never waits without a deadline.
public enum Subprocess {
    /// The full path of an executable found on `PATH`, or `nil`.
    public static func find(_ name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` to completion, feeding it `input`, and kills it if it runs past `timeout`.
    ///
    /// It blocks the calling thread until then: from async code, call it through ``onThreadOfItsOwn(_:)``.
    public static func run(
        _ executable: String, arguments: [String] = [], input: Data = Data(), timeout: TimeInterval = 60
    ) throws -> ProcessOutput {
        guard let path = find(executable) else { throw SubprocessError.notFound(executable) }
        _ = ignoringBrokenPipes
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr

        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw SubprocessError.launchFailed(executable, error)
        }

        // Read both pipes and write the input concurrently, so that no pipe buffer can fill up and
        // block the child while we wait on another. Dedicated threads, not the global dispatch queue:
        // with many parallel tests keeping its threads busy, pipe I/O there was starved for many seconds.
        let group = DispatchGroup()
        let output = LockedData()
        let errors = LockedData()
        onThread(in: group) { output.set(stdout.fileHandleForReading.readDataToEndOfFile()) }
        onThread(in: group) { errors.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        onThread(in: group) {
            // A child that exits without reading its input must not kill us with SIGPIPE (see
            // `ignoringBrokenPipes`): the write fails instead, and we ignore that.
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }

        var timedOut = false
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            _ = exited.wait(timeout: .now() + 10)
        }
        // The pipes close when the child exits; a grandchild holding them open must not hang us.
        if group.wait(timeout: .now() + 10) == .timedOut {
            try? stdout.fileHandleForReading.close()
            try? stderr.fileHandleForReading.close()
        }
        return ProcessOutput(
            status: process.terminationStatus, timedOut: timedOut, standardOutput: output.get(),
            standardError: errors.get())
    }
}

extension Subprocess {
    /// This process's environment, with `QUERY_TEST_PARENT_PID` set to this process's id: a test server
    /// (`Tests/Scripts/loopback.py`) exits as soon as that process is gone, even if it was killed.
    public static func environmentNamingThisProcess() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["QUERY_TEST_PARENT_PID"] = String(getpid())
        return environment
    }

    /// Writing to a pipe whose reader has gone raises SIGPIPE, whose default action ends the process:
    /// the whole test run. Ignored once, the write fails with EPIPE instead.
    fileprivate static let ignoringBrokenPipes: Void = {
        signal(SIGPIPE, SIG_IGN)
    }()

    /// Runs `body` on a new thread, entering `group` until it returns.
    fileprivate static func onThread(in group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let thread = Thread {
            body()
            group.leave()
        }
        thread.start()
    }
}

/// A long-running child process, such as a test server, read line by line and always stopped with
/// SIGKILL.
///
/// Its output is read by two threads of its own, each blocking in `read` until the child closes its end,
/// not by `FileHandle.readabilityHandler`: on Linux that handler is a dispatch source watching the pipe,
/// and when the pipe was closed while its source was still being cancelled, libdispatch's event thread
/// crashed the whole test run now and then (a null dereference in `_dispatch_event_loop_drain`, seen
/// twice in nine runs of `swift test`).
// `@unchecked Sendable` is sound: the mutable output lives in `output` (a `LockedText`, which locks), and
// every other stored property is a `let` of a type that does its own synchronisation (`Process`, `Pipe`,
// `DispatchSemaphore`, `DispatchGroup`).
public final class BackgroundProcess: @unchecked Sendable {
    private let process = Process()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let output = LockedText()
    private let readers = DispatchGroup()
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `executable` with `arguments`.
    public init(_ executable: String, arguments: [String] = []) throws {
        guard let path = Subprocess.find(executable) else { throw SubprocessError.notFound(executable) }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = Subprocess.environmentNamingThisProcess()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        process.terminationHandler = { [exited] _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw SubprocessError.launchFailed(executable, error)
        }
        // Each reader ends when the child's end of its pipe closes (`availableData` is empty at the end).
        let output = self.output
        let standardOutput = stdout.fileHandleForReading
        let standardError = stderr.fileHandleForReading
        Subprocess.onThread(in: readers) {
            while true {
                let data = standardOutput.availableData
                if data.isEmpty { break }
                output.appendOutput(data)
            }
        }
        Subprocess.onThread(in: readers) {
            while true {
                let data = standardError.availableData
                if data.isEmpty { break }
                output.appendError(data)
            }
        }
    }

    /// The process identifier.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Everything the process has written to standard error so far.
    public var errorText: String { output.errorText }

    /// The next line of standard output, waiting at most `timeout` seconds on a thread of its own (never the
    /// cooperative pool's, see ``onThreadOfItsOwn(_:)``); `nil` on timeout or exit.
    public func readLine(timeout: TimeInterval) async -> String? {
        await onThreadOfItsOwn { self.waitForLine(timeout: timeout) }
    }

    private func waitForLine(timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = output.takeLine() { return line }
            if !process.isRunning { return output.takeLine() }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    /// Kills the process with SIGKILL and waits a bounded time for it to be reaped and for its output to
    /// be read to the end. (A grandchild still holding the pipes open would leave the readers blocked;
    /// they are then abandoned after the wait, never closed under a blocked `read`.)
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        _ = exited.wait(timeout: .now() + 10)
        _ = readers.wait(timeout: .now() + 10)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// A background process's output so far, shared with its reader threads.
// `@unchecked Sendable` is sound: `standardOutput` and `standardError`, the only mutable state, are private
// and touched only while `lock` is held (`locked`); `lock` is a `let`.
private final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var standardOutput = Data()
    private var standardError = Data()

    // `NSLock.withLock` needs macOS 14; the package supports macOS 13.
    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func appendOutput(_ data: Data) { locked { standardOutput.append(data) } }
    func appendError(_ data: Data) { locked { standardError.append(data) } }
    var errorText: String { locked { String(decoding: standardError, as: UTF8.self) } }

    /// The first whole line of standard output, removed, or `nil` if no line is complete yet.
    func takeLine() -> String? {
        locked {
            guard let newline = standardOutput.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let line = String(decoding: standardOutput[standardOutput.startIndex..<newline], as: UTF8.self)
            standardOutput.removeSubrange(standardOutput.startIndex...newline)
            return line
        }
    }
}

/// A `Data` value shared between threads.
// `@unchecked Sendable` is sound: `data`, the only mutable state, is private and touched only between
// `lock.lock()` and `lock.unlock()`; `lock` is a `let`.
private final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) {
        lock.lock()
        data = value
        lock.unlock()
    }
    func get() -> Data {
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
