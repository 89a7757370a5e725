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
        var entries: [(key: String, value: Value)] = []
        entries.reserveCapacity(count)
        for (key, value) in self {
            entries.append((try Self.name(of: key, codingPath: scope.codingPath), value))
        }
        entries.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        // The slots hold `scope` unretained: it must live until the last entry is written.
        try withExtendedLifetime(scope) {
            for entry in entries {
                try FieldSlot(container: scope, key: NameKey(entry.key), isDataKey: true).encodeValue(entry.value)
            }
        }
    }

    private static func name(of key: Key, codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
        if let key = key as? String { return key }
        if let key = key as? any CodingKeyRepresentable { return key.codingKey.stringValue }
        throw EncodingErrors.unnamedDictionaryKey(key, type: Key.self, codingPath: codingPath())
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
