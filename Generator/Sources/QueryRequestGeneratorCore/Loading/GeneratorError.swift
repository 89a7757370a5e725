/// Why a document could not be turned into code. Every case that concerns the document's content names where.
public enum GeneratorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The text is neither YAML nor JSON.
    case syntax(message: String)
    /// The `openapi` field is missing or names a version this generator does not read.
    case unsupportedVersion(String?)
    /// The document is YAML or JSON, but not a valid OpenAPI document at `pointer`.
    case invalidDocument(pointer: JSONPointer, message: String)
    /// A `$ref` at `pointer` names nothing in the document, or something outside it.
    case unresolvableReference(pointer: JSONPointer, reference: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason):
            "Cannot read \(path): \(reason)"
        case .syntax(let message):
            "The document is neither YAML nor JSON: \(message)"
        case .unsupportedVersion(let version?):
            "OpenAPI \(version) is not supported: this generator reads 3.0 and 3.1 documents"
        case .unsupportedVersion(nil):
            "The document has no \"openapi\" version field: this generator reads OpenAPI 3.0 and 3.1 documents"
        case .invalidDocument(let pointer, let message):
            "Invalid OpenAPI document at \(pointer): \(message)"
        case .unresolvableReference(let pointer, let reference):
            "The reference \"\(reference)\" at \(pointer) names nothing in this document"
        }
    }
}
