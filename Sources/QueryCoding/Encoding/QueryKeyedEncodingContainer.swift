import Foundation

/// Writes the fields of a struct (or the entries of a keyed value) as `name=value` pairs whose names are
/// the scope's name joined with each key.
///
/// Scalars are written straight to the output, the commonest arrays too; this is the encoder's hot path.
struct QueryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let scope: EncodingScope
    /// The scope's writer, used by the hot path without retaining it: retain/release pairs cost more than
    /// writing a small field.
    // SAFETY: `scope` above is a strong reference that this container holds for its whole life, and the
    // scope holds its writer in a `let`: the writer outlives every use of this unretained reference
    // (`withWriter`, `writer`), which never escapes the container.
    private let writerReference: Unmanaged<EncodingWriter>
    /// The per-field styles of the type being encoded; `nil` for the types that declare none, which
    /// then pay one check per field.
    private let fieldStyles: (any QueryFieldStyling.Type)?

    /// Whether this is the plain case, the commonest by far: the top-level value's fields, in a call that
    /// writes percent-encoded text in order with the keys as declared, of a type without field styles.
    /// There a field's name is its key as it is, and the scope can neither refuse a field nor need to know
    /// that one was written, so scalar fields and `[String]` and `[Int]` fields skip the slot and go
    /// straight to the writer (``beginPlainField(_:)``, ``encodePlainList(_:count:writeElement:)``).
    private let isPlain: Bool

    init(scope: EncodingScope) {
        self.scope = scope
        self.writerReference = Unmanaged.passUnretained(scope.writer)
        _ = scope.openContainer(.keyed)
        if case .unexploded = writerReference._withUnsafeGuaranteedRef({ $0.nestedKeyEncoding }) {
            scope.markUnexploded()
        }
        self.fieldStyles = scope.fieldStyles
        if case .root = scope.role, scope.fieldStyles == nil {
            self.isPlain = writerReference._withUnsafeGuaranteedRef { $0.writesPlainFields }
        } else {
            self.isPlain = false
        }
    }

    /// Runs `body` with the writer, neither retained nor released.
    @inline(__always)
    private func withWriter<Result>(_ body: (EncodingWriter) throws -> Result) rethrows -> Result {
        try writerReference._withUnsafeGuaranteedRef(body)
    }

    private var writer: EncodingWriter { writerReference.takeUnretainedValue() }

    var codingPath: [any CodingKey] { scope.codingPath }

    /// Starts the pair of a scalar field. (One shared copy rather than one inlined into each `encode`: the
    /// smaller hot path fits the instruction cache, which matters more than the call.)
    ///
    /// - Returns: Whether the value is an entry of an unexploded object, escaped as a list element.
    @inline(never)
    private func beginField(_ key: Key) throws -> Bool {
        try scope.require(.keyed)
        if let fieldStyles, let style = fieldStyles.queryFieldStyle(for: key) {
            throw EncodingErrors.styleOnSingleValue(style, codingPath: codingPath + [key])
        }
        return try withWriter { writer in
            try writer.beginScalarField(
                in: scope, name: { writer.keyName(key, codingPath: codingPath + [key]) },
                codingPath: { codingPath + [key] })
        }
    }

    /// Starts the pair of a scalar field in the plain case (see ``isPlain``): `key=`, after `&` unless it
    /// is the first pair.
    @inline(never)
    private func beginPlainField(_ key: Key) throws {
        // `withUTF8` on a string of our own reads its bytes without copying the string (`name.utf8` did:
        // a retain and two releases per key).
        var name = key.stringValue
        let problem = name.withUTF8 { utf8 in withWriter { $0.beginPlainPair(named: utf8) } }
        if let problem { try throwInvalidKey(name, problem: problem, key: key) }
    }

    // Out of line: an `EncodingError` built in the hot path would cost a metadata lookup on every call.
    @inline(never)
    private func throwInvalidKey(_ name: String, problem: EncodingWriter.KeyProblem, key: Key) throws -> Never {
        throw EncodingErrors.invalidKey(name, problem: problem, codingPath: codingPath + [key])
    }

    /// Writes the `count` scalar elements of an array field in the plain case (see ``isPlain``), as the
    /// array strategy says; `writeElement(writer, index, isListElement)` appends one element's text.
    @inline(__always)
    private func encodePlainList(
        _ key: Key, count: Int,
        writeElement: (_ writer: EncodingWriter, _ index: Int, _ isListElement: Bool) throws -> Void
    ) throws {
        // `withUTF8` on a string of our own reads its bytes without copying the string.
        var name = key.stringValue
        try name.withUTF8 { name in
            try withWriter { writer in
                try writer.writeScalarList(
                    in: scope, key: key, name: name, count: count, codingPath: codingPath + [key],
                    writeElement: writeElement)
            }
        }
    }

    @inline(__always)
    private func encodeScalar<Scalar: QueryScalarEncodable>(_ value: Scalar, forKey key: Key) throws {
        if isPlain {
            try beginPlainField(key)
            return try withWriter { try value.writeQueryText(to: $0, isListElement: false) { codingPath + [key] } }
        }
        let isListElement = try beginField(key)
        try withWriter { try value.writeQueryText(to: $0, isListElement: isListElement) { codingPath + [key] } }
    }

    /// The slot for values that need more than a scalar's pair: nil, composites, other types.
    @inline(__always)
    private func slot(_ key: Key) -> FieldSlot {
        FieldSlot(container: scope, key: key, isDataKey: false)
    }

    mutating func encodeNil(forKey key: Key) throws { try encodeNilField(key) }

    /// `nil` at a key, through the key's style when the type declares one.
    @inline(__always)
    private func encodeNilField(_ key: Key) throws {
        if let fieldStyles, let style = fieldStyles.queryFieldStyle(for: key) {
            return try encodeStyled(forKey: key, style: style) { try $0.encodeNil() }
        }
        try slot(key).encodeNil()
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        if isPlain { try beginPlainField(key) } else { _ = try beginField(key) }
        withWriter { $0.appendBool(value) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        if isPlain {
            try beginPlainField(key)
            return withWriter { _ = $0.appendValue(value, isListElement: false) }
        }
        let isListElement = try beginField(key)
        if isListElement {
            try withWriter { try $0.appendText(value, isListElement: true) { codingPath + [key] } }
        } else {
            withWriter { _ = $0.appendValue(value, isListElement: false) }
        }
    }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodeScalar(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try encodeInteger(value, forKey: key) }

    @inline(__always)
    private func encodeInteger<Integer: FixedWidthInteger>(_ value: Integer, forKey key: Key) throws {
        if isPlain { try beginPlainField(key) } else { _ = try beginField(key) }
        withWriter { $0.appendInteger(value) }
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if isPlain {
            // The arrays most fields hold, recognised by comparing metadata (see `EncodingSlot.encodeValue`).
            if let strings = Specialization.ifExactly(value, is: [String].self) {
                return try encodePlainList(key, count: strings.count) { writer, index, isListElement in
                    try writer.appendText(strings[index], isListElement: isListElement) { [key, IndexKey(index)] }
                }
            }
            if let integers = Specialization.ifExactly(value, is: [Int].self) {
                return try encodePlainList(key, count: integers.count) { writer, index, _ in
                    writer.appendInteger(integers[index])
                }
            }
        }
        if let fieldStyles, let style = fieldStyles.queryFieldStyle(for: key) {
            return try encodeStyled(forKey: key, style: style) { try $0.encodeValue(value) }
        }
        try slot(key).encodeValue(value)
    }

    // The defaults of `encodeIfPresent` skip `nil` before the encoder sees it; these hand it to the
    // nil strategy instead, so `.emptyValue` and `.null` also apply to synthesized optional properties.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws {
        try encodeOptionalInteger(value, forKey: key)
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNilField(key) }
    }

    @inline(__always)
    private func encodeOptionalInteger<Integer: FixedWidthInteger>(_ value: Integer?, forKey key: Key) throws {
        if let value { try encodeInteger(value, forKey: key) } else { try encodeNilField(key) }
    }

    /// Writes a field whose type declares a style for its key: the style holds while the value (and
    /// everything inside it) is written, and the encoder's own strategies are back afterwards.
    @inline(never)
    private func encodeStyled(
        forKey key: Key, style: QueryFieldStyle, _ body: (FieldSlot) throws -> Void
    ) throws {
        let writer = self.writer
        let saved = FieldStyle.Saved(writer)
        defer { saved.restore(writer) }
        try FieldStyle.apply(style, to: writer, codingPath: codingPath + [key])
        try body(FieldSlot(container: scope, key: key, isDataKey: false, nesting: style.nesting))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(scope: childScope(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        QueryUnkeyedEncodingContainer(scope: childScope(key))
    }

    mutating func superEncoder() -> any Encoder {
        QueryEncoderImpl(scope: childScope(NameKey("super")))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        QueryEncoderImpl(scope: childScope(key))
    }

    /// The scope of a nested value; these requests cannot throw, so a problem (such as a key that
    /// collides with the nesting syntax) is carried by the scope and thrown when it is written to.
    private func childScope(_ key: some CodingKey) -> EncodingScope {
        if let fieldStyles, let key = key as? Key, fieldStyles.queryFieldStyle(for: key) != nil {
            return .unwritable(
                EncodingErrors.styleOnNestedContainer(codingPath: codingPath + [key]), parent: scope, key: key)
        }
        do {
            return try FieldSlot(container: scope, key: key, isDataKey: false).makeScope()
        } catch {
            return .unwritable(error, parent: scope, key: key)
        }
    }
}
