/// Finds a form's boundary in bytes (Boyer–Moore–Horspool), also across the chunks of a stream.
///
/// The default boundary is 43 bytes, so a search skips up to 43 bytes per comparison: checking a file
/// while it streams costs far less than reading it.
struct BoundarySearch: Sendable {
    /// The boundary's bytes; never empty (a boundary has 1 to 70 characters).
    let pattern: [UInt8]
    /// How far the window may move when its last byte is `byte`.
    private let skip: [Int]
    /// The last `pattern.count - 1` bytes seen by ``scan(_:)``, in which an occurrence may begin.
    private var tail: [UInt8] = []

    init(boundary: String) {
        pattern = Array(boundary.utf8)
        var skip = [Int](repeating: pattern.count, count: 256)
        for (index, byte) in pattern.dropLast().enumerated() {
            skip[Int(byte)] = pattern.count - 1 - index
        }
        self.skip = skip
    }

    /// Whether the boundary occurs in `bytes`.
    func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        let count = pattern.count
        guard bytes.count >= count, let base = bytes.baseAddress else { return false }
        return pattern.withUnsafeBufferPointer { pattern in
            skip.withUnsafeBufferPointer { skip in
                // Unchecked reads: `start + last < bytes.count` holds for every window the loop visits,
                // `index <= last < pattern.count`, and a byte indexes the 256 entries of `skip`.
                let last = count - 1
                let lastByte = pattern[last]
                let end = bytes.count - count
                var start = 0
                while start <= end {
                    let byte = base.load(fromByteOffset: start + last, as: UInt8.self)
                    if byte == lastByte {
                        var index = last - 1
                        while index >= 0 && base.load(fromByteOffset: start + index, as: UInt8.self) == pattern[index] {
                            index -= 1
                        }
                        if index < 0 { return true }
                    }
                    start += skip[Int(byte)]
                }
                return false
            }
        }
    }

    /// Whether the boundary occurs in `bytes` as a whole.
    func occurs(in bytes: some Collection<UInt8>) -> Bool {
        if let found = bytes.withContiguousStorageIfAvailable({ occurs(in: UnsafeRawBufferPointer($0)) }) {
            return found
        }
        return Array(bytes).withUnsafeBytes { occurs(in: $0) }
    }

    /// Feeds the next chunk of a stream: whether the boundary occurs in the stream so far, also when it
    /// begins in an earlier chunk.
    mutating func scan(_ chunk: UnsafeRawBufferPointer) -> Bool {
        let keep = pattern.count - 1
        if !tail.isEmpty {
            // Occurrences that begin in the tail end within the first `keep` bytes of the chunk.
            let junction = tail + chunk.prefix(keep)
            if occurs(in: junction) { return true }
        }
        if occurs(in: chunk) { return true }
        if chunk.count >= keep {
            tail = Array(chunk.suffix(keep))
        } else {
            tail = Array((tail + chunk).suffix(keep))
        }
        return false
    }

    /// Forgets the bytes of the previous stream.
    mutating func reset() {
        tail.removeAll(keepingCapacity: true)
    }
}
