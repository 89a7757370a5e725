import Foundation

/// Reads the nested parameters of a node by key.
struct QueryKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: DecodingState
    let node: Int
    let path: CodingPathNode?
    /// Parameter names by converted key, for the `.custom` key strategy only; more than one name when
    /// several parameters convert to the same key.
    private let customNames: [String: [String]]?

    init(state: DecodingState, node: Int, path: CodingPathNode?) {
        self.state = state
        self.node = node
        self.path = path
        if case .custom(let convert) = state.options.keyDecoding {
            var names: [String: [String]] = [:]
            for (name, _) in state.children(of: node) {
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
        state.children(of: node).map(\.name).compactMap { name in
            switch state.options.keyDecoding {
            case .useDefaultKeys: Key(stringValue: name)
            case .convertFromSnakeCase: Key(stringValue: KeyCaseConversion.fromSeparatedWords(name, separator: "_"))
            case .convertFromKebabCase: Key(stringValue: KeyCaseConversion.fromSeparatedWords(name, separator: "-"))
            case .custom(let convert): Key(stringValue: convert(codingPath + [NameKey(name)]).stringValue)
            }
        }
    }

    /// The parameter name a key is looked up by.
    private func name(for key: Key) -> String {
        switch state.options.keyDecoding {
        case .useDefaultKeys: key.stringValue
        case .convertFromSnakeCase: KeyCaseConversion.toSeparatedWords(key.stringValue, separator: "_")
        case .convertFromKebabCase: KeyCaseConversion.toSeparatedWords(key.stringValue, separator: "-")
        case .custom: customNames?[key.stringValue]?.first ?? key.stringValue
        }
    }

    private func locate(_ key: Key) throws -> (position: DecodingPosition, path: PathContext) {
        if let names = customNames?[key.stringValue], names.count > 1 {
            // Which parameter would win would depend on the order of a dictionary: refuse instead.
            let sorted = names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription:
                        "The parameters \(sorted.map { "\"\($0)\"" }.joined(separator: ", ")) all convert to the key \"\(key.stringValue)\"."
                ))
        }
        let name = name(for: key)
        guard let child = state.child(of: node, named: name) else {
            return (.absent, PathContext(parent: path, key: key, expectedName: name))
        }
        try state.requireWritableKey(name, child: child, codingPath: codingPath + [key])
        return (.node(child), PathContext(parent: path, key: key, expectedName: name))
    }

    func contains(_ key: Key) -> Bool {
        state.child(of: node, named: name(for: key)) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let (position, path) = try locate(key)
        return try state.isNil(at: position, path: path)
    }

    @inline(__always)
    private func decodeFast<T: QueryDecodingFastPath>(_ type: T.Type, forKey key: Key) throws -> T {
        let (position, path) = try locate(key)
        return try T.decodeQuery(from: state, at: position, path: path)
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
        let (position, path) = try locate(key)
        // The commonest composite fields, recognised by comparing metadata (cheap) rather than by the
        // conformance lookup of the general path.
        if T.self == [String].self {
            return unsafeBitCast(try [String].decodeQuery(from: state, at: position, path: path), to: T.self)
        }
        if T.self == [Int].self {
            return unsafeBitCast(try [Int].decodeQuery(from: state, at: position, path: path), to: T.self)
        }
        return try state.decode(type, at: position, path: path)
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
        let position: DecodingPosition = state.child(of: node, named: name).map(DecodingPosition.node) ?? .absent
        return QueryDecoderImpl(
            state: state, position: position, path: CodingPathNode(parent: path, key: NameKey(name)))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try decoder(for: key)
    }

    private func decoder(for key: Key) throws -> QueryDecoderImpl {
        let (position, path) = try locate(key)
        return QueryDecoderImpl(state: state, position: position, path: path.materialize())
    }
}
