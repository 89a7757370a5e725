import Foundation

/// The output of one `encode` call: names and values appended as bytes, in one pass.
///
/// Percent-encoded output streams `name=value&name=value` straight into ``bytes``. When pairs must be
/// reordered (``QueryEncoder/OutputFormatting/sortedKeys``) or returned as items, the writer records
/// where each pair starts instead and assembles the result at the end; a pair's value runs to the start of
/// the next pair.
final class EncodingWriter {
    enum Output {
        /// `a=1&b=x%2By`: names and values percent-encoded.
        case percentEncoded
        /// `[URLQueryItem]`: names and values as the server reads them.
        case items
    }

    let storage: QueryEncoder.OptionsStorage
    let options: EncodingOptions
    let output: Output
    /// Whether bytes are percent-encoded as they are appended.
    let escapes: Bool
    let spaceAsPlus: Bool
    /// Whether pairs are recorded (for sorting or items) rather than separated by `&` and `=`.
    let recordsPairs: Bool
    /// A `.` in a key would be read back as nesting.
    let dotIsStructural: Bool
    /// A `[` or `]` in a key would be read back as nesting or an array index.
    let bracketsAreStructural: Bool

    /// Names and values, in order.
    var bytes: [UInt8] = []
    /// The full names of the composite values being encoded (structs, arrays, dictionaries), which
    /// their children's names start with. Append-only during a call, so ranges into it stay valid.
    var names: [UInt8] = []
    /// Where each pair's name and value start in ``bytes``, when ``recordsPairs``.
    var pairs: [(name: Int, value: Int)] = []
    /// How many pairs have been started.
    var pairCount = 0
    /// The first problem found after the fact: a container that cannot be written where it was asked for.
    var deferredError: EncodingError?

    init(options storage: QueryEncoder.OptionsStorage, output: Output) {
        let options = storage.options
        self.storage = storage
        self.options = options
        self.output = output
        self.escapes = output == .percentEncoded
        self.spaceAsPlus = options.spaceEncoding == .plus
        self.recordsPairs = output == .items || options.outputFormatting.contains(.sortedKeys)
        self.dotIsStructural = options.nestedKeyEncoding == .dots
        self.bracketsAreStructural =
            options.nestedKeyEncoding == .brackets || options.arrayEncoding == .brackets
            || options.arrayEncoding == .indexedBrackets
        bytes.reserveCapacity(256)
    }

    // MARK: Pairs

    /// Starts a pair named by the composite name `prefix`.
    @inline(__always)
    func beginPair(prefix: Range<Int>) {
        beginPair(prefix: prefix, appendingKey: {})
    }

    /// Starts a pair named by the composite name `prefix` followed by what `appendKey` writes.
    @inline(__always)
    func beginPair(prefix: Range<Int>, appendingKey appendKey: () throws -> Void) rethrows {
        if recordsPairs {
            let nameStart = bytes.count
            appendName(prefix)
            try appendKey()
            pairs.append((nameStart, bytes.count))
        } else {
            if pairCount > 0 { bytes.append(UInt8(ascii: "&")) }
            appendName(prefix)
            try appendKey()
            bytes.append(UInt8(ascii: "="))
        }
        pairCount &+= 1
    }

    @inline(__always)
    private func appendName(_ range: Range<Int>) {
        if !range.isEmpty {
            bytes.append(contentsOf: names[range])
        }
    }

    /// Separates the elements of a comma-separated list.
    @inline(__always)
    func appendListSeparator() {
        bytes.append(UInt8(ascii: ","))
    }

    // MARK: Names

    /// The structural text the encoder writes around keys.
    enum Delimiter {
        case dot, openBracket, closeBracket

        var raw: UInt8 {
            switch self {
            case .dot: UInt8(ascii: ".")
            case .openBracket: UInt8(ascii: "[")
            case .closeBracket: UInt8(ascii: "]")
            }
        }
    }

    @inline(__always)
    func appendDelimiter(_ delimiter: Delimiter, to buffer: inout [UInt8]) {
        let raw = delimiter.raw
        if escapes && raw != UInt8(ascii: ".") {
            buffer.append(UInt8(ascii: "%"))
            buffer.append(PercentEncoding.hexDigit(raw >> 4))
            buffer.append(PercentEncoding.hexDigit(raw & 0x0F))
        } else {
            buffer.append(raw)
        }
    }

    /// Why a key cannot be written.
    enum KeyProblem: Error {
        case empty
        case structural(Character)
    }

    /// Appends a key (already converted) to `buffer`, escaped when the output is, checking that it
    /// cannot be read back as nesting syntax.
    @inline(__always)
    func appendKey(_ key: String, to buffer: inout [UInt8]) throws(KeyProblem) {
        var key = key
        if let problem = key.withUTF8({ appendKey($0, to: &buffer) }) { throw problem }
    }

    private func appendKey(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout [UInt8]) -> KeyProblem? {
        if utf8.isEmpty { return .empty }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "."): if dotIsStructural { return .structural(".") }
            case UInt8(ascii: "["), UInt8(ascii: "]"):
                if bracketsAreStructural { return .structural(Character(Unicode.Scalar(byte))) }
            default: break
            }
        }
        if escapes {
            PercentEncoding.append(utf8, to: &buffer, spaceAsPlus: spaceAsPlus)
        } else {
            buffer.append(contentsOf: utf8)
        }
        return nil
    }

    /// Appends the joint between a composite's name and one of its keys: `.` or `[` (`%5B`).
    @inline(__always)
    func appendKeyOpening(after prefix: Range<Int>, to buffer: inout [UInt8]) {
        guard !prefix.isEmpty else { return }
        switch options.nestedKeyEncoding {
        case .dots: appendDelimiter(.dot, to: &buffer)
        case .brackets: appendDelimiter(.openBracket, to: &buffer)
        }
    }

    /// Appends what closes a key opened by ``appendKeyOpening(after:to:)``.
    @inline(__always)
    func appendKeyClosing(after prefix: Range<Int>, to buffer: inout [UInt8]) {
        if !prefix.isEmpty && options.nestedKeyEncoding == .brackets {
            appendDelimiter(.closeBracket, to: &buffer)
        }
    }

    /// Stores a new composite name, `prefix` followed by `suffix`, and returns its range.
    func makeName(prefix: Range<Int>, suffix: (inout [UInt8]) throws -> Void) rethrows -> Range<Int> {
        let start = names.count
        if !prefix.isEmpty {
            names.ensureCapacity(forAppending: prefix.count)
            for index in prefix { names.append(names[index]) }
        }
        try suffix(&names)
        return start..<names.count
    }

    // MARK: Values

    /// Appends value text, escaped when the output is.
    ///
    /// - Returns: `false` when the text holds a comma and is an element of a comma-separated list
    ///   written as items, where the comma could not be told from a separator.
    @inline(__always)
    func appendValue(_ text: String, isListElement: Bool) -> Bool {
        var text = text
        return text.withUTF8 { appendValue($0, isListElement: isListElement) }
    }

    func appendValue(_ utf8: UnsafeBufferPointer<UInt8>, isListElement: Bool) -> Bool {
        if escapes {
            PercentEncoding.append(utf8, to: &bytes, spaceAsPlus: spaceAsPlus)
        } else {
            if isListElement && utf8.contains(UInt8(ascii: ",")) { return false }
            bytes.append(contentsOf: utf8)
        }
        return true
    }

    /// Appends ASCII text that needs no escaping (digits, `-`, `true`, …).
    @inline(__always)
    func appendUnreservedASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of an integer.
    @inline(__always)
    func appendInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        if Integer.isSigned && value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        appendDecimalDigits(UInt64(value.magnitude), to: &bytes)
    }

    // MARK: Results

    func makeString() -> String {
        if !recordsPairs {
            return String(decoding: bytes, as: UTF8.self)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 2 * pairs.count)
        for (position, pair) in orderedPairIndices().enumerated() {
            if position > 0 { result.append(UInt8(ascii: "&")) }
            let (nameStart, valueStart) = pairs[pair]
            result.append(contentsOf: bytes[nameStart..<valueStart])
            result.append(UInt8(ascii: "="))
            result.append(contentsOf: bytes[valueStart..<valueEnd(of: pair)])
        }
        return String(decoding: result, as: UTF8.self)
    }

    func makeItems() -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        items.reserveCapacity(pairs.count)
        for pair in orderedPairIndices() {
            let (nameStart, valueStart) = pairs[pair]
            items.append(
                URLQueryItem(
                    name: String(decoding: bytes[nameStart..<valueStart], as: UTF8.self),
                    value: String(decoding: bytes[valueStart..<valueEnd(of: pair)], as: UTF8.self)))
        }
        return items
    }

    @inline(__always)
    private func valueEnd(of pair: Int) -> Int {
        pair + 1 < pairs.count ? pairs[pair + 1].name : bytes.count
    }

    /// The recorded pairs in output order: as written, or sorted by unescaped name, ties kept in order.
    private func orderedPairIndices() -> [Int] {
        var order = Array(pairs.indices)
        guard options.outputFormatting.contains(.sortedKeys) else { return order }
        bytes.withUnsafeBufferPointer { bytes in
            order.sort { left, right in
                let leftName = UnsafeBufferPointer(rebasing: bytes[pairs[left].name..<pairs[left].value])
                let rightName = UnsafeBufferPointer(rebasing: bytes[pairs[right].name..<pairs[right].value])
                switch compareUnescaped(leftName, rightName, escaped: escapes) {
                case .orderedAscending: return true
                case .orderedDescending: return false
                case .orderedSame: return left < right
                }
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
