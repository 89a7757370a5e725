import Foundation

/// The `Encoder` a type's `encode(to:)` receives: the scope it writes into.
///
/// Internal on purpose: it reaches the call's unsynchronised writer, so it must never outlive the call
/// or cross tasks, and it is not `Sendable`. The public ``QueryEncoder`` is only the configuration.
struct QueryEncoderImpl: Encoder {
    let scope: EncodingScope

    var codingPath: [any CodingKey] { scope.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { scope.writer.storage.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(QueryKeyedEncodingContainer<Key>(scope: scope))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        QueryUnkeyedEncodingContainer(scope: scope)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueEncodingContainer(scope: scope)
    }
}

extension EncodingWriter {
    /// The configuration in force where the value being written sits: the encoder's own, with the
    /// strategies that a field's ``QueryFieldStyle`` overrides for the field's value.
    var configuration: QueryEncoder {
        var encoder = QueryEncoder(storage: storage)
        let options = storage.options
        if arrayEncoding != options.arrayEncoding { encoder.arrayEncodingStrategy = arrayEncoding }
        if nestedKeyEncoding != options.nestedKeyEncoding { encoder.nestedKeyEncodingStrategy = nestedKeyEncoding }
        if let dateOverride { encoder.dateEncodingStrategy = dateOverride }
        return encoder
    }
}
