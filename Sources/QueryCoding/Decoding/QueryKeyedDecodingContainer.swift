import Foundation

/// Reads the nested parameters of a node by key.
struct QueryKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let query: ParsedQuery
    let node: Int
    let path: CodingPathNode?
    /// Parameter names by converted key, for the `.custom` key strategy only; more than one name when
    /// several parameters convert to the same key.
    private let customNames: [String: [String]]?
    /// The per-field styles of the type being decoded; `nil` for the types that declare none, which
    /// then pay one check per field.
    private let fieldStyles: (any QueryFieldStyling.Type)?

    init(query: ParsedQuery, node: Int, path: CodingPathNode?, fieldStyles: (any QueryFieldStyling.Type)? = nil) {
        self.query = query
        self.node = node
        self.path = path
        self.fieldStyles = fieldStyles
        if case .custom(let convert) = query.options.keyDecoding {
            var names: [String: [String]] = [:]
            for (name, _) in query.children(of: node) {
                let converted = convert((path?.path ?? []) + [NameKey(name)]).stringValue
                names[converted, default: []].append(name)
            }
            customNames = names
        } else {
            customNames = nil
        }
    }

    var codingPath: [any CodingKey] { path?.path ?? [] }

    var allKeys: [Key] {
        query.children(of: node).map(\.name).compactMap { name in
            switch query.options.keyDecoding {
            case .useDefaultKeys: Key(stringValue: name)
            case .convertFromSnakeCase: Key(stringValue: KeyCaseConversion.fromSeparatedWords(name, separator: "_"))
            case .convertFromKebabCase: Key(stringValue: KeyCaseConversion.fromSeparatedWords(name, separator: "-"))
            case .custom(let convert): Key(stringValue: convert(codingPath + [NameKey(name)]).stringValue)
            }
        }
    }

    /// The parameter name a key is looked up by.
    private func name(for key: Key) -> String {
        switch query.options.keyDecoding {
        case .useDefaultKeys: key.stringValue
        case .convertFromSnakeCase: KeyCaseConversion.toSeparatedWords(key.stringValue, separator: "_")
        case .convertFromKebabCase: KeyCaseConversion.toSeparatedWords(key.stringValue, separator: "-")
        case .custom: customNames?[key.stringValue]?.first ?? key.stringValue
        }
    }

    private func locate(_ key: Key) throws -> (location: QueryLocation, path: PathContext) {
        if let names = customNames?[key.stringValue], names.count > 1 {
            // Which parameter would win would depend on the order of a dictionary: refuse instead.
            let sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            throw DecodingErrors.ambiguousConvertedKey(sorted, key: key.stringValue, codingPath: codingPath + [key])
        }
        let name = name(for: key)
        guard let child = query.child(of: node, named: name) else {
            return (.absent, PathContext(parent: path, key: key, expectedName: name))
        }
        try query.requireWritableKey(name, child: child, codingPath: codingPath + [key])
        return (.node(child), PathContext(parent: path, key: key, expectedName: name))
    }

    func contains(_ key: Key) -> Bool {
        if let fieldStyles, let style = fieldStyles.queryFieldStyle(for: key) {
            guard let (location, _, _) = try? locateStyled(key, style: style) else { return true }
            if case .absent = location { return false }
            return true
        }
        return query.child(of: node, named: name(for: key)) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if let fieldStyles, let style = fieldStyles.queryFieldStyle(for: key) {
            return try decodeStyled(forKey: key, style: style) { try query.isNil(at: $0, path: $1) }
        }
        let (location, path) = try locate(key)
        return try query.isNil(at: location, path: path)
    }

    @inline(__always)
    private func decodeFast<T: QueryDecodingFastPath>(_ type: T.Type, forKey key: Key) throws -> T {
        if let fieldStyles, let style = fieldStyles.queryFieldStyle(for: key) {
            throw DecodingErrors.styleOnSingleValue(style, type: type, codingPath: codingPath + [key])
        }
        let (location, path) = try locate(key)
        return try T.decodeQuery(from: query, at: location, path: path)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeFast(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeFast(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeFast(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeFast(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeFast(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeFast(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeFast(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeFast(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeFast(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeFast(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeFast(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeFast(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeFast(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeFast(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeFast(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeFast(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try decodeFast(Int128?.self, forKey: key)
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try decodeFast(UInt128?.self, forKey: key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if let fieldStyles, let style = fieldStyles.queryFieldStyle(for: key) {
            return try decodeStyled(forKey: key, style: style) { location, path in
                if style.nesting != nil && ParsedQuery.isSingleValue(T.self) {
                    throw DecodingErrors.styleOnSingleValue(style, type: type, codingPath: codingPath + [key])
                }
                return try query.decode(type, at: location, path: path)
            }
        }
        let (location, path) = try locate(key)
        return try query.decode(type, at: location, path: path)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(for: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(for: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let name = "super"
        let location: QueryLocation = query.child(of: node, named: name).map(QueryLocation.node) ?? .absent
        return QueryDecoderImpl(
            query: query, location: location, path: CodingPathNode(parent: path, key: NameKey(name)))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder(for: key)
    }

    private func decoder(for key: Key) throws -> QueryDecoderImpl {
        if let fieldStyles, fieldStyles.queryFieldStyle(for: key) != nil {
            throw DecodingErrors.styleOnNestedContainer(type: Any.self, codingPath: codingPath + [key])
        }
        let (location, path) = try locate(key)
        return QueryDecoderImpl(query: query, location: location, path: path.materialize())
    }

    // MARK: Per-field styles

    /// Reads a field whose type declares a style for its key: the style holds while the value (and
    /// everything inside it) is read, and the decoder's own strategies are back afterwards.
    @inline(never)
    private func decodeStyled<R>(
        forKey key: Key, style: QueryFieldStyle, _ body: (QueryLocation, PathContext) throws -> R
    ) throws -> R {
        let saved = (query.arrayDecoding, query.nestedKeyDecoding, query.dateDecoding)
        let wasRestyled = query.isRestyled
        defer {
            (query.arrayDecoding, query.nestedKeyDecoding, query.dateDecoding) = saved
            query.isRestyled = wasRestyled
        }
        let (location, path, restyled) = try locateStyled(key, style: style)
        if restyled { query.isRestyled = true }
        if let array = style.array { query.arrayDecoding = array }
        if let nesting = style.nesting?.decodingStrategy { query.nestedKeyDecoding = nesting }
        if let date = style.date { query.dateDecoding = date.decodingStrategy }
        return try body(location, path)
    }

    /// Where a styled field is: the container's own node for a flattened one; the field's parameters
    /// read again when its style nests names differently from the strategies (`restyled`); otherwise
    /// where any field is.
    private func locateStyled(_ key: Key, style: QueryFieldStyle) throws -> (
        location: QueryLocation, path: PathContext, restyled: Bool
    ) {
        if case .delimited(let separator) = style.array, !ListSeparator.isValidCustom(separator) {
            throw DecodingErrors.invalidFieldSeparator(separator, codingPath: codingPath + [key])
        }
        if style.nesting == .flattened {
            return (.node(node), PathContext(parent: path, key: key), false)
        }
        let styled = NestingSyntax(
            array: style.array ?? query.arrayDecoding,
            nesting: style.nesting?.decodingStrategy ?? query.nestedKeyDecoding)
        guard !query.isRestyled, styled != query.parsedSyntax else {
            let (location, path) = try locate(key)
            return (location, path, false)
        }
        let name = name(for: key)
        let child = try query.restyledChild(of: node, named: name)
        return (
            child.map(QueryLocation.node) ?? .absent, PathContext(parent: path, key: key, expectedName: name), true
        )
    }
}
