import Foundation

/// Every error the encoder throws, in one place: each says what cannot be written, where (the coding
/// path) and what to do instead. The rest of the encoder only decides *when* to throw.
///
/// Each constructor is kept out of line: building an `EncodingError` (its context, a string interpolation)
/// inside a hot function would cost a metadata lookup and a stack allocation on every call, error or not.
enum EncodingErrors {
    private static func invalid(_ value: Any, _ codingPath: [any CodingKey], _ description: String) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    // MARK: Configuration and field styles

    /// The encoder's `.delimited(by:)` separator breaks the rule: every call throws this, before writing.
    @inline(never)
    static func invalidSeparatorStrategy(_ separator: Unicode.Scalar) -> EncodingError {
        invalid(
            separator, [],
            "arrayEncodingStrategy .delimited(by: \(ListSeparator.describe(separator))) is not a valid separator: \(ListSeparator.customRule)"
        )
    }

    /// A field's own `.delimited(by:)` separator breaks the rule.
    @inline(never)
    static func invalidFieldSeparator(_ separator: Unicode.Scalar, codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            separator, codingPath,
            "The field's array style .delimited(by: \(ListSeparator.describe(separator))) is not a valid separator: \(ListSeparator.customRule)"
        )
    }

    /// A style on a field whose value is a `String`, number or `Bool`.
    @inline(never)
    static func styleOnSingleValue(_ style: QueryFieldStyle, codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            "value", codingPath,
            "The type declares a query style (\(FieldStyle.describe(style))) for this key, but its value is a single value that no such style applies to."
        )
    }

    /// A nesting style on a single value reached through a nested encoder (which has no keys to nest).
    @inline(never)
    static func nestingStyleOnSingleValue(
        _ nesting: QueryFieldStyle.NestingStyle?, codingPath: [any CodingKey]
    ) -> EncodingError {
        invalid(
            "value", codingPath,
            "The type declares the nesting style .\(nesting.map { "\($0)" } ?? "") for this key, but its value is a single value, which has no keys to nest."
        )
    }

    /// A nested container or super encoder asked for at a styled key.
    @inline(never)
    static func styleOnNestedContainer(codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            "value", codingPath,
            "The type declares a query style for this key, which holds only while encode(_:forKey:) writes the value; a nested container or super encoder for a styled key cannot keep it."
        )
    }

    /// A `.flattened` field whose value is not a struct or dictionary.
    @inline(never)
    static func flattenedNotKeyed(codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            "value", codingPath,
            "A field with the nesting style .flattened writes its keys as its parent's own, so it must be a struct or a dictionary (not nil, a single value or an array)."
        )
    }

    // MARK: Shapes

    /// A top-level array: it has no name.
    @inline(never)
    static func topLevelArray() -> EncodingError {
        invalid(
            "array", [],
            "A top-level array has no keys to name its query parameters; encode a struct or a dictionary that holds it."
        )
    }

    /// A top-level number, string, date, …: it has no name.
    @inline(never)
    static func topLevelSingleValue() -> EncodingError {
        invalid(
            "single value", [],
            "A top-level single value (a number, string, date, …) has no key to name its query parameter; encode a struct or a dictionary that holds it."
        )
    }

    /// A struct, dictionary or array as an element of an array whose strategy does not name elements.
    @inline(never)
    static func compositeElement(
        isKeyed: Bool, strategy: QueryArrayStyle, codingPath: [any CodingKey]
    ) -> EncodingError {
        invalid(
            isKeyed ? "keyed value" : "array", codingPath,
            "An array element that is \(isKeyed ? "a struct or dictionary" : "an array") cannot be written with .\(strategy); only .indexedBrackets names each element (items[0][id]=1)."
        )
    }

    /// Two containers under one name (a keyed and an unkeyed one, or two unkeyed ones).
    @inline(never)
    static func conflictingContainers(codingPath: [any CodingKey]) -> EncodingError {
        let shown = codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return invalid(
            shown, codingPath,
            "Two containers were asked for at \"\(shown)\" (a keyed and an unkeyed one, or two unkeyed ones): their parameters would contradict each other. Ask for one unkeyed container, or only keyed ones, per key."
        )
    }

    /// An indexed element made through a nested container that wrote nothing: its index would be lost.
    @inline(never)
    static func emptyNestedElement(codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            "empty element", codingPath,
            "This array element writes no query parameter (it is empty), so its index would be lost; an element must hold at least one value."
        )
    }

    /// An indexed element encoded as a value that wrote nothing (an empty array or struct).
    @inline(never)
    static func emptyElement(_ value: Any, index: Int, codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            value, codingPath,
            "The array element at index \(index) writes no query parameter (it is empty), so its index would be lost; an element must hold at least one value."
        )
    }

    /// Why nothing can be written at a scope that carries no reason of its own (never expected: every
    /// unwritable scope is made with its reason).
    @inline(never)
    static func unwritable(codingPath: [any CodingKey]) -> EncodingError {
        invalid("value", codingPath, "Nothing can be written here: the container was asked for where it cannot be.")
    }

    // MARK: Lists and unexploded objects

    /// A later element of a delimited list written after another pair started.
    @inline(never)
    static func interleavedListElements(codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            "array element", codingPath,
            "Elements of a delimited array were interleaved with other values; encode an array's elements one after another."
        )
    }

    /// A later entry of an unexploded object written after another pair started.
    @inline(never)
    static func interleavedUnexplodedEntries(name: String, codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            name, codingPath,
            "Entries of an unexploded object were interleaved with other values; encode an object's entries one after another."
        )
    }

    /// A struct, dictionary or array inside an unexploded object.
    @inline(never)
    static func nestedInUnexploded(codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            "value", codingPath,
            "An unexploded object (nested key style .unexploded, written as one pair like color=R,100,G,200) holds only single values, but this value is a struct, dictionary or array; use .dots or .brackets nesting for it."
        )
    }

    /// A list element holding the separator where it could not be told from one.
    @inline(never)
    static func separatorInElement(
        _ text: String, separator: ListSeparator, escapes: Bool, codingPath: [any CodingKey]
    ) -> EncodingError {
        let description: String
        if separator == .comma {
            description =
                "The array element \"\(text)\" contains a comma, which a comma-separated list of query items cannot tell from a separator; use encodeToString(_:) (which escapes it as %2C) or another array strategy."
        } else if separator.isEscaped && escapes {
            description =
                "The element \"\(text)\" contains \"|\", which a pipe-delimited list sends as its separator (%7C), so it could not be told from one; use another array strategy."
        } else {
            let shown = ListSeparator.describe(Unicode.Scalar(separator.byte))
            description =
                "The element \"\(text)\" contains the separator \(shown), which a delimited list of query items cannot tell from a separator; use encodeToString(_:) (which escapes it) or another array strategy."
        }
        return invalid(text, codingPath, description)
    }

    // MARK: Keys

    /// A key that a query cannot carry: empty, or holding the nesting syntax.
    @inline(never)
    static func invalidKey(
        _ name: String, problem: EncodingWriter.KeyProblem, codingPath: [any CodingKey]
    ) -> EncodingError {
        let description: String
        switch problem {
        case .empty:
            description = "An empty key cannot name a query parameter."
        case .structural(let character):
            let strategy =
                character == "."
                ? "nestedKeyEncodingStrategy .dots reads it as nesting; use .brackets"
                : "the bracket strategies read it as nesting or an array index; use .dots nesting with .commaSeparated or .repeatedKeys arrays"
            description =
                "The key \"\(name)\" contains \"\(character)\", so it would be read back as a different key: \(strategy), or rename the key."
        }
        return invalid(name, codingPath, description)
    }

    /// A dictionary key that is neither a `String` nor `CodingKeyRepresentable`.
    @inline(never)
    static func unnamedDictionaryKey(_ key: Any, type: Any.Type, codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            key, codingPath,
            "Dictionary keys of type \(type) have no query name; use String or Int keys, or make \(type) CodingKeyRepresentable."
        )
    }

    // MARK: Values

    /// A `nil` array element under `.omit`: leaving it out would move the elements after it.
    @inline(never)
    static func omittedNilElement(codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            Optional<Int>.none as Any, codingPath,
            "A nil array element cannot be omitted without moving the elements after it; use nilEncodingStrategy .emptyValue or .null."
        )
    }

    /// An infinite or NaN `Double`/`Float`.
    @inline(never)
    static func nonFiniteNumber(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        invalid(value, codingPath, "\(value) is not a finite number, and a query has no text that reads back as it.")
    }

    /// `Decimal.nan`.
    @inline(never)
    static func decimalNaN(_ value: Decimal, codingPath: [any CodingKey]) -> EncodingError {
        invalid(value, codingPath, "Decimal.nan has no query text.")
    }

    /// A date outside the years ISO 8601 text can hold.
    @inline(never)
    static func dateOutsideISO8601(_ date: Date, codingPath: [any CodingKey]) -> EncodingError {
        invalid(
            date, codingPath,
            "\(date.timeIntervalSince1970) seconds since 1970 is outside the years 0000–9999 that ISO 8601 text can hold."
        )
    }

    /// A `.formatted` date the formatter wrote no text for.
    @inline(never)
    static func dateFormatterWroteNothing(_ date: Date, codingPath: [any CodingKey]) -> EncodingError {
        invalid(date, codingPath, "The date formatter wrote no text for this date.")
    }

    /// A date whose number (of `unit`) is not finite.
    @inline(never)
    static func dateNotFinite(_ date: Date, unit: String, codingPath: [any CodingKey]) -> EncodingError {
        invalid(date, codingPath, "The date is not a finite number of \(unit).")
    }

    /// A `Set` element that is not a scalar: a set is ordered by its elements' text.
    @inline(never)
    static func setElementNotScalar(_ value: Any, codingPath: [any CodingKey], underlying: any Error) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath,
                debugDescription:
                    "A Set is written in the order of its elements' text, so its elements must be scalars.",
                underlyingError: underlying))
    }
}
