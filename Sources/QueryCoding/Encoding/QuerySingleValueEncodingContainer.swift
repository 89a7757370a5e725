import Foundation

/// Writes one value at a scope: a scalar as its pair, a composite value as the scope's content.
struct QuerySingleValueEncodingContainer: SingleValueEncodingContainer {
    let scope: EncodingScope

    var codingPath: [any CodingKey] { scope.codingPath }

    private var slot: SingleValueSlot { SingleValueSlot(scope: scope) }

    mutating func encodeNil() throws { try slot.encodeNil() }
    mutating func encode(_ value: Bool) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: String) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: Double) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: Float) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: Int) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: Int8) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: Int16) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: Int32) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: Int64) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: UInt) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: UInt8) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: UInt16) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: UInt32) throws { try value.encodeQuery(at: slot) }
    mutating func encode(_ value: UInt64) throws { try value.encodeQuery(at: slot) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try value.encodeQuery(at: slot) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try value.encodeQuery(at: slot) }
    mutating func encode<T: Encodable>(_ value: T) throws { try slot.encodeValue(value) }
}
