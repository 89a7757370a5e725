/// The byte that joins the elements of a delimited array (and the keys and values of an unexploded
/// object), and how it travels in a percent-encoded query.
struct ListSeparator: Equatable {
    /// The separator as the parser sees it.
    let byte: UInt8
    /// Whether it is sent percent-escaped (`%7C`, `%20`): a URL cannot carry `|` or a space raw, so the
    /// escape is the separator and the byte inside an element needs another spelling (or is refused).
    let isEscaped: Bool

    static let comma = ListSeparator(byte: UInt8(ascii: ","), isEscaped: false)
    static let pipe = ListSeparator(byte: UInt8(ascii: "|"), isEscaped: true)
    static let space = ListSeparator(byte: UInt8(ascii: " "), isEscaped: true)

    /// The separator of a delimited array strategy, or `nil` for the strategies that write a pair per
    /// element. A custom separator that breaks the rule is refused before anything is encoded.
    @inline(__always)
    static func of(_ strategy: QueryArrayStyle) -> ListSeparator? {
        switch strategy {
        case .commaSeparated: .comma
        case .pipeDelimited: .pipe
        case .spaceDelimited: .space
        case .delimited(let scalar): custom(scalar)
        case .repeatedKeys, .brackets, .indexedBrackets: nil
        }
    }

    /// The separator of an unexploded object: the array strategy's when it is delimited, else a comma.
    @inline(__always)
    static func forObjects(_ strategy: QueryArrayStyle) -> ListSeparator {
        of(strategy) ?? .comma
    }

    private static func custom(_ scalar: Unicode.Scalar) -> ListSeparator {
        // An invalid scalar never reaches the writer (the options are checked first); the comma keeps
        // this total.
        isValidCustom(scalar) ? ListSeparator(byte: UInt8(scalar.value), isEscaped: false) : .comma
    }

    /// Whether `scalar` may separate elements: a byte a query carries raw that is neither unreserved
    /// (it would be read inside elements) nor part of the pair syntax (`&`, `=`, `+`, `%`, `#`).
    static func isValidCustom(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "!", "$", "'", "(", ")", "*", ",", "/", ":", ";", "?", "@": true
        default: false
        }
    }

    /// The rule of ``isValidCustom(_:)``, for messages.
    static let customRule =
        "a custom separator must be one of ! $ ' ( ) * , / : ; ? @ (use .pipeDelimited for \"|\" and .spaceDelimited for a space)."

    /// `";"`, or `U+0007` for a scalar that would not show.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.isWhitespace || scalar.value < 0x20 || scalar.value == 0x7F
            ? "U+" + String(scalar.value, radix: 16, uppercase: true)
            : "\"\(scalar)\""
    }
}
