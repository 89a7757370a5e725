import Foundation

/// Writes one value at a position: a scalar as its pair, a composite value as the position's content.
struct QuerySingleValueEncodingContainer: SingleValueEncodingContainer {
    let position: EncodingPosition

    var codingPath: [any CodingKey] { position.codingPath }

    private var site: PositionSite { PositionSite(position: position) }

    mutating func encodeNil() throws { try site.encodeNil() }
    mutating func encode(_ value: Bool) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: String) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: Double) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: Float) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: Int) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: Int8) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: Int16) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: Int32) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: Int64) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: UInt) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: UInt8) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: UInt16) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: UInt32) throws { try value.encodeQuery(at: site) }
    mutating func encode(_ value: UInt64) throws { try value.encodeQuery(at: site) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try value.encodeQuery(at: site) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try value.encodeQuery(at: site) }
    mutating func encode<T: Encodable>(_ value: T) throws { try site.encodeValue(value) }
}
