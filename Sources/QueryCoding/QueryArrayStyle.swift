import Foundation

/// How arrays are written and read: one set of styles for ``QueryEncoder/arrayEncodingStrategy``,
/// ``QueryDecoder/arrayDecodingStrategy`` and a field's ``QueryFieldStyle/array``, so that what the encoder
/// writes, the decoder reads with the same value.
///
/// | Style | `type: ["day", "month"]` |
/// |-------|-------------------------|
/// | ``commaSeparated`` | `type=day,month` |
/// | ``pipeDelimited`` | `type=day%7Cmonth` (items: `day\|month`) |
/// | ``spaceDelimited`` | `type=day%20month` (items: `day month`) |
/// | ``delimited(by:)`` with `";"` | `type=day;month` |
/// | ``repeatedKeys`` | `type=day&type=month` |
/// | ``brackets`` | `type[]=day&type[]=month` (brackets written `%5B%5D`) |
/// | ``indexedBrackets`` | `type[0]=day&type[1]=month` |
///
/// Arrays of structs or of arrays need ``indexedBrackets``; the encoder throws `EncodingError.invalidValue`
/// for such elements with any other style rather than write something ambiguous. The four delimited styles
/// write one pair whose elements are joined by a separator byte, and the decoder splits the value at that byte
/// as it was sent, before percent-decoding.
///
/// An empty array writes no pair; with every style, an array whose parameter is absent decodes as `[]`, and an
/// optional array whose parameter is absent as `nil`.
public enum QueryArrayStyle: Sendable, Hashable {
    /// One pair, elements joined by a raw comma (`type=day,month`); a comma inside an element is escaped
    /// (`%2C`), and the decoder reads an escaped comma as part of its element.
    case commaSeparated
    /// One pair, elements joined by `|` (OpenAPI `pipeDelimited`). A raw `|` is not allowed in a URL, so the
    /// separator is sent as `%7C`; an element containing `|` could not be told from it and throws
    /// `EncodingError.invalidValue`. The decoder splits at the escaped `%7C` or at a raw `|` (as some clients
    /// send it), before percent-decoding.
    case pipeDelimited
    /// One pair, elements joined by a space (OpenAPI `spaceDelimited`), sent as `%20`; a space inside an
    /// element is sent as `+`, which the decoder reads back as a space within the element. (Parsers that
    /// decode before splitting cannot tell the two apart.) In items output an element containing a space
    /// throws; query items (already decoded) are split at spaces.
    case spaceDelimited
    /// One pair, elements joined by `separator`, written raw; the separator inside an element is escaped
    /// (`%3B` for `;`), exactly as the comma in ``commaSeparated``, and the decoder reads an escaped one as
    /// part of its element.
    ///
    /// The separator must be one of `! $ ' ( ) * , / : ; ? @`: a byte a query carries raw that is neither
    /// unreserved (it would be read inside elements) nor part of the pair syntax (`&`, `=`, `+`, `%`, `#`).
    /// Any other separator makes every `encode` call throw `EncodingError.invalidValue` and every `decode`
    /// call throw `DecodingError.dataCorrupted`, naming the style; on a field, the field throws.
    case delimited(by: Unicode.Scalar)
    /// One pair per element, all with the array's name (`type=day&type=month`).
    case repeatedKeys
    /// One pair per element, named `name[]` (`type[]=day&type[]=month`).
    case brackets
    /// One pair per element, named `name[index]`; elements may be structs or arrays. The decoder takes the
    /// indices in any order, but they must be dense from 0.
    case indexedBrackets
}

// Pattern matches rather than `==`: with a case that carries a value, the synthesized `==` is a call that
// builds its right-hand side, and these run for every array and element.
extension QueryArrayStyle {
    /// Whether the elements are one pair joined by a separator.
    var isDelimited: Bool {
        switch self {
        case .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited: true
        case .repeatedKeys, .brackets, .indexedBrackets: false
        }
    }

    /// ``brackets``.
    var isBrackets: Bool {
        if case .brackets = self { return true }
        return false
    }

    /// ``indexedBrackets``.
    var isIndexedBrackets: Bool {
        if case .indexedBrackets = self { return true }
        return false
    }

    /// ``brackets`` or ``indexedBrackets``: element names hold brackets.
    var namesElementsInBrackets: Bool {
        switch self {
        case .brackets, .indexedBrackets: true
        case .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited, .repeatedKeys: false
        }
    }
}
