import Foundation

/// Where one value is written: a key of a keyed container, an element of an array, or a position
/// itself (a single-value container, the root).
///
/// Scalars ask the site to start their pair and then append their text; composite values ask it for a
/// position of their own.
protocol EncodingSite {
    var writer: EncodingWriter { get }
    var codingPath: [any CodingKey] { get }
    /// Starts the pair, or the element of a comma-separated list, that holds a scalar.
    ///
    /// - Returns: Whether the scalar is an element of a comma-separated list.
    func beginScalar() throws -> Bool
    /// Writes `nil` as the nil strategy says.
    func encodeNil() throws
    /// The position of a composite value written here.
    func makePosition() throws -> EncodingPosition
}

extension EncodingSite {
    /// Encodes any value here: scalars and the standard collections directly, anything else through its
    /// own `encode(to:)`.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if let fast = value as? any QueryEncodingFastPath {
            try fast.encodeQuery(at: self)
        } else {
            let position = try makePosition()
            try value.encode(to: QueryEncoder(options: writer.storage, position: position))
        }
    }

    /// Writes a scalar's text.
    @inline(__always)
    func encodeText(_ text: String) throws {
        let isListElement = try beginScalar()
        guard writer.appendValue(text, isListElement: isListElement) else {
            throw EncodingError.invalidValue(
                text,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "The array element \"\(text)\" contains a comma, which a comma-separated list of query items cannot tell from a separator; use encodeToString(_:) (which escapes it as %2C) or another array strategy."
                ))
        }
    }

    /// Writes `nil` per the nil strategy; `mayOmit` is false where leaving it out would shift other values.
    func writeNil(mayOmit: Bool) throws {
        switch writer.options.nilEncoding {
        case .omit:
            guard mayOmit else {
                throw EncodingError.invalidValue(
                    Optional<Int>.none as Any,
                    EncodingError.Context(
                        codingPath: codingPath,
                        debugDescription:
                            "A nil array element cannot be omitted without moving the elements after it; use nilEncodingStrategy .emptyValue or .null."
                    ))
            }
        case .emptyValue:
            _ = try beginScalar()
        case .null:
            _ = try beginScalar()
            writer.appendUnreservedASCII("null")
        }
    }
}

/// A key of a keyed container: a struct field, or a dictionary entry whose key is data.
struct FieldSite<Key: CodingKey>: EncodingSite {
    let container: EncodingPosition
    let key: Key
    /// Dictionary keys are written as they are; coding keys go through the key strategy.
    let isDataKey: Bool

    var writer: EncodingWriter { container.writer }
    var codingPath: [any CodingKey] { container.codingPath + [key] }

    @inline(__always)
    func beginScalar() throws -> Bool {
        if let error = container.shapeError(.keyed) { throw error }
        let writer = self.writer
        try writer.beginPair(prefix: container.name) { try appendKey(to: &writer.bytes) }
        return false
    }

    func encodeNil() throws {
        if let error = container.shapeError(.keyed) { throw error }
        try writeNil(mayOmit: true)
    }

    func makePosition() throws -> EncodingPosition {
        if let error = container.shapeError(.keyed) { throw error }
        let name = try writer.makeName(prefix: container.name) { try appendKey(to: &$0) }
        return EncodingPosition(writer: writer, parent: container, key: key, name: name, role: .named)
    }

    /// Appends the joint and the key: `.key` or `[key]`, or just `key` at the top level.
    @inline(__always)
    private func appendKey(to buffer: inout [UInt8]) throws {
        let writer = self.writer
        writer.appendKeyOpening(after: container.name, to: &buffer)
        let name = isDataKey ? key.stringValue : convertedName
        do {
            try writer.appendKey(name, to: &buffer)
        } catch {
            throw keyError(name, problem: error)
        }
        writer.appendKeyClosing(after: container.name, to: &buffer)
    }

    private var convertedName: String {
        switch writer.options.keyEncoding {
        case .useDefaultKeys: key.stringValue
        case .convertToSnakeCase: KeyCaseConversion.toSeparatedWords(key.stringValue, separator: "_")
        case .convertToKebabCase: KeyCaseConversion.toSeparatedWords(key.stringValue, separator: "-")
        case .custom(let convert): convert(codingPath).stringValue
        }
    }

    private func keyError(_ name: String, problem: EncodingWriter.KeyProblem) -> EncodingError {
        let description: String
        switch problem {
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
}

/// An element of an array, named as the array strategy says.
struct ElementSite: EncodingSite {
    let array: EncodingPosition
    let index: Int
    /// The pair of a comma-separated list, once its first element has started it.
    let listPair: Int
    /// `name[]` for ``QueryEncoder/ArrayEncodingStrategy/brackets``, otherwise the array's name.
    let elementName: Range<Int>

    var writer: EncodingWriter { array.writer }
    var codingPath: [any CodingKey] { array.codingPath + [IndexKey(index)] }

    func beginScalar() throws -> Bool {
        let writer = self.writer
        switch writer.options.arrayEncoding {
        case .commaSeparated:
            try continueList(writer: writer, name: array.name, pair: listPair, index: index, codingPath: codingPath)
            return true
        case .repeatedKeys:
            writer.beginPair(prefix: array.name)
        case .brackets:
            writer.beginPair(prefix: elementName)
        case .indexedBrackets:
            writer.beginPair(prefix: array.name) { appendIndex(to: &writer.bytes) }
        }
        return false
    }

    func encodeNil() throws {
        try writeNil(mayOmit: false)
    }

    func makePosition() throws -> EncodingPosition {
        let writer = self.writer
        let key = IndexKey(index)
        switch writer.options.arrayEncoding {
        case .commaSeparated:
            return EncodingPosition(
                writer: writer, parent: array, key: key, name: array.name,
                role: .listElement(pair: listPair, index: index))
        case .repeatedKeys:
            return EncodingPosition(writer: writer, parent: array, key: key, name: array.name, role: .repeatedElement)
        case .brackets:
            return EncodingPosition(writer: writer, parent: array, key: key, name: elementName, role: .repeatedElement)
        case .indexedBrackets:
            let name = writer.makeName(prefix: array.name) { appendIndex(to: &$0) }
            return EncodingPosition(writer: writer, parent: array, key: key, name: name, role: .indexedElement)
        }
    }

    /// Appends `[index]` (`%5Bindex%5D` when escaping).
    private func appendIndex(to buffer: inout [UInt8]) {
        writer.appendDelimiter(.openBracket, to: &buffer)
        appendDecimalDigits(UInt64(index), to: &buffer)
        writer.appendDelimiter(.closeBracket, to: &buffer)
    }
}

/// A position itself: what a single-value container writes, and the root.
struct PositionSite: EncodingSite {
    let position: EncodingPosition

    var writer: EncodingWriter { position.writer }
    var codingPath: [any CodingKey] { position.codingPath }

    func beginScalar() throws -> Bool {
        switch position.role {
        case .root:
            throw EncodingError.invalidValue(
                "single value",
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "A top-level single value (a number, string, date, …) has no key to name its query parameter; encode a struct or a dictionary that holds it."
                ))
        case .named, .indexedElement, .repeatedElement:
            writer.beginPair(prefix: position.name)
            return false
        case .listElement(let pair, let index):
            try continueList(writer: writer, name: position.name, pair: pair, index: index, codingPath: codingPath)
            return true
        case .unwritable(let error):
            throw error
        }
    }

    func encodeNil() throws {
        switch position.role {
        case .root: return  // a top-level nil is an empty query
        case .unwritable(let error): throw error
        default: try writeNil(mayOmit: position.mayOmitNil)
        }
    }

    func makePosition() throws -> EncodingPosition {
        position
    }
}

/// Starts a comma-separated list with its first element, or adds a separator for a later one.
@inline(__always)
private func continueList(
    writer: EncodingWriter, name: Range<Int>, pair: Int, index: Int, codingPath: @autoclosure () -> [any CodingKey]
) throws {
    if index == 0 {
        writer.beginPair(prefix: name)
    } else {
        guard writer.pairCount == pair else {
            throw EncodingError.invalidValue(
                "array element",
                EncodingError.Context(
                    codingPath: codingPath(),
                    debugDescription:
                        "Elements of a comma-separated array were interleaved with other values; encode an array's elements one after another."
                ))
        }
        writer.appendListSeparator()
    }
}

/// Appends the decimal digits of `value`.
@inline(__always)
func appendDecimalDigits(_ value: UInt64, to buffer: inout [UInt8]) {
    if value < 10 {
        buffer.append(UInt8(truncatingIfNeeded: value) &+ UInt8(ascii: "0"))
        return
    }
    // 20 digits hold UInt64.max; written from the end, then copied once.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var value = value
        var start = 20
        repeat {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 10)
            start &-= 1
            digits[start] = UInt8(truncatingIfNeeded: remainder) &+ UInt8(ascii: "0")
            value = quotient
        } while value != 0
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
}
