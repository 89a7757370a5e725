import Foundation

/// Where one value is written: a key of a keyed container, an element of an array, or a scope
/// itself (a single-value container, the root).
///
/// Scalars ask the slot to start their pair and then append their text; composite values ask it for a
/// scope of their own.
protocol EncodingSlot {
    var writer: EncodingWriter { get }
    var codingPath: [any CodingKey] { get }
    /// Starts the pair, or the element of a comma-separated list, that holds a scalar.
    ///
    /// - Returns: Whether the scalar is an element of a comma-separated list.
    func beginScalar() throws -> Bool
    /// Writes `nil` as the nil strategy says.
    func encodeNil() throws
    /// The scope of a composite value written here.
    func makeScope() throws -> EncodingScope
    /// Writes an array of `count` scalars straight from the slot, without a scope of its own;
    /// `writeElement(writer, index, isListElement, codingPath)` appends one element's text (the writer is
    /// passed rather than captured, so that no reference is retained per element). Returns `false` when
    /// the slot cannot (the caller then goes through a scope).
    ///
    /// Not generic on purpose: a generic requirement would run unspecialized, looking up type metadata
    /// for every element.
    func encodeScalarArray(
        count: Int,
        writeElement:
            (_ writer: EncodingWriter, _ index: Int, _ isListElement: Bool, _ codingPath: () -> [any CodingKey]) throws
            -> Void
    ) throws -> Bool
}

extension EncodingSlot {
    func encodeScalarArray(
        count: Int,
        writeElement:
            (_ writer: EncodingWriter, _ index: Int, _ isListElement: Bool, _ codingPath: () -> [any CodingKey]) throws
            -> Void
    ) throws -> Bool {
        false
    }

    /// Encodes any value here: scalars and the standard collections directly, anything else through its
    /// own `encode(to:)`.
    ///
    /// Inlined so that, where the slot's type is known (a keyed container's `FieldSlot`), the commonest
    /// composite fields run specialised code: `[String]` and `[Int]` are recognised by a metadata
    /// comparison, before the (much dearer) conformance lookup of ``encodeOtherValue(_:)``, and written by
    /// ``encodeScalarList(_:)``.
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == [String].self { return try Specialization.cast(value, to: [String].self).encodeQuery(at: self) }
        if T.self == [Int].self { return try Specialization.cast(value, to: [Int].self).encodeQuery(at: self) }
        try encodeOtherValue(value)
    }

    /// ``encodeValue(_:)`` for any other type: the fast paths its traits allow, or its own `encode(to:)`.
    func encodeOtherValue<T: Encodable>(_ value: T) throws {
        // The casts are asked only of types known to take them (see `TypeTraits`).
        let traits = writer.traits(of: T.self)
        if traits.contains(.encodingFastPath), let fast = value as? any QueryEncodingFastPath {
            try fast.encodeQuery(at: self)
        } else {
            let scope = try makeScope()
            if traits.contains(.fieldStyles) { scope.fieldStyles = T.self as? any QueryFieldStyling.Type }
            try value.encode(to: QueryEncoderImpl(scope: scope))
        }
    }

    /// Writes an array of scalars straight from the slot, without a scope of its own: the fast path of
    /// arrays, and its only home. `[String]` and `[Int]` are recognised by comparing metadata, other
    /// scalar element types through their traits, looked up once for the whole array.
    ///
    /// - Returns: `false` when the elements are not scalars or the slot cannot write a list (an array
    ///   element, a single-value container): the caller then goes through a scope.
    func encodeScalarList<Element: Encodable>(_ array: [Element]) throws -> Bool {
        if let strings = Specialization.ifExactly(array, is: [String].self) {
            return try encodeScalarArray(count: strings.count) { writer, index, isListElement, codingPath in
                try writer.appendText(strings[index], isListElement: isListElement, codingPath: codingPath)
            }
        }
        if let integers = Specialization.ifExactly(array, is: [Int].self) {
            return try encodeScalarArray(count: integers.count) { writer, index, _, _ in
                writer.appendInteger(integers[index])
            }
        }
        if TypeTraits.of(Element.self).contains(.encodingFastPath),
            let scalar = Element.self as? any QueryScalarEncodable.Type
        {
            return try encodeScalarList(array, as: scalar)
        }
        return false
    }

    private func encodeScalarList<Element, Scalar: QueryScalarEncodable>(
        _ array: [Element], as type: Scalar.Type
    ) throws -> Bool {
        // `Scalar` was opened from `Element`'s own metatype: they are one type.
        let elements = Specialization.cast(array, to: [Scalar].self)
        return try encodeScalarArray(count: elements.count) { writer, index, isListElement, codingPath in
            try elements[index].writeQueryText(to: writer, isListElement: isListElement, codingPath: codingPath)
        }
    }

    /// Writes `nil` per the nil strategy; `mayOmit` is false where leaving it out would shift other values.
    func writeNil(mayOmit: Bool) throws {
        switch writer.nilEncoding {
        case .omit:
            guard mayOmit else {
                throw EncodingErrors.omittedNilElement(codingPath: codingPath)
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
///
/// Not generic over the key type on purpose: containers run unspecialized, and a generic slot would
/// need its type metadata looked up at run time on every write.
struct FieldSlot: EncodingSlot {
    // SAFETY: a slot lives on the stack for one write and never escapes it (it is not stored, nor
    // captured by an escaping closure); the container or call that makes it holds `container` strongly
    // for longer than that write. Not retaining it saves a retain/release pair per field.
    unowned(unsafe) let container: EncodingScope
    let key: any CodingKey
    /// Dictionary keys are written as they are; coding keys go through the key strategy.
    let isDataKey: Bool
    /// The nesting style the field's type declares for this key (see ``QueryFieldStyling``).
    var nesting: QueryFieldStyle.NestingStyle? = nil

    var writer: EncodingWriter { container.writer }
    var codingPath: [any CodingKey] { container.codingPath + [key] }

    @inline(__always)
    func beginScalar() throws -> Bool {
        try container.require(.keyed)
        if nesting != nil { try throwStyledScalar() }
        return try writer.beginScalarField(in: container, name: { name }, codingPath: { codingPath })
    }

    /// A nesting style on a single value, which has no keys to nest: refused rather than ignored.
    @inline(never)
    private func throwStyledScalar() throws {
        if nesting == .flattened { throw EncodingErrors.flattenedNotKeyed(codingPath: codingPath) }
        throw EncodingErrors.nestingStyleOnSingleValue(nesting, codingPath: codingPath)
    }

    func encodeNil() throws {
        try container.require(.keyed)
        if nesting == .flattened { throw EncodingErrors.flattenedNotKeyed(codingPath: codingPath) }
        if writer.nilEncoding == .omit && !container.isUnexploded {
            // Nothing is written, but the key must still be one that a query could carry: whether a key
            // throws should not depend on whether its value happens to be nil.
            let name = self.name
            if let problem = writer.keyProblem(name) {
                throw EncodingErrors.invalidKey(name, problem: problem, codingPath: codingPath)
            }
        }
        // `nil` is no single value a nesting style could not apply to: it is written as any nil is.
        let slot = nesting == nil ? self : FieldSlot(container: container, key: key, isDataKey: isDataKey)
        try slot.writeNil(mayOmit: true)
    }

    func makeScope() throws -> EncodingScope {
        try container.require(.keyed)
        if container.isUnexploded { throw EncodingErrors.nestedInUnexploded(codingPath: codingPath) }
        let writer = self.writer
        if nesting == .flattened {
            return EncodingScope(writer: writer, parent: container, key: key, name: container.name, role: .flattened)
        }
        let name = self.name
        var problem: EncodingWriter.KeyProblem?
        let range = writer.makeName(prefix: container.name) { buffer in
            problem = writer.appendChildName(prefix: container.name, name: name, to: &buffer)
        }
        if let problem { throw EncodingErrors.invalidKey(name, problem: problem, codingPath: codingPath) }
        // The field's own name joins its parent's as the parent nests; its keys nest as it declares.
        if let nesting { writer.nestedKeyEncoding = nesting.encodingStrategy }
        return EncodingScope(writer: writer, parent: container, key: key, name: range, role: .named)
    }

    func encodeScalarArray(
        count: Int,
        writeElement:
            (_ writer: EncodingWriter, _ index: Int, _ isListElement: Bool, _ codingPath: () -> [any CodingKey]) throws
            -> Void
    ) throws -> Bool {
        try container.require(.keyed)
        if container.isUnexploded { throw EncodingErrors.nestedInUnexploded(codingPath: codingPath) }
        if nesting == .flattened { throw EncodingErrors.flattenedNotKeyed(codingPath: codingPath) }
        let writer = self.writer
        var name = isDataKey ? key.stringValue : writer.keyName(key, codingPath: codingPath)
        if count > 0 { container.noteWrite() }
        try name.withUTF8 { name in
            try writer.writeScalarList(in: container, key: key, name: name, count: count, codingPath: codingPath) {
                writer, index, isListElement in
                try writeElement(writer, index, isListElement) { codingPath + [IndexKey(index)] }
            }
        }
        return true
    }

    /// The parameter name: a dictionary key as it is, a coding key as the key strategy converts it.
    private var name: String {
        isDataKey ? key.stringValue : writer.keyName(key, codingPath: codingPath)
    }
}

/// An element of an array, named as the array strategy says.
struct ElementSlot: EncodingSlot {
    // SAFETY: as for `FieldSlot.container`: the unkeyed container that makes this slot holds `array`
    // strongly while the slot's one write runs, and the slot never escapes it.
    unowned(unsafe) let array: EncodingScope
    let index: Int
    /// The pair of a comma-separated list, once its first element has started it.
    let listPair: Int
    /// `name[]` for ``QueryArrayStyle/brackets``, otherwise the array's name.
    let elementName: Range<Int>

    var writer: EncodingWriter { array.writer }
    var codingPath: [any CodingKey] { array.codingPath + [IndexKey(index)] }

    func beginScalar() throws -> Bool {
        let writer = self.writer
        array.noteWrite()
        switch writer.arrayEncoding {
        case .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited:
            try continueList(writer: writer, name: array.name, pair: listPair, index: index, codingPath: codingPath)
            return true
        case .repeatedKeys:
            writer.beginPair(prefix: array.name)
        case .brackets:
            writer.beginPair(prefix: elementName)
        case .indexedBrackets:
            let start = writer.openPair(prefix: array.name)
            appendIndex(to: &writer.bytes)
            writer.closePairName(start: start)
        }
        return false
    }

    func encodeNil() throws {
        try writeNil(mayOmit: false)
    }

    func makeScope() throws -> EncodingScope {
        let writer = self.writer
        let key = IndexKey(index)
        switch writer.arrayEncoding {
        case .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited:
            return EncodingScope(
                writer: writer, parent: array, key: key, name: array.name,
                role: .listElement(pair: listPair, index: index))
        case .repeatedKeys:
            return EncodingScope(writer: writer, parent: array, key: key, name: array.name, role: .repeatedElement)
        case .brackets:
            return EncodingScope(writer: writer, parent: array, key: key, name: elementName, role: .repeatedElement)
        case .indexedBrackets:
            let name = writer.makeName(prefix: array.name) { appendIndex(to: &$0) }
            return EncodingScope(writer: writer, parent: array, key: key, name: name, role: .indexedElement)
        }
    }

    /// Appends `[index]` (`%5Bindex%5D` when escaping).
    private func appendIndex(to buffer: inout ByteBuffer) {
        writer.appendDelimiter(.openBracket, to: &buffer)
        appendDecimalDigits(UInt64(index), to: &buffer)
        writer.appendDelimiter(.closeBracket, to: &buffer)
    }
}

/// A scope itself: what a single-value container writes, and the root.
struct SingleValueSlot: EncodingSlot {
    // SAFETY: as for `FieldSlot.container`: the single-value container (or `encodeRoot`, or
    // `scalarText`) that makes this slot holds `scope` strongly while its one write runs.
    unowned(unsafe) let scope: EncodingScope

    var writer: EncodingWriter { scope.writer }
    var codingPath: [any CodingKey] { scope.codingPath }

    func beginScalar() throws -> Bool {
        scope.noteWrite()
        switch scope.role {
        case .root:
            throw EncodingErrors.topLevelSingleValue()
        case .named, .indexedElement, .repeatedElement:
            writer.beginPair(prefix: scope.name)
            return false
        case .listElement(let pair, let index):
            try continueList(writer: writer, name: scope.name, pair: pair, index: index, codingPath: codingPath)
            return true
        case .flattened:
            throw EncodingErrors.flattenedNotKeyed(codingPath: codingPath)
        case .unwritable:
            throw scope.failure ?? EncodingErrors.unwritable(codingPath: codingPath)
        }
    }

    func encodeNil() throws {
        switch scope.role {
        case .root: return  // a top-level nil is an empty query
        case .flattened: throw EncodingErrors.flattenedNotKeyed(codingPath: codingPath)
        case .unwritable: throw scope.failure ?? EncodingErrors.unwritable(codingPath: codingPath)
        default: try writeNil(mayOmit: scope.mayOmitNil)
        }
    }

    func makeScope() throws -> EncodingScope {
        scope
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
            throw EncodingErrors.interleavedListElements(codingPath: codingPath())
        }
        writer.appendListSeparator()
    }
}

/// Appends the decimal digits of `value`.
@inline(__always)
func appendDecimalDigits(_ value: UInt64, to buffer: inout ByteBuffer) {
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
        buffer.append(UnsafeBufferPointer(rebasing: digits[start..<20]))
    }
}
