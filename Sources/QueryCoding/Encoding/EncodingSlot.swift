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

/// Starts a comma-separated list with its first element, or adds a separator for a later one.
@inline(__always)
func continueList(
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
