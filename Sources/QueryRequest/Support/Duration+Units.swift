extension Duration {
    /// The duration in seconds, its fraction included (to the attosecond, as far as a `Double` holds it).
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }

    /// The whole milliseconds in the duration, the rest dropped (toward zero): what logs print.
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
