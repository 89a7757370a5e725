import Foundation

/// The output of one `encode` call: names and values appended as bytes, in one pass. (Emptied afterwards
/// and kept for the next call on the same thread: see `EncodingWriterCache`.)
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

    // The configuration of the call, set by `configure(options:output:)`: a writer is reused by later
    // calls on its thread (see `EncodingWriterCache`).
    @exclusivity(unchecked) private(set) var storage: QueryEncoder.OptionsStorage
    @exclusivity(unchecked) private(set) var output: Output = .percentEncoded
    // The strategies the hot path reads, copied out of the options once per call; the others (data,
    // custom keys) are read from `storage` where they are needed. The style fields (arrays, nesting,
    // dates, and what follows from them) change only while a field with its own style is written
    // (see `FieldStyle`), and are restored after it.
    @exclusivity(unchecked) var arrayEncoding: QueryArrayStyle = .commaSeparated
    @exclusivity(unchecked) var nestedKeyEncoding: QueryEncoder.NestedKeyEncodingStrategy = .dots
    /// A field's own date style, overriding the options' strategy while the field is written.
    @exclusivity(unchecked) var dateOverride: QueryEncoder.DateEncodingStrategy? = nil
    /// The date strategy in force.
    var dateEncoding: QueryEncoder.DateEncodingStrategy { dateOverride ?? storage.options.dateEncoding }
    /// The separator of delimited arrays and unexploded objects.
    @exclusivity(unchecked) var listSeparator: ListSeparator = .comma
    @exclusivity(unchecked) private(set) var boolEncoding: QueryEncoder.BoolEncodingStrategy = .literal
    @exclusivity(unchecked) private(set) var nilEncoding: QueryEncoder.NilEncodingStrategy = .omit
    @exclusivity(unchecked) private(set) var convertsKeys = false
    @exclusivity(unchecked) private(set) var sortsKeys = false
    /// The array strategy is `.delimited(by:)` with a separator that breaks the rule: the call throws.
    @exclusivity(unchecked) private(set) var hasInvalidSeparator = false
    /// Whether bytes are percent-encoded as they are appended.
    @exclusivity(unchecked) private(set) var escapes = true
    @exclusivity(unchecked) private(set) var spaceAsPlus = false
    /// Whether pairs are recorded (for sorting or items) rather than separated by `&` and `=`.
    @exclusivity(unchecked) private(set) var recordsPairs = false
    /// Items output: a name or value that is one whole string is kept as that string, not copied.
    @exclusivity(unchecked) private(set) var keepsStrings = false
    /// Percent-encoded pairs in the order written, keys as declared: the top-level value's fields can be
    /// written without their slots (see `QueryKeyedEncodingContainer.isPlain`).
    @exclusivity(unchecked) private(set) var writesPlainFields = true
    /// A `.` in a key would be read back as nesting.
    @exclusivity(unchecked) var dotIsStructural = true
    /// A `[` or `]` in a key would be read back as nesting or an array index.
    @exclusivity(unchecked) var bracketsAreStructural = false

    // The stores below are touched only by this call's code, on one thread, never with overlapping
    // accesses (no store is passed `inout` while another access to it is open), so they skip the runtime
    // exclusivity checks: each check costs more than the append or the assignment it guards.

    /// Names and values, in order. Append-only during a call, so ranges into it stay valid (the records
    /// of arrays of scalars in ``containers`` name them by a range of it).
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
    @exclusivity(unchecked) var watchedElements: [EncodingScope] = []
    /// The first problem found after the fact: a container that cannot be written where it was asked for.
    @exclusivity(unchecked) var deferredError: (any Error)?
    /// The containers asked for at named composites (struct fields, dictionary entries), in order, so that
    /// containers that contradict each other under one name are refused when the call ends
    /// (``containerConflict()``). Looked up by a hash of the name's bytes: linearly while there are few,
    /// through ``containerIndex`` beyond, and only when ``containerHashBits`` says the hash may be known.
    /// (Only the first ``containerCount`` records are this call's: the list keeps the plain-data records
    /// of earlier calls, written over, rather than emptying itself after every call.)
    @exclusivity(unchecked) var containers: [NamedContainer] = []
    /// How many records of ``containers`` belong to this call.
    @exclusivity(unchecked) var containerCount = 0
    /// The scopes and keys of the records in ``containers`` that keep them.
    @exclusivity(unchecked) var containerOwners: [ContainerOwner] = []
    /// The first container of each name hash, once there are more than ``linearContainerLimit``.
    @exclusivity(unchecked) var containerIndex = [Int: Int]()
    /// Bit `hash & 63` of every name recorded in ``containers``: a name whose bit is clear is new, without
    /// a search (the fields of a struct all have different names).
    @exclusivity(unchecked) var containerHashBits: UInt64 = 0
    /// Whether some name was recorded twice: only then can containers contradict each other.
    @exclusivity(unchecked) var hasRepeatedContainerName = false
    /// The top-level keyed containers of earlier calls, handed out again while a call runs.
    @exclusivity(unchecked) var rootContainers = RootContainerCache()
    /// The type this writer last looked up the traits of, and its traits: a call mostly encodes the type
    /// its writer's call before did, and the shared table (`TypeTraits.of`) takes a lock. Kept between
    /// calls: a type's traits never change.
    @exclusivity(unchecked) private var lastTraits: (type: ObjectIdentifier, traits: TypeTraits)?

    /// The traits of `type`, from the last lookup when it was of the same type.
    @inline(__always)
    func traits(of type: Any.Type) -> TypeTraits {
        let identifier = ObjectIdentifier(type)
        #if !QUERY_NO_CACHES
            if let lastTraits, lastTraits.type == identifier { return lastTraits.traits }
        #endif
        let traits = TypeTraits.of(type)
        lastTraits = (identifier, traits)
        return traits
    }

    init(options storage: QueryEncoder.OptionsStorage, output: Output) {
        self.storage = storage
        configure(options: storage, output: output)
    }

    /// Sets the configuration of a call: the options, and what the hot path reads from them.
    func configure(options storage: QueryEncoder.OptionsStorage, output: Output) {
        // Field by field: a copy of the whole options would retain and release every closure and
        // dictionary in them.
        self.storage = storage
        self.output = output
        let arrayEncoding = storage.options.arrayEncoding
        let nestedKeyEncoding = storage.options.nestedKeyEncoding
        self.arrayEncoding = arrayEncoding
        self.nestedKeyEncoding = nestedKeyEncoding
        self.listSeparator = ListSeparator.forObjects(arrayEncoding)
        if case .delimited(let separator) = arrayEncoding {
            self.hasInvalidSeparator = !ListSeparator.isValidCustom(separator)
        } else {
            self.hasInvalidSeparator = false
        }
        self.boolEncoding = storage.options.boolEncoding
        self.nilEncoding = storage.options.nilEncoding
        if case .useDefaultKeys = storage.options.keyEncoding {
            self.convertsKeys = false
        } else {
            self.convertsKeys = true
        }
        self.sortsKeys = storage.options.outputFormatting.contains(.sortedKeys)
        self.escapes = output == .percentEncoded
        self.spaceAsPlus = storage.options.spaceEncoding == .plus
        self.recordsPairs = output == .items || sortsKeys
        self.keepsStrings = output == .items
        self.writesPlainFields = escapes && !recordsPairs && !convertsKeys
        if recordsPairs { pairs.reserveCapacity(16) }
        self.dotIsStructural = nestedKeyEncoding == .dots
        self.bracketsAreStructural = nestedKeyEncoding == .brackets || arrayEncoding.namesElementsInBrackets
    }

    /// Empties the writer for a later call, keeping the memory of its buffers unless they grew large;
    /// drops the options, so that no user value (a custom strategy's closure, `userInfo`) outlives the call.
    func clearForReuse() {
        storage = Self.noOptions
        dateOverride = nil
        bytes.removeAll(keepingCapacity: bytes.capacity <= Self.keptCapacity)
        names.removeAll(keepingCapacity: names.capacity <= Self.keptCapacity)
        if !pairs.isEmpty { pairs.removeAll(keepingCapacity: pairs.capacity <= Self.keptCapacity / 32) }
        valueIsPendingString = false
        pairCount = 0
        releaseScopes()
        deferredError = nil
        if !containerIndex.isEmpty { containerIndex = [:] }
        containerHashBits = 0
        hasRepeatedContainerName = false
    }

    /// The most buffer memory a writer keeps between calls, in bytes.
    private static let keptCapacity = 4096
    /// The options of a writer between calls.
    private static let noOptions = QueryEncoder.OptionsStorage(EncodingOptions())

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
    func beginPair(wholeName name: String) {
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

    /// Separates the elements of a delimited list: the raw separator, or its escape when a URL cannot
    /// carry it raw.
    @inline(__always)
    func appendListSeparator() {
        prepareValueBytes()
        let separator = listSeparator
        if escapes && separator.isEscaped {
            bytes.append(UInt8(ascii: "%"))
            bytes.append(PercentEncoding.hexDigit(separator.byte >> 4))
            bytes.append(PercentEncoding.hexDigit(separator.byte & 0x0F))
        } else {
            bytes.append(separator.byte)
        }
    }

    // MARK: Values

    /// Appends value text, escaped when the output is.
    ///
    /// - Returns: `false` when the text holds the list separator and is an element of a delimited list
    ///   where it could not be told from a separator: in items output, or a separator sent escaped
    ///   (`|`) that has no other spelling.
    @inline(__always)
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

    @inline(__always)
    func appendValue(_ utf8: UnsafeBufferPointer<UInt8>, isListElement: Bool) -> Bool {
        prepareValueBytes()
        if escapes {
            if isListElement && listSeparator.isEscaped {
                return appendEscapedSeparatorElement(utf8)
            }
            PercentEncoding.append(utf8, to: &bytes, spaceAsPlus: spaceAsPlus)
        } else {
            if isListElement && utf8.contains(listSeparator.byte) { return false }
            bytes.append(utf8)
        }
        return true
    }

    /// A list element whose separator is sent escaped: a space inside it is written `+` (the separator
    /// is `%20`); any other separator byte inside it cannot be written.
    private func appendEscapedSeparatorElement(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if listSeparator.byte == UInt8(ascii: " ") {
            PercentEncoding.append(utf8, to: &bytes, spaceAsPlus: true)
            return true
        }
        if utf8.contains(listSeparator.byte) { return false }
        PercentEncoding.append(utf8, to: &bytes, spaceAsPlus: spaceAsPlus)
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
}
