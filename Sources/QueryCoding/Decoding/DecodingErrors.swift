import Foundation

/// Every `DecodingError` the decoder throws, in one place: each names the parameter as it was sent
/// (the caller resolves it with `ParsedQuery.nodeName(_:)` or `parameterName(of:)`), the coding path,
/// and what was expected. The rest of the decoder only decides *when* to throw. Limits throw
/// ``QueryDecodingLimitError``, which carries its own message.
///
/// Kept out of line, as the encoder's catalogue is: an error built inside a hot function would cost
/// on every call, error or not.
enum DecodingErrors {
    private static func corrupted(_ codingPath: [any CodingKey], _ description: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    private static func mismatch(_ type: Any.Type, _ codingPath: [any CodingKey], _ description: String)
        -> DecodingError
    {
        DecodingError.typeMismatch(type, DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    // MARK: Configuration and field styles

    /// The decoder's `.delimited(by:)` separator breaks the rule: every call throws this, before parsing.
    @inline(never)
    static func invalidSeparatorStrategy(_ separator: Unicode.Scalar) -> DecodingError {
        corrupted(
            [],
            "arrayDecodingStrategy .delimited(by: \(ListSeparator.describe(separator))) is not a valid separator: \(ListSeparator.customRule)"
        )
    }

    /// A field's own `.delimited(by:)` separator breaks the rule.
    @inline(never)
    static func invalidFieldSeparator(_ separator: Unicode.Scalar, codingPath: [any CodingKey]) -> DecodingError {
        corrupted(
            codingPath,
            "The field's array style .delimited(by: \(ListSeparator.describe(separator))) is not a valid separator: \(ListSeparator.customRule)"
        )
    }

    /// A style on a field whose value is a single value no such style applies to.
    @inline(never)
    static func styleOnSingleValue(_ style: QueryFieldStyle, type: Any.Type, codingPath: [any CodingKey])
        -> DecodingError
    {
        mismatch(
            type, codingPath,
            "The type declares a query style (\(FieldStyle.describe(style))) for this key, but \(type) is a single value that no such style applies to."
        )
    }

    /// A nested container or super decoder asked for at a styled key.
    @inline(never)
    static func styleOnNestedContainer(type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        mismatch(
            type, codingPath,
            "The type declares a query style for this key, which holds only while decode(_:forKey:) reads the value; a nested container or super decoder for a styled key cannot keep it."
        )
    }

    // MARK: The whole query and its names

    /// A whole query decoded into a type without keys (a number, a string, an array).
    @inline(never)
    static func topLevelWithoutKeys(_ type: Any.Type) -> DecodingError {
        mismatch(
            type, [], "A query is a set of named parameters; decode it into a struct or a dictionary, not \(type).")
    }

    /// A parameter name whose percent-encoding is invalid.
    @inline(never)
    static func invalidName(_ raw: String, explanation: String) -> DecodingError {
        corrupted([], "The parameter name \"\(raw)\" \(explanation).")
    }

    /// A value whose percent-encoding is invalid.
    @inline(never)
    static func invalidValueEncoding(parameter: String, explanation: String, codingPath: [any CodingKey])
        -> DecodingError
    {
        corrupted(codingPath, "The value of parameter \"\(parameter)\" \(explanation).")
    }

    /// A name read as a key that the encoder could not write back.
    @inline(never)
    static func unwritableKey(parameter: String, isEmpty: Bool, codingPath: [any CodingKey]) -> DecodingError {
        let problem = isEmpty ? "has an empty key" : "is not a well-formed name for the nesting strategies"
        return corrupted(
            codingPath,
            "The parameter \"\(parameter)\" \(problem), so it cannot be read as a key: the encoder could not write it back."
        )
    }

    /// Several parameters that a custom key strategy converts to one key.
    @inline(never)
    static func ambiguousConvertedKey(_ names: [String], key: String, codingPath: [any CodingKey]) -> DecodingError {
        corrupted(
            codingPath,
            "The parameters \(names.map { "\"\($0)\"" }.joined(separator: ", ")) all convert to the key \"\(key)\".")
    }

    /// Two parameters that name the same dictionary key (`5` and `05` for an `Int` key).
    @inline(never)
    static func duplicateDictionaryKey(
        _ first: String, _ second: String, keyType: Any.Type, key: Any, codingPath: [any CodingKey]
    ) -> DecodingError {
        corrupted(codingPath, "The parameters \"\(first)\" and \"\(second)\" name the same \(keyType) key \(key).")
    }

    /// A parameter name that is not a valid dictionary key of the key type.
    @inline(never)
    static func invalidDictionaryKey(_ name: String, keyType: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        corrupted(codingPath, "The parameter name \"\(name)\" is not a valid \(keyType) dictionary key.")
    }

    // MARK: Shapes

    /// Nested parameters where a single value is expected.
    @inline(never)
    static func nestedUnderSingleValue(parameter: String, type: Any.Type, codingPath: [any CodingKey])
        -> DecodingError
    {
        mismatch(
            type, codingPath, "The parameter \"\(parameter)\" has nested parameters, but \(type) is a single value.")
    }

    /// A single list element where named parameters are expected.
    @inline(never)
    static func elementIsNotKeyed(array: String, type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        mismatch(
            type, codingPath,
            "An element of the array \"\(array)\" is a single value, but \(type) needs named parameters.")
    }

    /// A value where nested parameters are expected.
    @inline(never)
    static func valueIsNotKeyed(parameter: String, type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        mismatch(type, codingPath, "The parameter \"\(parameter)\" has a value, but \(type) needs nested parameters.")
    }

    /// A single list element where an array is expected.
    @inline(never)
    static func elementIsNotArray(array: String, type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        mismatch(
            type, codingPath,
            "An element of the array \"\(array)\" is a single value, but \(type) is an array; only .indexedBrackets can hold arrays of arrays."
        )
    }

    /// A parameter with a value of its own where a bracket-strategy array reads only nested parameters.
    @inline(never)
    static func valueBesideNestedArray(
        parameter: String, type: Any.Type, strategy: QueryArrayStyle, codingPath: [any CodingKey]
    ) -> DecodingError {
        mismatch(
            type, codingPath,
            "The parameter \"\(parameter)\" has a value of its own, but \(type) with \(strategy) arrays reads only its nested parameters."
        )
    }

    /// A nested parameter of an array that its strategy does not name elements with.
    @inline(never)
    static func unexpectedArrayChild(
        array: String, child: String, strategy: QueryArrayStyle, expected: String,
        codingPath: [any CodingKey]
    ) -> DecodingError {
        corrupted(
            codingPath,
            "The array \"\(array)\" has the nested parameter \"\(child)\", but \(strategy) arrays expect \(expected).")
    }

    /// Indices that are not dense from 0.
    @inline(never)
    static func sparseIndices(array: String, count: Int, stray: String, codingPath: [any CodingKey]) -> DecodingError {
        corrupted(
            codingPath,
            "The array \"\(array)\" has \(count) elements, so its indices must be 0 to \(count - 1), but it has the index \"\(stray)\"."
        )
    }

    /// An unexploded object whose value does not alternate keys and values.
    @inline(never)
    static func oddUnexplodedObject(parameter: String, parts: Int, codingPath: [any CodingKey]) -> DecodingError {
        corrupted(
            codingPath,
            "The parameter \"\(parameter)\" is an unexploded object, so its value must alternate keys and values, but it has \(parts) parts."
        )
    }

    /// An unexploded object with an empty key.
    @inline(never)
    static func emptyUnexplodedKey(parameter: String, codingPath: [any CodingKey]) -> DecodingError {
        corrupted(codingPath, "The unexploded object \"\(parameter)\" has an empty key, which names no field.")
    }

    // MARK: Values

    /// A parameter sent more than once where one is expected: parameter pollution is refused, not
    /// resolved by picking one.
    @inline(never)
    static func repeatedParameter(parameter: String, count: Int, expected: String, codingPath: [any CodingKey])
        -> DecodingError
    {
        corrupted(codingPath, "The parameter \"\(parameter)\" appears \(count) times, but \(expected).")
    }

    /// No parameter where a value is required: `keyNotFound` under a key, `valueNotFound` otherwise.
    @inline(never)
    static func missing(
        _ type: Any.Type, expectedName: String?, lastKey: (any CodingKey)?, pathAboveLastKey: [any CodingKey],
        codingPath: [any CodingKey]
    ) -> DecodingError {
        let description =
            if let expectedName {
                "The query has no parameter named \"\(expectedName)\" for this \(type)."
            } else {
                "The query has no value for this \(type)."
            }
        if let lastKey {
            return DecodingError.keyNotFound(
                lastKey, DecodingError.Context(codingPath: pathAboveLastKey, debugDescription: description))
        }
        return DecodingError.valueNotFound(
            type, DecodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    /// An element past the end of an unkeyed container.
    @inline(never)
    static func pastTheEnd(_ type: Any.Type, count: Int, codingPath: [any CodingKey]) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(codingPath: codingPath, debugDescription: "The array has only \(count) elements."))
    }

    /// Text that is not a valid value of `type` (shown cut to 64 characters).
    @inline(never)
    static func invalidValue(
        parameter: String, text: String, type: Any.Type, reason: String?, codingPath: [any CodingKey]
    ) -> DecodingError {
        let shown = text.count > 64 ? String(text.prefix(64)) + "…" : text
        return corrupted(
            codingPath,
            "The parameter \"\(parameter)\" has the value \"\(shown)\", which is not a valid \(type)\(reason.map { ": " + $0 } ?? "")."
        )
    }
}
