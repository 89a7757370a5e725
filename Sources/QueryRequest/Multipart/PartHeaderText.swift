/// The rules for the header values of a part: what is refused, and how a name is quoted.
///
/// Names and file names are written as UTF-8 as it is, inside double quotes, as current browsers write them
/// (WHATWG HTML, "multipart/form-data encoding algorithm"). What browsers escape is refused instead, because
/// the parsers servers use disagree on how to read it back: `"` (browsers write `%22`, which Werkzeug and
/// defnull's `multipart` decode and python-multipart, behind Starlette and FastAPI, reads as it is), CR and
/// LF (`%0D`, `%0A`), and NUL. So is a backslash (RFC 822 quoted strings drop it) and the texts `%22`,
/// `%0A`, `%0D`, which the decoding parsers would turn into another name.
enum PartHeaderText {
    /// The problem with a name or file name, or `nil` when it can be written exactly.
    static func problem(with text: String, as attribute: MultipartFormError.Attribute) -> MultipartFormError.Problem? {
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if HTTPGrammar.notInFieldValue.contains(byte) { return .controlCharacter(attribute) }
            if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { return .ambiguousEscape(attribute) }
            if previous.0 == UInt8(ascii: "%") && isEscapedCharacter(previous.1, byte) {
                return .ambiguousEscape(attribute)
            }
            previous = (previous.1, byte)
        }
        return nil
    }

    /// Whether `%` followed by these two bytes is `%22`, `%0A` or `%0D`, in any case.
    private static func isEscapedCharacter(_ first: UInt8, _ second: UInt8) -> Bool {
        // Lowercased only as a pair of letters: `| 0x20` would also make U+0012 a "2".
        switch (first, second) {
        case (UInt8(ascii: "2"), UInt8(ascii: "2")), (UInt8(ascii: "0"), UInt8(ascii: "a")),
            (UInt8(ascii: "0"), UInt8(ascii: "A")), (UInt8(ascii: "0"), UInt8(ascii: "d")),
            (UInt8(ascii: "0"), UInt8(ascii: "D")):
            return true
        default: return false
        }
    }

    /// The problem with a content type, or `nil`: a control but tab (``HTTPGrammar``'s field value rule), or
    /// no text, where only spaces and tabs is none too, since a parser strips them around a header value
    /// (RFC 9110 §5.5).
    static func problem(withContentType text: String) -> MultipartFormError.Problem? {
        if !HTTPGrammar.isFieldValue(text) { return .controlCharacter(.contentType) }
        if text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .emptyContentType }
        return nil
    }

    /// `text` inside double quotes; ``problem(with:as:)`` has refused every `"`, so it is written as it is.
    static func quoted(_ text: String, into bytes: inout [UInt8]) {
        assert(!text.utf8.contains(UInt8(ascii: "\"")), "refused by problem(with:as:)")
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// The header block of a part, from its delimiter line's end to the blank line that ends it.
    static func header(of part: MultipartForm.Part) -> [UInt8] {
        var bytes = Array("Content-Disposition: form-data; name=".utf8)
        quoted(part.name, into: &bytes)
        if let filename = part.filename {
            bytes.append(contentsOf: "; filename=".utf8)
            quoted(filename, into: &bytes)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        if let contentType = part.contentType {
            bytes.append(contentsOf: "Content-Type: ".utf8)
            bytes.append(contentsOf: contentType.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        return bytes
    }
}
