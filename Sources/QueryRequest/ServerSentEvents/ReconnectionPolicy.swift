/// When and how soon ``APIClient/events(for:reconnection:)`` reconnects after a connection ends, and when
/// it gives up.
///
/// ```swift
/// // Reconnect for ever, waiting what the stream asks (`retry`) or 1 s, never more than 10 s:
/// let patient = ReconnectionPolicy(defaultDelay: .seconds(1), maximumDelay: .seconds(10),
///                                  maximumReconnectionsWithoutEvent: nil)
/// ```
///
/// The wait before a reconnection is the stream's `retry` (the last one it sent), else ``defaultDelay``;
/// multiplied by ``backoffFactor`` once for every reconnection already made since the last event (so the
/// first reconnection after an event waits exactly that), and capped by ``maximumDelay``.
///
/// The stream gives up, instead of reconnecting, once ``maximumReconnectionsWithoutEvent`` reconnections in
/// a row have delivered no event, or once it has reconnected ``maximumReconnections`` times in all. Giving
/// up ends the sequence when the last connection ended cleanly, and throws its error
/// (``APIError/transport(_:)``) when it failed.
///
/// Counts below 0 count as 0; delays below zero as zero; a ``backoffFactor`` below 1 (or NaN) as 1.
public struct ReconnectionPolicy: Sendable, Hashable {
    /// The wait before reconnecting when the stream has sent no `retry`. Default: 3 s (the specification
    /// suggests "a few seconds").
    public var defaultDelay: Duration
    /// The longest wait before a reconnection, whatever `retry` or the backoff say. Default: 60 s.
    public var maximumDelay: Duration
    /// The growth of the wait while reconnections deliver no event: the delay is multiplied by it once per
    /// reconnection made since the last event. 1 keeps it constant. Default: 2.
    public var backoffFactor: Double
    /// The most reconnections in a row that may deliver no event: the stream gives up rather than make
    /// one more. `nil`: no such limit. Default: 10 (about 6½ minutes of trying with the other defaults).
    public var maximumReconnectionsWithoutEvent: Int?
    /// The most reconnections over the stream's whole life; `nil`: no such limit (the default).
    public var maximumReconnections: Int?

    /// Creates a policy; every parameter has a default.
    ///
    /// - Parameters:
    ///   - defaultDelay: The wait when the stream sent no `retry`.
    ///   - maximumDelay: The cap of every wait.
    ///   - backoffFactor: The growth of the wait per reconnection without an event since the last one.
    ///   - maximumReconnectionsWithoutEvent: The most reconnections in a row without an event; `nil` for
    ///     no limit.
    ///   - maximumReconnections: The most reconnections in all; `nil` for no limit.
    public init(
        defaultDelay: Duration = .seconds(3),
        maximumDelay: Duration = .seconds(60),
        backoffFactor: Double = 2,
        maximumReconnectionsWithoutEvent: Int? = 10,
        maximumReconnections: Int? = nil
    ) {
        self.defaultDelay = defaultDelay
        self.maximumDelay = maximumDelay
        self.backoffFactor = backoffFactor
        self.maximumReconnectionsWithoutEvent = maximumReconnectionsWithoutEvent
        self.maximumReconnections = maximumReconnections
    }

    /// Reconnects after 3 s (or the stream's `retry`), doubling the wait while reconnections deliver no
    /// event, at most 60 s; gives up after 10 reconnections in a row without an event.
    public static let `default` = ReconnectionPolicy()

    /// One connection: when it ends, the sequence ends (or throws the connection's error).
    public static let never = ReconnectionPolicy(maximumReconnections: 0)

    /// Whether one more reconnection is allowed, after `made` reconnections in all and `withoutEvent` of
    /// them since the last event.
    func allowsReconnection(made: Int, withoutEvent: Int) -> Bool {
        if let maximum = maximumReconnections, made >= max(maximum, 0) { return false }
        if let maximum = maximumReconnectionsWithoutEvent, withoutEvent >= max(maximum, 0) { return false }
        return true
    }

    /// The wait before a reconnection: `retry` (the stream's) or ``defaultDelay``, grown once per
    /// reconnection made since the last event, capped by ``maximumDelay``.
    func delay(retry: Duration?, reconnectionsWithoutEvent: Int) -> Duration {
        CappedExponentialDelay.delay(
            base: retry ?? defaultDelay, factor: backoffFactor, steps: reconnectionsWithoutEvent, cap: maximumDelay)
    }
}
