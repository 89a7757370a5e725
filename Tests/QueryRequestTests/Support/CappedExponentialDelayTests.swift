import Testing

@testable import QueryRequest

/// The one capped exponential delay, under `APIClient.Backoff` and `ReconnectionPolicy`: exact for a whole
/// factor, capped, and safe for any count, factor and duration.
@Suite(.timeLimit(.minutes(5))) struct CappedExponentialDelayTests {
    func delay(_ base: Duration, _ factor: Double, _ steps: Int, cap: Duration = .seconds(60)) -> Duration {
        CappedExponentialDelay.delay(base: base, factor: factor, steps: steps, cap: cap)
    }

    @Test func growsByTheFactorOncePerStep() {
        #expect(delay(.milliseconds(100), 2, 0) == .milliseconds(100))
        #expect(delay(.milliseconds(100), 2, 3) == .milliseconds(800))  // exact, not the nearest Double
        #expect(delay(.seconds(1), 1.5, 2) == .seconds(2.25))
        #expect(delay(.seconds(3), 1, 50) == .seconds(3))
    }

    @Test func stopsAtTheCap() {
        #expect(delay(.seconds(1), 2, 10) == .seconds(60))
        #expect(delay(.seconds(90), 2, 0) == .seconds(60))
        #expect(delay(.seconds(1), 2, 5, cap: .seconds(20)) == .seconds(20))
    }

    @Test func oddInputsReadAsDocumented() {
        #expect(delay(.seconds(-1), 2, 3) == .zero)  // a base below zero is zero
        #expect(delay(.seconds(1), 2, 3, cap: .seconds(-5)) == .zero)  // so is a cap
        #expect(delay(.seconds(1), 0.5, 3) == .seconds(1))  // a factor below 1 is 1
        #expect(delay(.seconds(1), .nan, 3) == .seconds(1))
        #expect(delay(.seconds(1), 2, -4) == .seconds(1))
    }

    @Test func noCountFactorOrDurationOverflows() {
        let longest = Duration(secondsComponent: .max, attosecondsComponent: 0)
        #expect(delay(.seconds(1), 2, .max, cap: longest) == longest)
        #expect(delay(.seconds(1), 1e300, .max, cap: longest) == longest)
        #expect(delay(.seconds(1), .infinity, 1, cap: longest) == longest)
        #expect(delay(.nanoseconds(1), 9.2e18, 2, cap: longest) == longest)
    }
}
