import Foundation

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
