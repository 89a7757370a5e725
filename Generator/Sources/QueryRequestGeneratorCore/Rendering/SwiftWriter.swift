/// Builds Swift source text line by line, four spaces per level, as swift-format writes it.
struct SwiftWriter {
    static let lineLength = 120

    private(set) var lines: [String] = []
    private var level = 0

    var indentation: String { String(repeating: " ", count: level * 4) }

    /// Replaces the last line, keeping its indentation: `}` becomes `}()` for a closure called at once.
    mutating func replaceLastLine(with text: String) {
        let last = lines.removeLast()
        lines.append(String(last.prefix { $0 == " " }) + text)
    }

    mutating func shift(_ levels: Int) {
        level += levels
    }

    /// The source, ending in one newline.
    var text: String { lines.joined(separator: "\n") + "\n" }

    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : indentation + text)
    }

    /// One blank line, unless the last line is blank or opens a block.
    mutating func blankLine() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
        lines.append("")
    }

    /// `header {`, the body one level in, `}`.
    mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
        line(header + " {")
        level += 1
        body(&self)
        level -= 1
        while lines.last == "" { lines.removeLast() }
        line("}")
    }

    /// `///` lines for the text, wrapped at spaces to fit the line length; `nil` or blank text writes nothing.
    mutating func documentation(_ text: String?) {
        guard let text, !text.allSatisfy(\.isWhitespace) else { return }
        // Every line break Swift or an editor would honour (`\r` alone too) ends a comment line.
        var paragraphLines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
            line.lastIndex { !$0.isWhitespace }.map { String(line[...$0]) } ?? ""
        }
        while paragraphLines.last?.isEmpty == true { paragraphLines.removeLast() }
        while paragraphLines.first?.isEmpty == true { paragraphLines.removeFirst() }
        let width = Self.lineLength - indentation.count - 4
        for paragraphLine in paragraphLines {
            for wrapped in Self.wrap(paragraphLine, width: width) {
                line(wrapped.isEmpty ? "///" : "/// " + wrapped)
            }
        }
    }

    /// The text in lines of at most `width` characters where spaces allow; a longer word stays whole.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard text.count > width else { return [text] }
        var result: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                result.append(current)
                current = String(word)
            }
        }
        result.append(current)
        return result
    }

    /// `name(a, b, c)` on one line when it fits after the indentation and `prefix`, else one item per line.
    mutating func list(_ opening: String, _ items: [String], closing: String) {
        let single = opening + items.joined(separator: ", ") + closing
        if indentation.count + single.count <= Self.lineLength || items.isEmpty {
            line(single)
            return
        }
        line(opening)
        level += 1
        for (index, item) in items.enumerated() {
            line(item + (index == items.count - 1 ? "" : ","))
        }
        level -= 1
        line(String(closing.drop(while: { $0 == " " })))
    }
}

/// A Swift string literal for `text`: quotes, backslashes and control characters escaped.
func swiftStringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": literal += "\\\""
        case "\\": literal += "\\\\"
        case "\n": literal += "\\n"
        case "\r": literal += "\\r"
        case "\t": literal += "\\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                literal.unicodeScalars.append(scalar)
            }
        }
    }
    return literal + "\""
}
