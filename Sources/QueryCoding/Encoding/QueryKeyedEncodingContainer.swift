import Foundation

/// Writes the fields of a struct (or the entries of a keyed value) as `name=value` pairs whose names are
/// the position's name joined with each key.
struct QueryKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let position: EncodingPosition

    init(position: EncodingPosition) {
        self.position = position
        _ = position.openContainer(.keyed)
    }

    var codingPath: [any CodingKey] { position.codingPath }

    @inline(__always)
    private func site(_ key: Key) -> FieldSite<Key> {
        FieldSite(container: position, key: key, isDataKey: false)
    }

    mutating func encodeNil(forKey key: Key) throws { try site(key).encodeNil() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try site(key).encodeValue(value) }

    // The defaults of `encodeIfPresent` skip `nil` before the encoder sees it; these hand it to the
    // nil strategy instead, so `.emptyValue` and `.null` also apply to synthesized optional properties.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try value.encodeQuery(at: site(key)) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try value.encodeQuery(at: site(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(QueryKeyedEncodingContainer<NestedKey>(position: childPosition(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        QueryUnkeyedEncodingContainer(position: childPosition(key))
    }

    mutating func superEncoder() -> any Encoder {
        QueryEncoder(options: position.writer.storage, position: childPosition(NameKey("super")))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        QueryEncoder(options: position.writer.storage, position: childPosition(key))
    }

    /// The position of a nested value; these requests cannot throw, so a problem (such as a key that
    /// collides with the nesting syntax) is carried by the position and thrown when it is written to.
    private func childPosition<ChildKey: CodingKey>(_ key: ChildKey) -> EncodingPosition {
        do {
            return try FieldSite(container: position, key: key, isDataKey: false).makePosition()
        } catch {
            return .unwritable(error as! EncodingError, parent: position, key: key)
        }
    }
}
