import Foundation

// Names: the keys of a pair's name, checked so that nothing written reads back as nesting, joined with
// the delimiters of the nesting strategy, and converted by the key strategy.
extension EncodingWriter {
    /// The structural text the encoder writes around keys.
    enum Delimiter {
        case dot, openBracket, closeBracket

        var raw: UInt8 {
            switch self {
            case .dot: UInt8(ascii: ".")
            case .openBracket: UInt8(ascii: "[")
            case .closeBracket: UInt8(ascii: "]")
            }
        }
    }

    @inline(__always)
    func appendDelimiter(_ delimiter: Delimiter, to buffer: inout ByteBuffer) {
        let raw = delimiter.raw
        if escapes && raw != UInt8(ascii: ".") {
            buffer.append(UInt8(ascii: "%"))
            buffer.append(PercentEncoding.hexDigit(raw >> 4))
            buffer.append(PercentEncoding.hexDigit(raw & 0x0F))
        } else {
            buffer.append(raw)
        }
    }

    /// Why a key cannot be written.
    enum KeyProblem {
        /// The key is empty.
        case empty
        /// The key holds a character the nesting syntax reads (`.`, `[`, `]`).
        case structural(Character)
    }

    /// Appends a key (already converted) to `buffer`, escaped when the output is, checking in the same
    /// pass that it cannot be read back as nesting syntax.
    @inline(__always)
    func appendKey(_ key: String, to buffer: inout ByteBuffer) -> KeyProblem? {
        // Iterating `key.utf8` costs several times more than reading its contiguous storage.
        let result = key.utf8.withContiguousStorageIfAvailable { appendKey($0, to: &buffer) }
        if let result { return result }
        return Array(key.utf8).withUnsafeBufferPointer { appendKey($0, to: &buffer) }
    }

    /// Why `key` cannot be written, or `nil`; writes nothing.
    @inline(__always)
    func keyProblem(_ key: String) -> KeyProblem? {
        let result = key.utf8.withContiguousStorageIfAvailable { keyProblem($0) }
        if let result { return result }
        return Array(key.utf8).withUnsafeBufferPointer { keyProblem($0) }
    }

    func keyProblem(_ utf8: UnsafeBufferPointer<UInt8>) -> KeyProblem? {
        if utf8.isEmpty { return .empty }
        for byte in utf8 {
            if byte == UInt8(ascii: ".") && dotIsStructural { return .structural(".") }
            if (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")) && bracketsAreStructural {
                return .structural(Character(Unicode.Scalar(byte)))
            }
        }
        return nil
    }

    @inline(__always)
    private func appendKey(_ utf8: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer) -> KeyProblem? {
        let count = utf8.count
        if count == 0 { return .empty }
        // Long keys of unreserved bytes only (`[` and `]` never are) are copied eight bytes at a time;
        // the loop below, byte by byte, takes the rest.
        let clean = PercentEncoding.appendUnreservedWords(utf8, to: &buffer, allowsDot: !dotIsStructural)
        if clean == count { return nil }
        buffer.reserve((count &- clean) &* 3)
        // The classes kept raw: unreserved bytes, the dot only where it is not nesting.
        let raw = dotIsStructural ? UInt8(ascii: "1") : UInt8(ascii: "2")
        return PercentEncoding.withByteClasses { classes in
            for index in clean..<count {
                let byte = utf8[index]
                let byteClass = classes[Int(byte)]
                if byteClass != UInt8(ascii: "0") {
                    if byteClass > raw { return .structural(".") }
                    buffer.appendReserved(byte)
                    continue
                }
                if (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")) && bracketsAreStructural {
                    return .structural(Character(Unicode.Scalar(byte)))
                }
                if !escapes {
                    buffer.appendReserved(byte)
                } else if byte == 0x20 && spaceAsPlus {
                    buffer.appendReserved(UInt8(ascii: "+"))
                } else {
                    buffer.appendReserved(UInt8(ascii: "%"))
                    buffer.appendReserved(PercentEncoding.hexDigit(byte >> 4))
                    buffer.appendReserved(PercentEncoding.hexDigit(byte & 0x0F))
                }
            }
            return nil
        }
    }

    /// Appends the joint between a composite's name and one of its keys: `.` or `[` (`%5B`).
    @inline(__always)
    func appendKeyOpening(after prefix: Range<Int>, to buffer: inout ByteBuffer) {
        guard !prefix.isEmpty else { return }
        switch nestedKeyEncoding {
        case .dots: appendDelimiter(.dot, to: &buffer)
        case .brackets: appendDelimiter(.openBracket, to: &buffer)
        // Unexploded objects never name their keys; the names made here are those of arrays'
        // elements and dictionaries' entries below the top level, which nest as `.dots` would.
        case .unexploded: appendDelimiter(.dot, to: &buffer)
        }
    }

    /// Appends what closes a key opened by ``appendKeyOpening(after:to:)``.
    @inline(__always)
    func appendKeyClosing(after prefix: Range<Int>, to buffer: inout ByteBuffer) {
        if !prefix.isEmpty && nestedKeyEncoding == .brackets {
            appendDelimiter(.closeBracket, to: &buffer)
        }
    }

    /// The parameter name for a coding key: its `stringValue` converted by the key strategy.
    @inline(__always)
    func keyName(_ key: some CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
        convertsKeys ? convertedKey(key.stringValue, codingPath: codingPath) : key.stringValue
    }

    /// Appends the name of a child of the composite named `prefix`: `name`, `.name` or `[name]`.
    @inline(__always)
    func appendChildName(prefix: Range<Int>, name: String, to buffer: inout ByteBuffer) -> KeyProblem? {
        let result = name.utf8.withContiguousStorageIfAvailable {
            appendChildName(prefix: prefix, name: $0, to: &buffer)
        }
        if let result { return result }
        return Array(name.utf8).withUnsafeBufferPointer { appendChildName(prefix: prefix, name: $0, to: &buffer) }
    }

    /// ``appendChildName(prefix:name:to:)`` for a name given as its UTF-8 bytes.
    @inline(__always)
    func appendChildName(
        prefix: Range<Int>, name: UnsafeBufferPointer<UInt8>, to buffer: inout ByteBuffer
    ) -> KeyProblem? {
        appendKeyOpening(after: prefix, to: &buffer)
        if let problem = appendKey(name, to: &buffer) { return problem }
        appendKeyClosing(after: prefix, to: &buffer)
        return nil
    }

    /// Starts the pair of a field: the composite's name, the child's name, `=`. (The plain case has its
    /// own, ``beginPlainPair(named:)``.)
    // Out of line on purpose: inlined into every container method, it made the hot path too large for
    // the instruction cache, which cost more time than the call saves.
    @inline(never)
    func beginField(prefix: Range<Int>, name: String) -> KeyProblem? {
        if keepsStrings && prefix.isEmpty {
            if let problem = keyProblem(name) { return problem }
            beginPair(wholeName: name)
            return nil
        }
        let start = openPair(prefix: prefix)
        if let problem = appendChildName(prefix: prefix, name: name, to: &bytes) { return problem }
        closePairName(start: start)
        return nil
    }

    /// Starts a top-level pair named by the key bytes `utf8` in a plain call (percent-encoded, in order:
    /// see `QueryKeyedEncodingContainer.isPlain`): `name=`, after `&` unless it is the first pair.
    @inline(never)
    func beginPlainPair(named utf8: UnsafeBufferPointer<UInt8>) -> KeyProblem? {
        assert(writesPlainFields && !recordsPairs)
        let count = utf8.count
        guard count > 0 else { return .empty }
        valueIsPendingString = false
        // `&`, then the bytes kept raw, in one loop through a cursor (most keys are short: eight bytes at a
        // time cost more here); a byte to escape or refuse hands the rest of the key to `appendKey`.
        bytes.reserve(count &+ 2)
        let isFirst = pairCount == 0
        // Classes `1` (unreserved) up to `rawClasses` (`2`, the dot, where it is not nesting) are kept.
        let rawClasses = dotIsStructural ? UInt8(1) : UInt8(2)
        let clean = PercentEncoding.withByteClasses { classes in
            bytes.withCursor { cursor in
                if !isFirst { cursor.append(UInt8(ascii: "&")) }
                var index = 0
                while index < count {
                    let byte = utf8[index]
                    if classes[Int(byte)] &- UInt8(ascii: "1") >= rawClasses { break }
                    cursor.append(byte)
                    index &+= 1
                }
                return index
            }
        }
        if clean < count, let problem = appendKey(UnsafeBufferPointer(rebasing: utf8[clean...]), to: &bytes) {
            return problem
        }
        bytes.append(UInt8(ascii: "="))
        pairCount &+= 1
        return nil
    }

    /// Starts the pair of a scalar field of the keyed `scope`, named `name` (already converted): an entry
    /// of an unexploded object, or a pair of its own. The one place scalar fields are started, by the
    /// keyed container and by ``FieldSlot``; the caller has checked that `scope` is keyed.
    ///
    /// - Returns: Whether the value is an entry of an unexploded object, escaped as a list element.
    @inline(__always)
    func beginScalarField(
        in scope: EncodingScope, name: () -> String, codingPath: () -> [any CodingKey]
    ) throws -> Bool {
        if scope.isUnexploded {
            try scope.beginUnexplodedEntry(key: name(), codingPath: codingPath())
            return true
        }
        scope.noteWrite()
        let name = name()
        if let problem = beginField(prefix: scope.name, name: name) {
            throw EncodingErrors.invalidKey(name, problem: problem, codingPath: codingPath())
        }
        return false
    }

    /// Writes the `count` scalar elements of the array in the field `key` (named by the UTF-8 `name`) of the keyed
    /// `scope` as the array strategy says: one comma-separated pair, or a pair per element named `name`,
    /// `name[]` or `name[i]`. A non-empty array is recorded as an unkeyed container (``noteContainer``)
    /// under the name of its first pair, as written. `writeElement(self, index, isListElement)` appends one
    /// element's text; an error it throws reaches the caller unchanged, and a key the query cannot carry
    /// throws ``EncodingErrors/invalidKey(_:problem:codingPath:)``.
    @inline(__always)
    func writeScalarList(
        in scope: EncodingScope, key: some CodingKey, name: UnsafeBufferPointer<UInt8>, count: Int,
        codingPath: @autoclosure () -> [any CodingKey],
        writeElement: (_ writer: EncodingWriter, _ index: Int, _ isListElement: Bool) throws -> Void
    ) throws {
        let prefix = scope.name
        let isList = arrayEncoding.isDelimited
        func invalidKey(_ problem: KeyProblem) -> EncodingError {
            EncodingErrors.invalidKey(String(decoding: name, as: UTF8.self), problem: problem, codingPath: codingPath())
        }
        // An empty array writes nothing, but its key must still be one that a query could carry.
        if count == 0, let problem = keyProblem(name) { throw invalidKey(problem) }
        // Starts the pair of element `index` (for a delimited list, of the whole list) and returns the
        // range of `bytes` holding the field's name.
        @inline(__always) func beginElementPair(_ index: Int) throws -> Range<Int> {
            let start = openPair(prefix: prefix)
            if let problem = appendChildName(prefix: prefix, name: name, to: &bytes) { throw invalidKey(problem) }
            let fieldName = start..<bytes.count
            switch arrayEncoding {
            case .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited, .repeatedKeys:
                break
            case .brackets:
                appendDelimiter(.openBracket, to: &bytes)
                appendDelimiter(.closeBracket, to: &bytes)
            case .indexedBrackets:
                appendDelimiter(.openBracket, to: &bytes)
                appendDecimalDigits(UInt64(index), to: &bytes)
                appendDelimiter(.closeBracket, to: &bytes)
            }
            closePairName(start: start)
            return fieldName
        }
        guard count > 0 else { return }
        // The first element, apart: it records the array, so that the loop below stays free of the call.
        let fieldName = try beginElementPair(0)
        noteContainer(
            .unkeyed, scope: scope, isScalarArray: true, key: { key }, name: fieldName, nameIsInOutput: true)
        try writeElement(self, 0, isList)
        for index in 1..<count {
            if isList {
                appendListSeparator()
            } else {
                _ = try beginElementPair(index)
            }
            try writeElement(self, index, isList)
        }
    }

    private func convertedKey(_ key: String, codingPath: () -> [any CodingKey]) -> String {
        switch storage.options.keyEncoding {
        case .useDefaultKeys: key
        case .convertToSnakeCase: KeyCaseConversion.toSeparatedWords(key, separator: "_")
        case .convertToKebabCase: KeyCaseConversion.toSeparatedWords(key, separator: "-")
        case .custom(let convert): convert(codingPath()).stringValue
        }
    }

    /// Stores a new composite name, `prefix` followed by `suffix`, and returns its range.
    func makeName(prefix: Range<Int>, suffix: (inout ByteBuffer) throws -> Void) rethrows -> Range<Int> {
        let start = names.count
        names.appendCopy(of: prefix)
        try suffix(&names)
        return start..<names.count
    }
}
