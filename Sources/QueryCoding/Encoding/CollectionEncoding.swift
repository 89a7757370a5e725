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
    /// Elements in order, as the array strategy says: arrays of scalars (the common case) straight from
    /// a struct field (`EncodingSlot.encodeScalarList`), any other through an unkeyed container.
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws {
        if try slot.encodeScalarList(self) { return }
        var container = QueryUnkeyedEncodingContainer(scope: try slot.makeScope())
        try container.encodeElements(of: self)
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
        // Unspecialised, every step of an entry (iterating, copying, sorting) goes through metadata and
        // costs tens of times the write: the commonest dictionary runs specialised code, any other
        // sorts the indices of its entries rather than the entries.
        if let strings = Specialization.ifExactly(self, is: [String: String].self) {
            return try encodeSortedEntries(of: strings, in: scope) { key in key }
        }
        try encodeSortedEntries(of: self, in: scope) { key in
            try Self.name(of: key, codingPath: scope.codingPath)
        }
    }

    private static func name(of key: Key, codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        if let key = key as? String { return key }
        if let key = key as? any CodingKeyRepresentable { return key.codingKey.stringValue }
        throw EncodingErrors.unnamedDictionaryKey(key, type: Key.self, codingPath: codingPath())
    }
}

/// Writes the entries of `dictionary` into its keyed `scope`, in the order of the UTF-8 bytes of their
/// names (`name(key)`); scalar values are written straight from their slot, their fast path found once
/// for the whole dictionary.
private func encodeSortedEntries<Key, Value: Encodable>(
    of dictionary: [Key: Value], in scope: EncodingScope, name: (Key) throws -> String
) throws {
    var names: [String] = []
    var values: [Value] = []
    names.reserveCapacity(dictionary.count)
    values.reserveCapacity(dictionary.count)
    for (key, value) in dictionary {
        names.append(try name(key))
        values.append(value)
    }
    let order = ByteOrder.sortedIndices(of: names)
    // The slots hold `scope` unretained: it must live until the last entry is written.
    try withExtendedLifetime(scope) {
        if let strings = Specialization.ifExactly(values, is: [String].self) {
            for index in order {
                try strings[index].encodeQuery(
                    at: FieldSlot(container: scope, key: NameKey(names[index]), isDataKey: true))
            }
        } else if TypeTraits.of(Value.self).contains(.encodingFastPath),
            let scalar = Value.self as? any QueryScalarEncodable.Type
        {
            try encodeScalarEntries(values, as: scalar, names: names, order: order, in: scope)
        } else {
            for index in order {
                try FieldSlot(container: scope, key: NameKey(names[index]), isDataKey: true).encodeValue(values[index])
            }
        }
    }
}

private func encodeScalarEntries<Value, Scalar: QueryScalarEncodable>(
    _ values: [Value], as type: Scalar.Type, names: [String], order: [Int], in scope: EncodingScope
) throws {
    // `Scalar` was opened from `Value`'s own metatype: they are one type.
    let scalars = Specialization.cast(values, to: [Scalar].self)
    for index in order {
        try scalars[index].encodeQuery(at: FieldSlot(container: scope, key: NameKey(names[index]), isDataKey: true))
    }
}

extension Set: QueryEncodingFastPath where Element: Encodable {
    /// Elements sorted by the UTF-8 bytes of their text, so the output is the same in every process (a
    /// set's own order changes from one process to the next). Elements must be scalars.
    func encodeQuery<Slot: EncodingSlot>(at slot: Slot) throws {
        let scope = try slot.makeScope()
        // Each element's text decides its place; finding it needs a throwaway encoding per element.
        var texts: [[UInt8]] = []
        var elements: [Element] = []
        texts.reserveCapacity(count)
        elements.reserveCapacity(count)
        for element in self {
            texts.append(try scope.writer.scalarText(of: element, codingPath: scope.codingPath))
            elements.append(element)
        }
        let order = ByteOrder.sortedIndices(of: texts)
        var container = QueryUnkeyedEncodingContainer(scope: scope)
        try container.encodeElements(of: order.map { elements[$0] })
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
            // The slot holds `element` unretained: it must live until the value is written.
            try withExtendedLifetime(element) { try SingleValueSlot(scope: element).encodeValue(value) }
            if let error = scratch.deferredError { throw error }
        } catch {
            throw EncodingErrors.setElementNotScalar(value, codingPath: codingPath, underlying: error)
        }
        guard let item = scratch.makeItems().first else { return [] }
        return Array((item.value ?? "").utf8)
    }
}
