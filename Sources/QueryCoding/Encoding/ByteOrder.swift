import Foundation

/// Sorts keys by their bytes, in specialised code: the standard library's `sort` over a generic element
/// runs unspecialised, copying and comparing every element through its metadata (for a 1,000-entry
/// dictionary, about 54,000 instructions per entry, ten times the cost of writing it).
enum ByteOrder {
    /// The indices of `names`, ordered by the names' UTF-8 bytes; equal names keep their order.
    static func sortedIndices(of names: [String]) -> [Int] {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(names.count)
        for name in names {
            bytes.append(contentsOf: name.utf8)
            ends.append(bytes.count)
        }
        return sortedIndices(bytes: bytes, ends: ends)
    }

    /// The indices of `texts`, ordered by their bytes; equal texts keep their order.
    static func sortedIndices(of texts: [[UInt8]]) -> [Int] {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(texts.count)
        for text in texts {
            bytes.append(contentsOf: text)
            ends.append(bytes.count)
        }
        return sortedIndices(bytes: bytes, ends: ends)
    }

    /// The indices of the runs of `bytes` that end at `ends` (the first starts at 0), ordered by bytes.
    private static func sortedIndices(bytes: [UInt8], ends: [Int]) -> [Int] {
        bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                // Each run's first 16 bytes as two big-endian words (zero-padded), compared as integers:
                // most comparisons end there, and only runs that agree on them read their bytes.
                var keys: [SortKey] = []
                keys.reserveCapacity(ends.count)
                var start = 0
                for (index, end) in ends.enumerated() {
                    keys.append(SortKey(bytes: UnsafeBufferPointer(rebasing: bytes[start..<end]), index: index))
                    start = end
                }
                func run(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
                }
                keys.sort { left, right in
                    if left.high != right.high { return left.high < right.high }
                    if left.low != right.low { return left.low < right.low }
                    let leftRun = run(left.index)
                    let rightRun = run(right.index)
                    let common = Swift.min(leftRun.count, rightRun.count)
                    if common > 16, let leftBase = leftRun.baseAddress, let rightBase = rightRun.baseAddress {
                        let order = memcmp(leftBase + 16, rightBase + 16, common - 16)
                        if order != 0 { return order < 0 }
                    }
                    if leftRun.count != rightRun.count { return leftRun.count < rightRun.count }
                    return left.index < right.index
                }
                return keys.map(\.index)
            }
        }
    }

    /// A run's place in the order: its first 16 bytes, then (when those are equal) the rest of it.
    private struct SortKey {
        /// Bytes 0–7 and 8–15 of the run, big-endian, zero past its end.
        let high: UInt64
        let low: UInt64
        let index: Int

        init(bytes: UnsafeBufferPointer<UInt8>, index: Int) {
            var high: UInt64 = 0
            var low: UInt64 = 0
            for offset in 0..<8 {
                high = high << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
                low = low << 8 | UInt64(offset + 8 < bytes.count ? bytes[offset + 8] : 0)
            }
            self.high = high
            self.low = low
            self.index = index
        }
    }
}
