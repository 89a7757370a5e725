import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a session notes the moments of one exchange that only it sees: when the response's head arrived, and
/// what the platform measured of the connection (`URLSessionTaskMetrics`). Set for the exchange's task by whoever
/// will read it — the client when it reports attempts (``APIClient/Attempt/timing``), a
/// ``HARRecordingSession`` for its `timings` — and read once the session has answered.
///
/// `Sendable`: the state is in a ``Locked`` box; the delegate's queue writes it, the calling task reads it.
final class AttemptTimingRecorder: Sendable {
    @TaskLocal static var current: AttemptTimingRecorder?

    /// What the platform measured of the connection, each phase from its start to its end.
    struct ConnectionPhases: Sendable, Hashable {
        var domainLookup: Duration?
        var connect: Duration?
        var secureConnection: Duration?
    }

    private struct State {
        var responseStart: ContinuousClock.Instant?
        var phases = ConnectionPhases()
    }

    private let state = Locked(State())

    /// The moment the response's head arrived, if a session said so.
    var responseStart: ContinuousClock.Instant? { state.current.responseStart }

    /// What the platform measured of the connection; every phase `nil` where it measured nothing.
    var phases: ConnectionPhases { state.current.phases }

    /// Notes that the response's head arrives now; a later note (the head of a stream noticed again by its
    /// caller) keeps the first.
    func noteResponseStart() {
        let now = ContinuousClock.now
        state.withValue { if $0.responseStart == nil { $0.responseStart = now } }
    }

    /// Keeps the phases of the last transaction of `metrics` (the one that answered) that the platform dated.
    func note(_ metrics: URLSessionTaskMetrics) {
        guard let transaction = metrics.transactionMetrics.last else { return }
        let phases = ConnectionPhases(
            domainLookup: Self.span(transaction.domainLookupStartDate, transaction.domainLookupEndDate),
            connect: Self.span(transaction.connectStartDate, transaction.connectEndDate),
            secureConnection: Self.span(transaction.secureConnectionStartDate, transaction.secureConnectionEndDate))
        state.withValue { $0.phases = phases }
    }

    /// The time from `start` to `end`, when both are dated and in that order.
    private static func span(_ start: Date?, _ end: Date?) -> Duration? {
        guard let start, let end, end >= start else { return nil }
        return .seconds(end.timeIntervalSince(start))
    }
}
