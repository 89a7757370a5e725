import OpenAPIKit

/// OpenAPI's `style` and `explode` of a query parameter, or of a form body's field, as the library's per-field
/// `QueryFieldStyle`, following the table in Docs/QueryEncoding.md ("OpenAPI parameter styles").
enum QueryStyleMapping {
    enum ValueKind {
        case primitive
        case array
        /// An array whose elements are objects or arrays: no OpenAPI style names them.
        case arrayOfComposites
        case object
        /// A `oneOf`, `anyOf` or untyped value, whose shape is known only at run time.
        case composite
    }

    /// The `QueryFieldStyle(…)` expression for the parameter, or `nil` when the coder's defaults write it
    /// (a single value). Whatever cannot be expressed exactly is reported, with what is written instead.
    static func style(
        for context: OpenAPI.Parameter.SchemaContext, named name: String, kind: ValueKind, at pointer: JSONPointer,
        role: String = "query parameter", report: (Diagnostic) -> Void
    ) -> String? {
        if context.allowReserved {
            report(
                Diagnostic(
                    .warning, at: pointer.appending("allowReserved"),
                    "allowReserved is not supported (\(role) \(name)): the library's QueryEncoder"
                        + " percent-encodes every reserved character, with no per-field option",
                    generatedInstead: "percent-encoded values, which servers decode to the same text"))
        }
        let style = context.style
        let explode = context.explode
        func unsupported(_ what: String, instead: String) {
            report(
                Diagnostic(
                    .warning, at: pointer.appending("style"), what,
                    generatedInstead: instead))
        }
        switch kind {
        case .primitive:
            if ![.form, .spaceDelimited, .pipeDelimited, .deepObject].contains(style) {
                unsupported("style \(style.rawValue) is not defined for a \(role)", instead: "style form")
            }
            return nil
        case .composite:
            report(
                Diagnostic(
                    .warning, at: pointer.appending("schema"),
                    "a \(role) whose schema is a oneOf, anyOf or untyped value has no single style",
                    generatedInstead: "the query encoder's default strategies"))
            return nil
        case .arrayOfComposites:
            report(
                Diagnostic(
                    .warning, at: pointer.appending("schema"),
                    "OpenAPI defines no style for an array of objects or arrays (\(role) \(name))",
                    generatedInstead: "indexed brackets, items[0][name]=value"))
            return "QueryFieldStyle(array: .indexedBrackets)"
        case .array:
            switch (style, explode) {
            case (.form, true), (.spaceDelimited, true), (.pipeDelimited, true):
                return "QueryFieldStyle(array: .repeatedKeys)"
            case (.form, false):
                return "QueryFieldStyle(array: .commaSeparated)"
            case (.spaceDelimited, false):
                return "QueryFieldStyle(array: .spaceDelimited)"
            case (.pipeDelimited, false):
                return "QueryFieldStyle(array: .pipeDelimited)"
            default:
                unsupported(
                    "style \(style.rawValue) with explode \(explode) is not defined for an array (\(role) \(name))",
                    instead: "style form, explode \(explode)")
                return explode ? "QueryFieldStyle(array: .repeatedKeys)" : "QueryFieldStyle(array: .commaSeparated)"
            }
        case .object:
            switch (style, explode) {
            case (.form, true):
                return "QueryFieldStyle(nesting: .flattened)"
            case (.form, false):
                return "QueryFieldStyle(array: .commaSeparated, nesting: .unexploded)"
            case (.spaceDelimited, false):
                return "QueryFieldStyle(array: .spaceDelimited, nesting: .unexploded)"
            case (.pipeDelimited, false):
                return "QueryFieldStyle(array: .pipeDelimited, nesting: .unexploded)"
            case (.deepObject, _):
                // deepObject has one form. `explode` defaults to false for it, and documents rarely set it, so
                // false is read as the form every tool writes rather than reported.
                return "QueryFieldStyle(nesting: .brackets)"
            default:
                unsupported(
                    "style \(style.rawValue) with explode \(explode) is not defined for an object (\(role) \(name))",
                    instead: "style form, explode \(explode)")
                return explode
                    ? "QueryFieldStyle(nesting: .flattened)"
                    : "QueryFieldStyle(array: .commaSeparated, nesting: .unexploded)"
            }
        }
    }
}
