import Dispatch
import Foundation
import TestSupport
import Testing

@testable import QueryRequest

/// The library's own timeout (`InactivityTimeout`, used on Linux): the interval is the one asked for, to the
/// nanosecond (FoundationNetworking truncated it to whole seconds; an earlier version rounded it up), and it
/// fires only once that much time passed without activity. Only lower bounds on time are checked.
@Suite(.timeLimit(.minutes(5))) struct InactivityTimeoutTests {
    @Test(
        arguments: [
            (1.1, 1_100_000_000), (0.9, 900_000_000), (3.9, 3_900_000_000), (0.000_000_5, 500), (0, 0),
            (-1, 60_000_000_000), (.infinity, 60_000_000_000), (.nan, 60_000_000_000),
            (1e12, 31_536_000_000_000_000),
        ] as [(TimeInterval, UInt64)])
    func theIntervalIsTheTimeoutAskedFor(seconds: TimeInterval, nanoseconds: UInt64) {
        let timeout = InactivityTimeout(seconds: seconds, confirm: { $0() }, onTimeout: {})
        defer { timeout.cancel() }
        #expect(timeout.interval == nanoseconds)
    }

    /// Activity is simulated at the one moment whose order is certain: inside the first probe, before it
    /// reports back (as a callback queued before the probe would). A touch from another queue on a timer
    /// could land after the firing on a busy machine, and the test would then check nothing.
    @Test func itFiresOnceTheIntervalPassedSinceTheLastActivity() async throws {
        let interval: UInt64 = 200_000_000
        let start = DispatchTime.now().uptimeNanoseconds
        let touchedAt = Locked<UInt64?>(nil)
        let firedAt = Locked<UInt64?>(nil)
        let probes = Locked(0)
        let made = Locked<InactivityTimeout?>(nil)
        let madeSignal = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let timeout = InactivityTimeout(
            seconds: 0.2,
            confirm: { probeArrived in
                let first = probes.update { count -> Bool in
                    count += 1
                    return count == 1
                }
                guard first else { return probeArrived() }
                DispatchQueue.global().async {
                    madeSignal.wait()  // signalled right after `made` is set, below
                    touchedAt.update { $0 = DispatchTime.now().uptimeNanoseconds }
                    made.current?.touch()
                    probeArrived()
                }
            },
            onTimeout: {
                firedAt.update { $0 = DispatchTime.now().uptimeNanoseconds }
                done.signal()
            })
        made.update { $0 = timeout }
        madeSignal.signal()
        // Waited for off the cooperative pool, with a bound that only detects a hang.
        let firedInTime = await onThreadOfItsOwn { done.wait(timeout: .now() + 300) == .success }
        made.update { $0 = nil }
        withExtendedLifetime(timeout) {}
        let fired = try #require(firedAt.current, "it fired within 300 s: \(firedInTime)")
        let touched = try #require(touchedAt.current, "the first probe touched it")
        #expect(fired >= start + interval)
        #expect(fired >= touched + interval, "it counts from the last activity, which the first probe saw")
        #expect(probes.current == 2, "the first probe found the deadline moved and did not fire")
    }
}
