import Foundation

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
