import QueryRequest

/// An independent statement of the multipart rules, to compare the library with: a plain reader of
/// `multipart/form-data` (RFC 2046 §5.1.1 framing, RFC 7578 part headers, names quoted as browsers do and
/// unescaped as WHATWG HTML reads them) and the refusals of Docs/Security.md, "Multipart bodies".
public enum MultipartReference {
    /// A part as given to the form, or as read back from a body; every text as UTF-8 bytes.
    public struct Part: Equatable, CustomStringConvertible {
        /// The field name.
        public var name: [UInt8]
        /// The file name, `nil` for a text field.
        public var filename: [UInt8]?
        /// The `Content-Type`, `nil` when the part has none.
        public var contentType: [UInt8]?
        /// The content.
        public var content: [UInt8]

        /// Stores every attribute.
        public init(name: [UInt8], filename: [UInt8]?, contentType: [UInt8]?, content: [UInt8]) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }

        /// The part, for failure messages (long contents shortened).
        public var description: String {
            func text(_ bytes: [UInt8]?) -> String {
                bytes.map { String(reflecting: String(decoding: $0, as: UTF8.self)) } ?? "nil"
            }
            let shown = content.count > 64 ? Array(content.prefix(64)) : content
            return "name \(text(name)), filename \(text(filename)), content type \(text(contentType)), "
                + "\(content.count) bytes \(text(shown))\(content.count > 64 ? "…" : "")"
        }
    }

    /// Why a body could not be read.
    public struct ReadFailure: Error, CustomStringConvertible {
        /// What is wrong, and where.
        public let description: String
    }

    // MARK: Refusals

    /// RFC 2046 §5.1.1: 1 to 70 `bchars` (letters, digits, `'()+_,-./:=?` and space), not ending in a space.
    public static func isValidBoundary(_ boundary: [UInt8]) -> Bool {
        let others = Array("'()+_,-./:=? ".utf8)
        return (1...70).contains(boundary.count) && boundary.last != 0x20
            && boundary.allSatisfy { isLetterOrDigit($0) || others.contains($0) }
    }

    /// What the documented rules refuse in one part, in the order of its header: `eager` is what encoding
    /// must find (header values, and a content under 16 KiB that holds the boundary); `boundaryInLargeContent`
    /// says that a content searched only while the body is produced (16 KiB or more, or a file) holds it.
    public static func problems(of part: Part, boundary: [UInt8], contentCheckedLate: Bool) -> (
        eager: [MultipartFormError.Problem], boundaryInLargeContent: Bool
    ) {
        var eager = problems(ofValue: part.name, .name)
        if let filename = part.filename { eager += problems(ofValue: filename, .filename) }
        if let type = part.contentType {
            if type.contains(where: isControlButTab) {
                eager.append(.controlCharacter(.contentType))
            } else if trimmed(type[...]).isEmpty {
                // Only spaces and tabs is empty too: a reader strips them around a header value (RFC 9110 §5.5).
                eager.append(.emptyContentType)
            }
        }
        if eager.isEmpty && contains(headerText(of: part), boundary) { eager.append(.boundaryInPart) }
        let inContent = contains(part.content, boundary)
        if inContent && !contentCheckedLate && eager.isEmpty { eager.append(.boundaryInPart) }
        return (eager, inContent && contentCheckedLate)
    }

    /// RFC 9110 §5.5: a header value holds no control (bytes below 0x20 and DEL) but tab.
    static func isControlButTab(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// A name or file name: no control but tab (CR, LF and NUL would cut the line); a `"`, a backslash or `%22`, `%0A`, `%0D` (any case)
    /// has no escaping that every reader reads back.
    static func problems(ofValue text: [UInt8], _ attribute: MultipartFormError.Attribute) -> [MultipartFormError
        .Problem]
    {
        var found: [MultipartFormError.Problem] = []
        if text.contains(where: isControlButTab) { found.append(.controlCharacter(attribute)) }
        let lowered = text.map { isUpper($0) ? $0 + 0x20 : $0 }
        if lowered.contains(UInt8(ascii: "\\")) || lowered.contains(0x22)
            || ["%22", "%0a", "%0d"].contains(where: { contains(lowered, Array($0.utf8)) })
        {
            found.append(.ambiguousEscape(attribute))
        }
        return found
    }

    /// The header block the documented format gives a part, to search for the boundary.
    static func headerText(of part: Part) -> [UInt8] {
        // A `"` in the text is refused before the header is written.
        func quoted(_ text: [UInt8]) -> [UInt8] { [0x22] + text + [0x22] }
        var text = Array("Content-Disposition: form-data; name=".utf8) + quoted(part.name)
        if let filename = part.filename { text += Array("; filename=".utf8) + quoted(filename) }
        if let type = part.contentType { text += Array("\r\nContent-Type: ".utf8) + type }
        return text
    }

    // MARK: Reading

    /// Reads `body` as a `multipart/form-data` body delimited by `boundary`: the first line is the
    /// delimiter, each part runs to the next CRLF `--boundary`, and the close delimiter is followed by
    /// CRLF and nothing else.
    public static func read(_ body: [UInt8], boundary: [UInt8]) throws -> [Part] {
        let dashBoundary = Array("--".utf8) + boundary
        let delimiter = [0x0D, 0x0A] + dashBoundary
        guard body.starts(with: dashBoundary) else {
            throw ReadFailure(description: "the body does not start with --boundary")
        }
        var position = dashBoundary.count
        var parts: [Part] = []
        while true {
            let rest = body[position...]
            if rest.starts(with: Array("--".utf8)) {
                guard Array(rest.dropFirst(2)) == [0x0D, 0x0A] else {
                    throw ReadFailure(
                        description:
                            "the close delimiter is followed by \(Array(rest.dropFirst(2)).prefix(16)), not CRLF")
                }
                return parts
            }
            // RFC 2046 allows transport padding (spaces and tabs) before the line break.
            var start = position
            while start < body.count && (body[start] == 0x20 || body[start] == 0x09) { start += 1 }
            guard body[start...].starts(with: [0x0D, 0x0A]) else {
                throw ReadFailure(description: "delimiter \(parts.count) is not followed by a line break")
            }
            start += 2
            guard let end = firstIndex(of: delimiter, in: body, from: start) else {
                throw ReadFailure(description: "part \(parts.count) has no delimiter after it")
            }
            parts.append(try readPart(body[start..<end], index: parts.count))
            position = end + delimiter.count
        }
    }

    /// One part: header lines up to an empty line, then the content.
    static func readPart(_ bytes: ArraySlice<UInt8>, index: Int) throws -> Part {
        func failure(_ reason: String) -> ReadFailure { ReadFailure(description: "part \(index): \(reason)") }
        guard let blank = firstIndex(of: [0x0D, 0x0A, 0x0D, 0x0A], in: Array(bytes), from: 0) else {
            throw failure("no empty line ends the header")
        }
        let headerBytes = Array(bytes.prefix(blank))
        let content = Array(bytes.dropFirst(blank + 4))
        var disposition: ArraySlice<UInt8>?
        var contentType: ArraySlice<UInt8>?
        for line in split(headerBytes[...], at: [0x0D, 0x0A]) {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy(isTokenByte)
            else {
                throw failure(
                    "the header line \(String(decoding: line, as: UTF8.self).debugDescription) has no field name")
            }
            let name = String(decoding: line[..<colon].map { isUpper($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
            let value = trimmed(line[(colon + 1)...])
            switch name {
            case "content-disposition":
                guard disposition == nil else { throw failure("two Content-Disposition lines") }
                disposition = value
            case "content-type":
                guard contentType == nil else { throw failure("two Content-Type lines") }
                contentType = value
            default: throw failure("an unexpected header \(name)")
            }
        }
        guard let disposition else { throw failure("no Content-Disposition") }
        let (name, filename) = try readDisposition(disposition, failure)
        return Part(name: name, filename: filename, contentType: contentType.map(Array.init), content: content)
    }

    /// `form-data; name="…"; filename="…"` (RFC 7578 §4.2): parameters quoted as browsers quote them
    /// (no backslash escapes), with `%22`, `%0A`, `%0D` read back as `"`, LF and CR.
    static func readDisposition(_ value: ArraySlice<UInt8>, _ failure: (String) -> ReadFailure) throws -> (
        [UInt8], [UInt8]?
    ) {
        let type = Array("form-data".utf8)
        guard value.count >= type.count, value.prefix(type.count).map({ isUpper($0) ? $0 + 0x20 : $0 }) == type else {
            throw failure("the disposition is not form-data")
        }
        var rest = value.dropFirst(type.count)
        var parameters: [String: [UInt8]] = [:]
        while true {
            rest = trimmed(rest)
            guard let first = rest.first else { break }
            guard first == UInt8(ascii: ";") else { throw failure("no ; before a parameter") }
            rest = trimmed(rest.dropFirst())
            guard let equals = rest.firstIndex(of: UInt8(ascii: "=")) else { throw failure("a parameter without =") }
            let key = String(decoding: rest[..<equals].map { isUpper($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
            rest = rest[(equals + 1)...]
            let parameter: ArraySlice<UInt8>
            if rest.first == 0x22 {
                guard let close = rest.dropFirst().firstIndex(of: 0x22) else { throw failure("an unclosed quote") }
                parameter = rest[(rest.startIndex + 1)..<close]
                rest = rest[(close + 1)...]
            } else {
                let end = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
                parameter = trimmed(rest[..<end])
                rest = rest[end...]
            }
            guard key == "name" || key == "filename" else { throw failure("an unexpected parameter \(key)") }
            guard parameters.updateValue(unescaped(parameter), forKey: key) == nil else {
                throw failure("the parameter \(key) twice")
            }
        }
        guard let name = parameters["name"] else { throw failure("no name parameter") }
        return (name, parameters["filename"])
    }

    /// WHATWG HTML's reading of a quoted name: `%22`, `%0A`, `%0D` (any case) are `"`, LF and CR.
    static func unescaped(_ text: ArraySlice<UInt8>) -> [UInt8] {
        let text = Array(text)
        var result: [UInt8] = []
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "%") && index + 2 < text.count {
                let pair = (text[index + 1], isUpper(text[index + 2]) ? text[index + 2] + 0x20 : text[index + 2])
                let decoded: UInt8? =
                    switch pair {
                    case (UInt8(ascii: "2"), UInt8(ascii: "2")): 0x22
                    case (UInt8(ascii: "0"), UInt8(ascii: "a")): 0x0A
                    case (UInt8(ascii: "0"), UInt8(ascii: "d")): 0x0D
                    default: nil
                    }
                if let decoded {
                    result.append(decoded)
                    index += 3
                    continue
                }
            }
            result.append(text[index])
            index += 1
        }
        return result
    }

    // MARK: Bytes

    /// Whether `pattern` (not empty) occurs in `bytes`.
    public static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        firstIndex(of: pattern, in: bytes, from: 0) != nil
    }

    /// The first index at or after `start` where `pattern` begins, by plain comparison at every offset.
    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
        for offset in start...(bytes.count - pattern.count) where bytes[offset] == pattern[0] {
            if bytes[offset..<(offset + pattern.count)].elementsEqual(pattern) { return offset }
        }
        return nil
    }

    static func split(_ bytes: ArraySlice<UInt8>, at separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var rest = bytes
        while let end = firstIndex(of: separator, in: Array(rest), from: 0) {
            lines.append(rest.prefix(end))
            rest = rest.dropFirst(end + separator.count)
        }
        lines.append(rest)
        return lines
    }

    /// `text` without the spaces and tabs around it (RFC 9110's OWS).
    static func trimmed(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var text = text
        while let first = text.first, first == 0x20 || first == 0x09 { text = text.dropFirst() }
        while let last = text.last, last == 0x20 || last == 0x09 { text = text.dropLast() }
        return text
    }

    static func isUpper(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// RFC 9110 `tchar`.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
}
