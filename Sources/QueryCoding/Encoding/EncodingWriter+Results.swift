import Foundation

// Results: the string or the items of the call, with the pairs in output order.
extension EncodingWriter {
    func makeString() -> String {
        if !recordsPairs {
            return String(decoding: bytes.bytes, as: UTF8.self)
        }
        // Sorted output (string output never keeps whole strings: everything is in `bytes`).
        var result = ByteBuffer(capacity: bytes.count + 2 * pairs.count)
        for (offset, pair) in orderedPairIndices().enumerated() {
            if offset > 0 { result.append(UInt8(ascii: "&")) }
            let record = pairs[pair]
            result.append(bytes[record.nameStart..<record.valueStart])
            result.append(UInt8(ascii: "="))
            result.append(bytes[record.valueStart..<valueEnd(of: pair)])
        }
        return String(decoding: result.bytes, as: UTF8.self)
    }

    func makeItems() -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.reserveCapacity(pairs.count)
        for pair in orderedPairIndices() {
            let record = pairs[pair]
            items.append(
                URLQueryItem(
                    name: record.name ?? String(decoding: bytes[record.nameStart..<record.valueStart], as: UTF8.self),
                    value: record.value
                        ?? String(decoding: bytes[record.valueStart..<valueEnd(of: pair)], as: UTF8.self)))
        }
        return items
    }

    @inline(__always)
    private func valueEnd(of pair: Int) -> Int {
        pair + 1 < pairs.count ? pairs[pair + 1].nameStart : bytes.count
    }

    /// The recorded pairs in output order: as written, or sorted by unescaped name, ties kept in order.
    private func orderedPairIndices() -> [Int] {
        var order = Array(pairs.indices)
        guard sortsKeys else { return order }
        if keepsStrings {
            let names = pairs.map { $0.name.map { Array($0.utf8) } ?? Array(bytes[$0.nameStart..<$0.valueStart]) }
            order.sort { left, right in
                names[left].lexicographicallyPrecedes(names[right]) || (names[left] == names[right] && left < right)
            }
            return order
        }
        order.sort { left, right in
            let leftName = bytes[pairs[left].nameStart..<pairs[left].valueStart]
            let rightName = bytes[pairs[right].nameStart..<pairs[right].valueStart]
            switch compareUnescaped(leftName, rightName, escaped: escapes) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return left < right
            }
        }
        return order
    }
}

/// Compares two names by the bytes they stand for, reading `%XX` (and `+`) as the byte it encodes when
/// `escaped`, so that percent-encoded output sorts exactly like the unescaped items.
func compareUnescaped(
    _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>, escaped: Bool
) -> ComparisonResult {
    var leftIndex = 0
    var rightIndex = 0
    func next(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> UInt8 {
        let byte = buffer[index]
        if escaped && byte == UInt8(ascii: "%") && index + 2 < buffer.count,
            let high = PercentEncoding.hexValue(buffer[index + 1]),
            let low = PercentEncoding.hexValue(buffer[index + 2])
        {
            index += 3
            return high << 4 | low
        }
        index += 1
        return escaped && byte == UInt8(ascii: "+") ? 0x20 : byte
    }
    while leftIndex < left.count && rightIndex < right.count {
        let a = next(left, &leftIndex)
        let b = next(right, &rightIndex)
        if a != b { return a < b ? .orderedAscending : .orderedDescending }
    }
    if leftIndex < left.count { return .orderedDescending }
    if rightIndex < right.count { return .orderedAscending }
    return .orderedSame
}
