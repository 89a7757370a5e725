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

    @Test func itFiresOnceTheIntervalPassedSinceTheLastActivity() async throws {
        let start = DispatchTime.now().uptimeNanoseconds
        let touched = Locked<UInt64>(0)
        let fired = Locked<UInt64?>(nil)
        let done = DispatchSemaphore(value: 0)
        let timeout = InactivityTimeout(
            seconds: 0.2, confirm: { $0() },
            onTimeout: {
                fired.update { $0 = DispatchTime.now().uptimeNanoseconds }
                done.signal()
            })
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            touched.update { $0 = DispatchTime.now().uptimeNanoseconds }
            timeout.touch()
        }
        // Waited for off the cooperative pool, with a bound; the timeout is kept alive meanwhile (its timer
        // holds it weakly, and it cancels itself when released).
        let firedInTime = await onThreadOfItsOwn { done.wait(timeout: .now() + 30) == .success }
        withExtendedLifetime(timeout) {}
        let firedAt = try #require(fired.current, "it fired within 30 s: \(firedInTime)")
        #expect(firedAt - start >= 200_000_000)
        #expect(firedAt - touched.current >= 200_000_000, "it counts from the last activity")
    }
}
