import Foundation

/// Finds a form's boundary in bytes, also across the chunks of a stream.
///
/// Sixteen window positions are tested at once, on their first and last bytes (two vector compares);
/// only a position where both match is compared whole. Checking a file while it streams then runs at
/// about the speed of reading it from memory, the most a search that must see every byte can do.
struct BoundarySearch: Sendable {
    /// The boundary's bytes; never empty (a boundary has 1 to 70 characters).
    let pattern: [UInt8]
    /// The last `pattern.count - 1` bytes seen by ``scan(_:)``, in which an occurrence may begin.
    private var tail: [UInt8] = []

    init(boundary: String) {
        pattern = Array(boundary.utf8)
    }

    /// Whether the boundary occurs in `bytes`.
    func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        let count = pattern.count
        guard bytes.count >= count, let base = bytes.baseAddress else { return false }
        return pattern.withUnsafeBufferPointer { pattern in
            guard let patternBase = pattern.baseAddress else { return false }
            let first = pattern[0]
            let last = pattern[count - 1]
            // The window starting at `start` is the bytes `start ..< start + count`; `end` is the last start.
            let end = bytes.count - count
            func matches(at start: Int) -> Bool {
                // In bounds: `start <= end`, so `start + count <= bytes.count`.
                memcmp(base + start, patternBase, count) == 0
            }
            var start = 0
            let firsts = SIMD16<UInt8>(repeating: first)
            let lasts = SIMD16<UInt8>(repeating: last)
            while start + 15 <= end {
                // In bounds: the loads read `start ..< start + 16` and `start + count - 1 ..< start + count + 15`,
                // and `start + 15 + count <= end + count == bytes.count`.
                let heads = base.loadUnaligned(fromByteOffset: start, as: SIMD16<UInt8>.self)
                let tails = base.loadUnaligned(fromByteOffset: start + count - 1, as: SIMD16<UInt8>.self)
                let candidates = (heads .== firsts) .& (tails .== lasts)
                if any(candidates) {
                    for lane in 0..<16 where candidates[lane] && matches(at: start + lane) { return true }
                }
                start += 16
            }
            while start <= end {
                if base.load(fromByteOffset: start, as: UInt8.self) == first
                    && base.load(fromByteOffset: start + count - 1, as: UInt8.self) == last && matches(at: start)
                {
                    return true
                }
                start += 1
            }
            return false
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
