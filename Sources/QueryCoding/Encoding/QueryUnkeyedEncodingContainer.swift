import Foundation

/// Writes the elements of an array as the array strategy says.
struct QueryUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let scope: EncodingScope
    /// Whether the array can be written here (not at the top level, not inside a non-indexed array).
    private let isWritable: Bool
    private(set) var count = 0
    /// The pair of a comma-separated list, once its first element has started it.
    private var listPair = 0
    /// `name[]`, made on first use for the `.brackets` strategy.
    private var elementName: Range<Int>?

    init(scope: EncodingScope) {
        self.scope = scope
        self.isWritable = scope.openContainer(.unkeyed) == nil
    }

    var codingPath: [any CodingKey] { scope.codingPath }

    private mutating func nextSite() throws -> ElementSlot {
        if !isWritable { try scope.require(.unkeyed) }
        return ElementSlot(array: scope, index: count, listPair: listPair, elementName: bracketsName())
    }

    private mutating func bracketsName() -> Range<Int> {
        if let elementName { return elementName }
        let writer = scope.writer
        guard writer.arrayEncoding.isBrackets else { return scope.name }
        let name = writer.makeName(prefix: scope.name) { buffer in
            writer.appendDelimiter(.openBracket, to: &buffer)
            writer.appendDelimiter(.closeBracket, to: &buffer)
        }
        elementName = name
        return name
    }

    private mutating func finishElement() {
        if count == 0 { listPair = scope.writer.pairCount }
        count += 1
    }

    mutating func encodeNil() throws {
        try nextSite().encodeNil()
        finishElement()
    }

    /// Encodes an element whose type is known to take the fast path.
    @inline(__always)
    mutating func encodeFast<T: QueryEncodingFastPath>(_ value: T) throws {
        let pairsBefore = scope.writer.pairCount
        try value.encodeQuery(at: nextSite())
        try requireWritten(value, since: pairsBefore)
        finishElement()
    }

    mutating func encode(_ value: Bool) throws { try encodeFast(value) }
    mutating func encode(_ value: String) throws { try encodeFast(value) }
    mutating func encode(_ value: Double) throws { try encodeFast(value) }
    mutating func encode(_ value: Float) throws { try encodeFast(value) }
    mutating func encode(_ value: Int) throws { try encodeFast(value) }
    mutating func encode(_ value: Int8) throws { try encodeFast(value) }
    mutating func encode(_ value: Int16) throws { try encodeFast(value) }
    mutating func encode(_ value: Int32) throws { try encodeFast(value) }
    mutating func encode(_ value: Int64) throws { try encodeFast(value) }
    mutating func encode(_ value: UInt) throws { try encodeFast(value) }
    mutating func encode(_ value: UInt8) throws { try encodeFast(value) }
    mutating func encode(_ value: UInt16) throws { try encodeFast(value) }
    mutating func encode(_ value: UInt32) throws { try encodeFast(value) }
    mutating func encode(_ value: UInt64) throws { try encodeFast(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try encodeFast(value) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try encodeFast(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let pairsBefore = scope.writer.pairCount
        try nextSite().encodeValue(value)
        try requireWritten(value, since: pairsBefore)
        finishElement()
    }

    /// An indexed element that writes nothing (an empty array or struct) would shift the indices of the
    /// elements after it, or vanish: refuse rather than lose it.
    @inline(__always)
    private func requireWritten<T>(_ value: T, since pairsBefore: Int) throws {
        let writer = scope.writer
        if writer.pairCount == pairsBefore && writer.arrayEncoding.isIndexedBrackets {
            try throwNothingWritten(value)
        }
    }

    @inline(never)
    private func throwNothingWritten<T>(_ value: T) throws {
        throw EncodingErrors.emptyElement(value, index: count, codingPath: codingPath + [IndexKey(count)])
    }

    /// Encodes every element of an array, looking up the element type's fast path once for all.
    mutating func encodeElements<Element: Encodable>(of array: [Element]) throws {
        if TypeTraits.of(Element.self).contains(.encodingFastPath),
            let fastType = Element.self as? any QueryEncodingFastPath.Type
        {
            try encodeFastElements(of: array, as: fastType)
        } else {
            for element in array { try encode(element) }
        }
    }

    private mutating func encodeFastElements<Element, Fast: QueryEncodingFastPath>(
        of array: [Element], as type: Fast.Type
    ) throws {
        // `Fast` was opened from `Element`'s own metatype: they are one type.
        for element in Specialization.cast(array, to: [Fast].self) { try encodeFast(element) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(scope: nextScope()))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        QueryUnkeyedEncodingContainer(scope: nextScope())
    }

    mutating func superEncoder() -> any Encoder {
        QueryEncoderImpl(scope: nextScope())
    }

    /// The scope of the next element, for container requests that cannot throw.
    private mutating func nextScope() -> EncodingScope {
        let next: EncodingScope
        do {
            next = try nextSite().makeScope()
            if scope.writer.arrayEncoding.isIndexedBrackets { scope.writer.watchedElements.append(next) }
        } catch {
            next = .unwritable(error, parent: scope, key: IndexKey(count))
        }
        count += 1
        return next
    }
}
