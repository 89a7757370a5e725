/// How a parameter name splits into the segments that the tree nests by.
///
/// | Strategies | Name | Segments |
/// |------------|------|----------|
/// | `.dots` | `filter.min` | `filter`, `min` |
/// | `.dots` with bracket arrays | `items[0].id` | `items`, `0`, `id` |
/// | `.brackets` | `filter[min]` | `filter`, `min` |
/// | `.brackets` | `tags[]` | `tags`, *(empty)* |
/// | any | `a..b`, `a[b`, `[x]` | the whole name, as one literal segment |
///
/// A name that is not well formed for the strategies is one literal segment: the encoder never writes
/// such names, so they can only be parameters the type does not know, which are ignored. A dictionary
/// refuses such a key, and an empty one, since the encoder could not write it back.
///
/// Names are read as UTF-8 bytes, not `Character`s: `.` or `[` followed by a combining mark is one
/// `Character`, yet it is still the separator the encoder wrote. Splitting at these ASCII bytes never
/// cuts a multi-byte character, so every segment of valid UTF-8 is valid UTF-8.
struct NameSegmentation {
    let dotsNest: Bool
    let bracketsNest: Bool

    init(options: DecodingOptions) {
        let syntax = NestingSyntax(array: options.arrayDecoding, nesting: options.nestedKeyDecoding)
        dotsNest = syntax.dotsNest
        bracketsNest = syntax.bracketsNest
    }

    init(dotsNest: Bool, bracketsNest: Bool) {
        self.dotsNest = dotsNest
        self.bracketsNest = bracketsNest
    }

    /// What kind of name a name is, found by scanning it, before any segment is built: a name nesting a
    /// million levels costs a scan, not a million strings.
    enum Shape {
        /// One literal segment: the name holds no nesting syntax.
        case flat
        /// One literal segment: the name holds nesting syntax but is not well formed for the strategies.
        case literal
        /// A well-formed nested name, within the depth limit: ``forEachSegment(of:_:)`` visits its segments.
        case nested
        /// A well-formed name nesting deeper than the limit.
        case tooDeep
    }

    /// The shape of the name `bytes`.
    func shape(of bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) -> Shape {
        guard mayNest(bytes) else { return .flat }
        var count = 0
        guard walk(bytes, { _ in count += 1 }) else { return .literal }
        return count - 1 <= maximumDepth ? .nested : .tooDeep
    }

    /// Calls `visit` with the byte range of each segment of a name whose shape is `.nested`.
    func forEachSegment(of bytes: UnsafeBufferPointer<UInt8>, _ visit: (Range<Int>) -> Void) {
        _ = walk(bytes, visit)
    }

    /// How a name splits, as strings.
    enum Split {
        /// One literal segment: the name holds no nesting syntax.
        case flat
        /// One literal segment: the name holds nesting syntax but is not well formed for the strategies.
        case literal
        /// The segments of a well-formed nested name.
        case nested([String])
        /// A well-formed name nesting deeper than the limit, found before any segment is built.
        case tooDeep
    }

    /// The segments of `name` as strings (the parsed query splits names on their bytes, see
    /// ``shape(of:maximumDepth:)``; this is for names read again).
    func split(_ name: String, maximumDepth: Int) -> Split {
        var name = name
        return name.withUTF8 { bytes in
            switch shape(of: bytes, maximumDepth: maximumDepth) {
            case .flat: return .flat
            case .literal: return .literal
            case .tooDeep: return .tooDeep
            case .nested:
                var segments: [String] = []
                forEachSegment(of: bytes) { range in
                    segments.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
                }
                return .nested(segments)
            }
        }
    }

    /// Whether the encoder could write `segment` as a key: it is not empty and holds no byte that nests
    /// under the strategies (the encoder refuses the same keys).
    func isWritableKey(_ segment: UnsafeBufferPointer<UInt8>) -> Bool {
        !segment.isEmpty && !mayNest(segment)
    }

    /// Whether a name holds a byte that nests under the strategies.
    private func mayNest(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."): if dotsNest { return true }
            case UInt8(ascii: "["), UInt8(ascii: "]"): if bracketsNest { return true }
            default: break
            }
        }
        return false
    }

    /// Calls `visit` with the byte range of each segment; returns `false` when the name is malformed.
    private func walk(_ bytes: UnsafeBufferPointer<UInt8>, _ visit: (Range<Int>) -> Void) -> Bool {
        var start = 0
        while start <= bytes.count {
            let end = dotsNest ? (bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count) : bytes.count
            guard walkBrackets(of: bytes, in: start..<end, visit) else { return false }
            start = end + 1
        }
        return true
    }

    /// Visits `key[a][b]` as `key`, `a`, `b` when brackets nest (otherwise a bracket is an ordinary byte
    /// of the segment); `false` when the part is malformed.
    private func walkBrackets(
        of bytes: UnsafeBufferPointer<UInt8>, in part: Range<Int>, _ visit: (Range<Int>) -> Void
    ) -> Bool {
        let open = UInt8(ascii: "[")
        let close = UInt8(ascii: "]")
        guard !part.isEmpty else { return false }
        guard bracketsNest, let firstOpen = bytes[part].firstIndex(of: open) else {
            guard !(bracketsNest && bytes[part].contains(close)) else { return false }
            visit(part)
            return true
        }
        guard firstOpen > part.lowerBound, !bytes[part.lowerBound..<firstOpen].contains(close) else { return false }
        visit(part.lowerBound..<firstOpen)
        var index = firstOpen
        while index < part.upperBound {
            guard bytes[index] == open, let end = bytes[index..<part.upperBound].firstIndex(of: close) else {
                return false
            }
            guard !bytes[(index + 1)..<end].contains(open) else { return false }
            visit((index + 1)..<end)
            index = end + 1
        }
        return true
    }
}
