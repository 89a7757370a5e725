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
    let output: Output
    // The strategies the hot path reads, copied out of the options once per call; the others (dates,
    // data, custom keys) are read from `storage` where they are needed.
    let arrayEncoding: QueryEncoder.ArrayEncodingStrategy
    let nestedKeyEncoding: QueryEncoder.NestedKeyEncodingStrategy
    let boolEncoding: QueryEncoder.BoolEncodingStrategy
    let nilEncoding: QueryEncoder.NilEncodingStrategy
    let convertsKeys: Bool
    let sortsKeys: Bool
    /// Whether bytes are percent-encoded as they are appended.
    let escapes: Bool
    let spaceAsPlus: Bool
    /// Whether pairs are recorded (for sorting or items) rather than separated by `&` and `=`.
    let recordsPairs: Bool
    /// Items output: a name or value that is one whole string is kept as that string, not copied.
    let keepsStrings: Bool
    /// A `.` in a key would be read back as nesting.
    let dotIsStructural: Bool
    /// A `[` or `]` in a key would be read back as nesting or an array index.
    let bracketsAreStructural: Bool

    // The buffers below are touched only by this call's code, never with overlapping accesses, so
    // they skip the runtime exclusivity checks (which cost more than the appends themselves).

    /// Names and values, in order.
    @exclusivity(unchecked) var bytes = ByteBuffer(capacity: 256)
    /// The full names of the composite values being encoded (structs, arrays, dictionaries), which
    /// their children's names start with. Append-only during a call, so ranges into it stay valid.
    @exclusivity(unchecked) var names = ByteBuffer(capacity: 0)
    /// The pairs, when ``recordsPairs``.
    @exclusivity(unchecked) var pairs: [RecordedPair] = []
    /// Items output only: the last pair's value is a whole string kept in its record, not yet in ``bytes``.
    @exclusivity(unchecked) var valueIsPendingString = false
    /// How many pairs have been started.
    @exclusivity(unchecked) var pairCount = 0
    /// Elements of indexed arrays made through nested containers, checked when the call ends.
    var watchedElements: [EncodingPosition] = []
    /// The first problem found after the fact: a container that cannot be written where it was asked for.
    var deferredError: (any Error)?

    init(options storage: QueryEncoder.OptionsStorage, output: Output) {
        let options = storage.options
        self.storage = storage
        self.output = output
        self.arrayEncoding = options.arrayEncoding
        self.nestedKeyEncoding = options.nestedKeyEncoding
        self.boolEncoding = options.boolEncoding
        self.nilEncoding = options.nilEncoding
        if case .useDefaultKeys = options.keyEncoding { self.convertsKeys = false } else { self.convertsKeys = true }
        self.sortsKeys = options.outputFormatting.contains(.sortedKeys)
        self.escapes = output == .percentEncoded
        self.spaceAsPlus = options.spaceEncoding == .plus
        self.recordsPairs = output == .items || sortsKeys
        self.keepsStrings = output == .items
        if recordsPairs { pairs.reserveCapacity(16) }
        self.dotIsStructural = options.nestedKeyEncoding == .dots
        self.bracketsAreStructural =
            options.nestedKeyEncoding == .brackets || options.arrayEncoding == .brackets
            || options.arrayEncoding == .indexedBrackets
    }

    deinit {
        bytes.deallocate()
        names.deallocate()
    }

    /// Where a recorded pair's name and value are: in ``bytes`` (the value runs to the next pair's name),
    /// or, in items output, kept whole as the strings that were written.
    struct RecordedPair {
        var nameStart: Int
        var valueStart: Int
        var name: String?
        var value: String?
    }

    // MARK: Pairs

    /// Starts a pair named by the composite name `prefix`.
    @inline(__always)
    func beginPair(prefix: Range<Int>) {
        let start = openPair(prefix: prefix)
        closePairName(start: start)
    }

    /// Starts a pair's name with `prefix`; the caller appends the rest of the name to ``bytes`` and
    /// then calls ``closePairName(start:)`` with the returned start.
    @inline(__always)
    func openPair(prefix: Range<Int>) -> Int {
        if !recordsPairs && pairCount > 0 { bytes.append(UInt8(ascii: "&")) }
        valueIsPendingString = false
        let start = bytes.count
        appendName(prefix)
        return start
    }

    /// Ends the name of the pair opened at `start`: the value follows.
    @inline(__always)
    func closePairName(start: Int) {
        if recordsPairs {
            pairs.append(RecordedPair(nameStart: start, valueStart: bytes.count))
        } else {
            bytes.append(UInt8(ascii: "="))
        }
        pairCount &+= 1
    }

    /// Items output: starts a pair whose whole name is `name`, kept as it is.
    @inline(__always)
    private func beginPair(wholeName name: String) {
        valueIsPendingString = false
        pairs.append(RecordedPair(nameStart: bytes.count, valueStart: bytes.count, name: name))
        pairCount &+= 1
    }

    /// Before value bytes are appended in items output: moves a value kept as a string into ``bytes``.
    @inline(__always)
    func prepareValueBytes() {
        if valueIsPendingString { movePendingStringToBytes() }
    }

    private func movePendingStringToBytes() {
        valueIsPendingString = false
        let last = pairs.count - 1
        guard let text = pairs[last].value else { return }
        pairs[last].value = nil
        _ =
            text.utf8.withContiguousStorageIfAvailable { bytes.append($0) }
            ?? Array(text.utf8).withUnsafeBufferPointer { bytes.append($0) }
    }

    @inline(__always)
    private func appendName(_ range: Range<Int>) {
        if !range.isEmpty {
            bytes.append(names[range])
        }
    }

    /// Separates the elements of a comma-separated list.
    @inline(__always)
    func appendListSeparator() {
        prepareValueBytes()
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
    func appendDelimiter(_ delimiter: Delimiter, to buffer: inout ByteBuffer) {
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
        /// Not a key problem: an element of a list failed with this error.
        case element(any Error)
    }

    /// Appends a key (already converted) to `buffer`, escaped when the output is, checking in the same
    /// pass that it cannot be read back as nesting syntax.
    @inline(__always)
    func appendKey(_ key: String, to buffer: inout ByteBuffer) -> KeyProblem? {
        // Iterating `key.utf8` costs several times more than reading its contiguous storage.
        let result = key.utf8.withContiguousStorageIfAvailable { appendKey($0, to: &buffer) }
        if let result { return result }
        return Array(key.utf8).withUnsafeBufferPointer { appendKey($0, to: &buffer) }
    }

    /// Why `key` cannot be written, or `nil`; writes nothing.
    @inline(__always)
    func keyProblem(_ key: String) -> KeyProblem? {
        let result = key.utf8.withContiguousStorageIfAvailable { keyProblem($0) }
        if let result { return result }
        return Array(key.utf8).withUnsafeBufferPointer { keyProblem($0) }
    }

    private func keyProblem(_ utf8: UnsafeBufferPointer<UInt8>) -> KeyProblem? {
        if utf8.isEmpty { return .empty }
        for byte in utf8 {
            if byte == UInt8(ascii: ".") && dotIsStructural { return .structural(".") }
            if (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")) && bracketsAreStructural {
                return .structural(Character(Unicode.Scalar(byte)))
            }
        }
        return nil
    }

    private func appendKey(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) -> KeyProblem? {
        let count = utf8.count
        if count == 0 { return .empty }
        buffer.reserve(count &* 3)
        for index in 0..<count {
            let byte = utf8[index]
            if PercentEncoding.isUnreserved(byte) {
                if byte == UInt8(ascii: ".") && dotIsStructural { return .structural(".") }
                buffer.appendReserved(byte)
                continue
            }
            if (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")) && bracketsAreStructural {
                return .structural(Character(Unicode.Scalar(byte)))
            }
            if !escapes {
                buffer.appendReserved(byte)
            } else if byte == 0x20 && spaceAsPlus {
                buffer.appendReserved(UInt8(ascii: "+"))
            } else {
                buffer.appendReserved(UInt8(ascii: "%"))
                buffer.appendReserved(PercentEncoding.hexDigit(byte >> 4))
                buffer.appendReserved(PercentEncoding.hexDigit(byte & 0x0F))
            }
        }
        return nil
    }

    /// Appends the joint between a composite's name and one of its keys: `.` or `[` (`%5B`).
    @inline(__always)
    func appendKeyOpening(after prefix: Range<Int>, to buffer: inout ByteBuffer) {
        guard !prefix.isEmpty else { return }
        switch nestedKeyEncoding {
        case .dots: appendDelimiter(.dot, to: &buffer)
        case .brackets: appendDelimiter(.openBracket, to: &buffer)
        }
    }

    /// Appends what closes a key opened by ``appendKeyOpening(after:to:)``.
    @inline(__always)
    func appendKeyClosing(after prefix: Range<Int>, to buffer: inout ByteBuffer) {
        if !prefix.isEmpty && nestedKeyEncoding == .brackets {
            appendDelimiter(.closeBracket, to: &buffer)
        }
    }

    /// The parameter name for a coding key: its `stringValue` converted by the key strategy.
    @inline(__always)
    func keyName(_ key: some CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
        convertsKeys ? convertedKey(key.stringValue, codingPath: codingPath) : key.stringValue
    }

    /// Appends the name of a child of the composite named `prefix`: `name`, `.name` or `[name]`.
    @inline(__always)
    func appendChildName(prefix: Range<Int>, name: String, to buffer: inout ByteBuffer) -> KeyProblem? {
        appendKeyOpening(after: prefix, to: &buffer)
        if let problem = appendKey(name, to: &buffer) { return problem }
        appendKeyClosing(after: prefix, to: &buffer)
        return nil
    }

    /// Starts the pair of a field: the composite's name, the child's name, `=`.
    // Out of line on purpose: inlined into every container method, it made the hot path too large for
    // the instruction cache, which cost more time than the call saves.
    @inline(never)
    func beginField(prefix: Range<Int>, name: String) -> KeyProblem? {
        if keepsStrings && prefix.isEmpty {
            if let problem = keyProblem(name) { return problem }
            beginPair(wholeName: name)
            return nil
        }
        let start = openPair(prefix: prefix)
        if let problem = appendChildName(prefix: prefix, name: name, to: &bytes) { return problem }
        closePairName(start: start)
        return nil
    }

    /// Writes the `count` scalar elements of the array in a field as the array strategy says: one
    /// comma-separated pair, or a pair per element named `name`, `name[]` or `name[i]`.
    /// `writeElement(index, isListElement)` appends one element's text.
    func writeScalarList(
        prefix: Range<Int>, name: String, count: Int,
        writeElement: (_ index: Int, _ isListElement: Bool) throws -> Void
    ) throws(KeyProblem) {
        let isList = arrayEncoding == .commaSeparated
        // An empty array writes nothing, but its key must still be one that a query could carry.
        if count == 0, let problem = keyProblem(name) { throw problem }
        for index in 0..<count {
            if isList && index > 0 {
                appendListSeparator()
            } else {
                let start = openPair(prefix: prefix)
                if let problem = appendChildName(prefix: prefix, name: name, to: &bytes) { throw problem }
                switch arrayEncoding {
                case .commaSeparated, .repeatedKeys:
                    break
                case .brackets:
                    appendDelimiter(.openBracket, to: &bytes)
                    appendDelimiter(.closeBracket, to: &bytes)
                case .indexedBrackets:
                    appendDelimiter(.openBracket, to: &bytes)
                    appendDecimalDigits(UInt64(index), to: &bytes)
                    appendDelimiter(.closeBracket, to: &bytes)
                }
                closePairName(start: start)
            }
            do {
                try writeElement(index, isList)
            } catch {
                throw .element(error)
            }
        }
    }

    private func convertedKey(_ key: String, codingPath: () -> [any CodingKey]) -> String {
        switch storage.options.keyEncoding {
        case .useDefaultKeys: key
        case .convertToSnakeCase: KeyCaseConversion.toSeparatedWords(key, separator: "_")
        case .convertToKebabCase: KeyCaseConversion.toSeparatedWords(key, separator: "-")
        case .custom(let convert): convert(codingPath()).stringValue
        }
    }

    static func keyError(_ name: String, problem: KeyProblem, codingPath: [any CodingKey]) -> any Error {
        let description: String
        switch problem {
        case .element(let error):
            return error
        case .empty:
            description = "An empty key cannot name a query parameter."
        case .structural(let character):
            let strategy =
                character == "."
                ? "nestedKeyEncodingStrategy .dots reads it as nesting; use .brackets"
                : "the bracket strategies read it as nesting or an array index; use .dots nesting with .commaSeparated or .repeatedKeys arrays"
            description =
                "The key \"\(name)\" contains \"\(character)\", so it would be read back as a different key: \(strategy), or rename the key."
        }
        return EncodingError.invalidValue(
            name, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    /// Stores a new composite name, `prefix` followed by `suffix`, and returns its range.
    func makeName(prefix: Range<Int>, suffix: (inout ByteBuffer) throws -> Void) rethrows -> Range<Int> {
        let start = names.count
        names.appendCopy(of: prefix)
        try suffix(&names)
        return start..<names.count
    }

    // MARK: Values

    /// Appends value text, escaped when the output is.
    ///
    /// - Returns: `false` when the text holds a comma and is an element of a comma-separated list
    ///   written as items, where the comma could not be told from a separator.
    @inline(never)
    func appendValue(_ text: String, isListElement: Bool) -> Bool {
        if keepsStrings && !isListElement, let last = pairs.indices.last, pairs[last].value == nil,
            pairs[last].valueStart == bytes.count
        {
            // The whole value of an item: keep the string itself.
            pairs[last].value = text
            valueIsPendingString = true
            return true
        }
        return text.utf8.withContiguousStorageIfAvailable { appendValue($0, isListElement: isListElement) }
            ?? Array(text.utf8).withUnsafeBufferPointer { appendValue($0, isListElement: isListElement) }
    }

    func appendValue(_ utf8: UnsafeBufferPointer<UInt8>, isListElement: Bool) -> Bool {
        prepareValueBytes()
        if escapes {
            PercentEncoding.append(utf8, to: &bytes, spaceAsPlus: spaceAsPlus)
        } else {
            if isListElement && utf8.contains(UInt8(ascii: ",")) { return false }
            bytes.append(utf8)
        }
        return true
    }

    /// Appends text made only of unreserved characters (a UUID, base64url), which needs no escaping.
    @inline(__always)
    func appendUnreservedText(_ text: String) {
        _ = appendValue(text, isListElement: false)
    }

    /// Appends ASCII text that needs no escaping (digits, `-`, `true`, …).
    @inline(__always)
    func appendUnreservedASCII(_ text: StaticString) {
        prepareValueBytes()
        text.withUTF8Buffer { bytes.append($0) }
    }

    /// Appends the decimal digits of an integer.
    @inline(__always)
    func appendInteger<Integer: FixedWidthInteger>(_ value: Integer) {
        prepareValueBytes()
        if Integer.isSigned && value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        if Integer.Magnitude.bitWidth <= 64 {
            appendDecimalDigits(UInt64(value.magnitude), to: &bytes)
        } else {
            appendWideDecimalDigits(value.magnitude)
        }
    }

    /// The digits of an integer wider than 64 bits (`UInt128.max` has 39).
    private func appendWideDecimalDigits<Magnitude: UnsignedInteger & FixedWidthInteger>(_ value: Magnitude) {
        var digits: [UInt8] = []
        var value = value
        repeat {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 10)
            digits.append(UInt8(truncatingIfNeeded: remainder) &+ UInt8(ascii: "0"))
            value = quotient
        } while value != 0
        digits.reverse()
        digits.withUnsafeBufferPointer { bytes.append($0) }
    }

    // MARK: Results

    func makeString() -> String {
        if !recordsPairs {
            return String(decoding: bytes.bytes, as: UTF8.self)
        }
        // Sorted output (string output never keeps whole strings: everything is in `bytes`).
        var result = ByteBuffer(capacity: bytes.count + 2 * pairs.count)
        defer { result.deallocate() }
        for (position, pair) in orderedPairIndices().enumerated() {
            if position > 0 { result.append(UInt8(ascii: "&")) }
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
