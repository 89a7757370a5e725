// Written by hand beside the command plugin's output (Generated/), in the same module.
extension Order {
    /// The order's identifier and status, for a log line.
    public var summary: String { "\(id): \(status.rawValue)" }
}
