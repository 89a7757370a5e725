import Testing

@testable import QueryRequest

/// The one conversion of a `Duration` to seconds and to the milliseconds logs print.
@Suite(.timeLimit(.minutes(5))) struct DurationUnitsTests {
    @Test func seconds() {
        #expect(Duration.milliseconds(1500).inSeconds == 1.5)
        #expect(Duration.zero.inSeconds == 0)
        #expect(Duration.nanoseconds(-250_000_000).inSeconds == -0.25)
    }

    @Test func wholeMillisecondsDropTheRest() {
        #expect(Duration.microseconds(1999).wholeMilliseconds == 1)
        #expect(Duration.seconds(3).wholeMilliseconds == 3000)
        #expect(Duration.microseconds(999).wholeMilliseconds == 0)
    }
}
