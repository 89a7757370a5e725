import QueryRequest

extension FuzzInput {
    /// A limit: the default, or one of the extreme values every limit must accept or refuse without a trap.
    public mutating func limit(default value: Int) -> Int {
        let extremes = [value, value, value, value, .max, .max - 1, 0, 1, 2, -1, .min]
        return extremes[choice(extremes.count)]
    }

    /// Decoder limits, mostly the defaults, now and then extreme.
    public mutating func limits() -> QueryDecoder.Limits {
        guard choice(4) == 0 else { return .default }
        let defaults = QueryDecoder.Limits.default
        return QueryDecoder.Limits(
            maximumInputLength: limit(default: defaults.maximumInputLength),
            maximumParameterCount: limit(default: defaults.maximumParameterCount),
            maximumDepth: limit(default: defaults.maximumDepth),
            maximumArrayLength: limit(default: defaults.maximumArrayLength))
    }
}
