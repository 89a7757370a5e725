import Foundation

extension Optional: QueryEncodingFastPath where Wrapped: Encodable {
    /// `nil` follows the nil strategy; a value is written in the optional's place.
    @inline(__always)
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws {
        switch self {
        case .none: try slot.encodeNil()
        case .some(let wrapped): try slot.encodeValue(wrapped)
        }
    }
}

extension Array: QueryEncodingFastPath where Element: Encodable {
    /// Elements in order, as the array strategy says.
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws {
        // Arrays of scalars (the common case) are written straight from a struct field; the two most
        // common element types are recognised without a conformance lookup.
        if Element.self == String.self {
            if try writeStrings(unsafeBitCast(self, to: [String].self), at: slot) { return }
        } else if Element.self == Int.self {
            if try writeIntegers(unsafeBitCast(self, to: [Int].self), at: slot) { return }
        } else if TypeTraits.of(Element.self).contains(.encodingFastPath),
            let scalar = Element.self as? any QueryScalarEncodable.Type
        {
            if try encodeScalars(as: scalar, at: slot) { return }
        }
        var container = QueryUnkeyedEncodingContainer(scope: try slot.makeScope())
        try container.encodeElements(of: self)
    }

    private func encodeScalars<Scalar: QueryScalarEncodable, Slot: EncodingSlot>(
        as type: Scalar.Type, at slot: Slot
    ) throws -> Bool {
        // `Element` is `Scalar`: the cast above succeeded on the metatype.
        try writeScalarElements(unsafeBitCast(self, to: [Scalar].self), at: slot)
    }
}

// Non-generic element writers for the two commonest arrays: their loops run specialized.

private func writeStrings<Slot: EncodingSlot>(_ elements: [String], at slot: Slot) throws -> Bool {
    let writer = slot.writer
    return try slot.encodeScalarArray(count: elements.count) { index, isListElement, codingPath in
        try writer.appendText(elements[index], isListElement: isListElement, codingPath: codingPath)
    }
}

private func writeIntegers<Slot: EncodingSlot>(_ elements: [Int], at slot: Slot) throws -> Bool {
    let writer = slot.writer
    return try slot.encodeScalarArray(count: elements.count) { index, _, _ in
        writer.appendInteger(elements[index])
    }
}

@inline(__always)
private func writeScalarElements<Scalar: QueryScalarEncodable, Slot: EncodingSlot>(
    _ elements: [Scalar], at slot: Slot
) throws -> Bool {
    let writer = slot.writer
    return try slot.encodeScalarArray(count: elements.count) { index, isListElement, codingPath in
        try elements[index].writeQueryText(to: writer, isListElement: isListElement, codingPath: codingPath)
    }
}

extension Dictionary: QueryEncodingFastPath where Key: Encodable, Value: Encodable {
    /// Entries sorted by the UTF-8 bytes of their keys, so the output is the same in every process
    /// (a dictionary's own order changes from one process to the next). Keys are data: they are written
    /// as they are, never converted by the key strategy.
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws {
        let scope = try slot.makeScope()
        if let error = scope.openContainer(.keyed) { throw error }
        if case .unexploded = scope.writer.nestedKeyEncoding { scope.markUnexploded() }
        var entries: [(key: String, value: Value)] = []
        entries.reserveCapacity(count)
        for (key, value) in self {
            entries.append((try Self.name(of: key, codingPath: scope.codingPath), value))
        }
        entries.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for entry in entries {
            try FieldSlot(container: scope, key: NameKey(entry.key), isDataKey: true).encodeValue(entry.value)
        }
    }

    private static func name(of key: Key, codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        if let key = key as? String { return key }
        if let key = key as? any CodingKeyRepresentable { return key.codingKey.stringValue }
        throw EncodingError.invalidValue(
            key,
            EncodingError.Context(
                codingPath: codingPath(),
                debugDescription:
                    "Dictionary keys of type \(Key.self) have no query name; use String or Int keys, or make \(Key.self) CodingKeyRepresentable."
            ))
    }
}

extension Set: QueryEncodingFastPath where Element: Encodable {
    /// Elements sorted by the UTF-8 bytes of their text, so the output is the same in every process (a
    /// set's own order changes from one process to the next). Elements must be scalars.
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws {
        let scope = try slot.makeScope()
        // Each element's text decides its place; finding it needs a throwaway encoding per element.
        var keyed: [(text: [UInt8], element: Element)] = []
        keyed.reserveCapacity(count)
        for element in self {
            keyed.append((try scope.writer.scalarText(of: element, codingPath: scope.codingPath), element))
        }
        keyed.sort { $0.text.lexicographicallyPrecedes($1.text) }
        var container = QueryUnkeyedEncodingContainer(scope: scope)
        try container.encodeElements(of: keyed.map(\.element))
    }
}

extension EncodingWriter {
    /// The unescaped text of a scalar value, found by writing it as the only element of a scratch
    /// repeated-keys array; a non-scalar value throws.
    func scalarText<T: Encodable>(of value: T, codingPath: [any CodingKey]) throws -> [UInt8] {
        var options = storage.options
        options.arrayEncoding = .repeatedKeys
        options.outputFormatting = []
        if options.nilEncoding == .omit { options.nilEncoding = .emptyValue }
        let scratch = EncodingWriter(options: QueryEncoder.OptionsStorage(options), output: .items)
        let element = EncodingScope(
            writer: scratch, parent: nil, key: nil, name: 0..<0, role: .repeatedElement)
        do {
            try SingleValueSlot(scope: element).encodeValue(value)
            if let error = scratch.deferredError { throw error }
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "A Set is written in the order of its elements' text, so its elements must be scalars.",
                    underlyingError: error))
        }
        guard let item = scratch.makeItems().first else { return [] }
        return Array((item.value ?? "").utf8)
    }
}
