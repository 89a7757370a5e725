import Foundation

/// Applying a ``QueryFieldStyle`` to the writer while one field is written.
enum FieldStyle {
    /// The writer's style fields before a field's style changed them.
    struct Saved {
        let array: QueryArrayStyle
        let nesting: QueryEncoder.NestedKeyEncodingStrategy
        let date: QueryEncoder.DateEncodingStrategy?
        let separator: ListSeparator
        let dotIsStructural: Bool
        let bracketsAreStructural: Bool

        init(_ writer: EncodingWriter) {
            array = writer.arrayEncoding
            nesting = writer.nestedKeyEncoding
            date = writer.dateOverride
            separator = writer.listSeparator
            dotIsStructural = writer.dotIsStructural
            bracketsAreStructural = writer.bracketsAreStructural
        }

        func restore(_ writer: EncodingWriter) {
            writer.arrayEncoding = array
            writer.nestedKeyEncoding = nesting
            writer.dateOverride = date
            writer.listSeparator = separator
            writer.dotIsStructural = dotIsStructural
            writer.bracketsAreStructural = bracketsAreStructural
        }
    }

    /// Applies the array and date styles now; the nesting style applies once the field's own name is
    /// made (`FieldSlot.makeScope`), since that name still joins the parent's as the parent nests.
    static func apply(_ style: QueryFieldStyle, to writer: EncodingWriter, codingPath: [any CodingKey]) throws {
        if let array = style.array {
            if case .delimited(let separator) = array, !ListSeparator.isValidCustom(separator) {
                throw EncodingErrors.invalidFieldSeparator(separator, codingPath: codingPath)
            }
            writer.arrayEncoding = array
            writer.listSeparator = ListSeparator.forObjects(array)
        }
        if let date = style.date { writer.dateOverride = date.encodingStrategy }
        let options = writer.storage.options
        let nesting = style.nesting.flatMap { $0 == .flattened ? nil : $0.encodingStrategy } ?? writer.nestedKeyEncoding
        let syntax = NestingSyntax(array: writer.arrayEncoding, nesting: nesting)
        if syntax != NestingSyntax(array: options.arrayEncoding, nesting: options.nestedKeyEncoding) {
            // The decoder finds this field's parameters by reading their names both ways.
            writer.dotIsStructural = true
            writer.bracketsAreStructural = true
        }
    }

    static func describe(_ style: QueryFieldStyle) -> String {
        var parts: [String] = []
        if let array = style.array { parts.append("array .\(array)") }
        if let nesting = style.nesting { parts.append("nesting .\(nesting)") }
        if let date = style.date { parts.append("date .\(date)") }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }
}
