import Foundation

// How encoding works (the folder in brief; Docs/Internals.md has the whole story).
//
// `QueryEncoder.encode` takes one `EncodingWriter` (the output: bytes appended in one pass, or pair
// records when the output is items or sorted) and its root `EncodingScope` from `EncodingWriterCache`
// (one per thread, reused between calls), then encodes the value at a slot of that scope:
//
// - An `EncodingScope` is a composite value being written (the root, a struct, an array, a dictionary):
//   its full name (a range of the writer's `names`), its role (what it may hold) and its parent.
// - An `EncodingSlot` is the place of one value inside a scope: a field (`FieldSlot`), an array element
//   (`ElementSlot`) or the scope itself (`SingleValueSlot`). A scalar asks its slot to start its pair,
//   then appends its text; a composite value asks its slot for a scope of its own.
// - `QueryEncoderImpl` is the `Encoder` a type's `encode(to:)` receives: a scope, and the three
//   containers over it, which make slots.
// - Scalars (`QueryScalarEncodable.swift`, `QueryIntegerEncoding.swift`, `QueryFloatEncoding.swift`) and the
//   standard collections (`CollectionEncoding.swift`) skip `encode(to:)`; `[String]` and `[Int]` fields are
//   written straight from their slot, and the top-level fields of a plain call without a slot at all
//   (`QueryKeyedEncodingContainer.isPlain`).
// - Every error is built in `EncodingErrors.swift`.

/// The `Encoder` a type's `encode(to:)` receives: the scope it writes into.
///
/// Internal on purpose: it reaches the call's unsynchronised writer, so it must never outlive the call
/// or cross tasks, and it is not `Sendable`. The public ``QueryEncoder`` is only the configuration.
struct QueryEncoderImpl: Encoder {
    let scope: EncodingScope

    var codingPath: [any CodingKey] { scope.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { scope.writer.storage.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let writer = scope.writer
        if case .root = scope.role, writer.rootContainers.isOpen, scope.fieldStyles == nil, writer.writesPlainFields {
            return writer.rootContainers.container(keyedBy: type, writer: writer)
        }
        return KeyedEncodingContainer(QueryKeyedEncodingContainer<Key>(scope: scope))
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
