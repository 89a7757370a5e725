/// Something in the document that the generated code does not express exactly, and what was generated instead.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        /// The generated code works, but differs from the document in the way the message says.
        case warning
        /// Part of the document was left out of the generated code.
        case error
    }

    public var severity: Severity
    /// Where in the document, as a JSON pointer (`#/paths/~1pets~1{petId}/get/parameters/0`).
    public var pointer: JSONPointer
    /// What the document says that cannot be expressed.
    public var message: String
    /// What was generated instead.
    public var generatedInstead: String

    public init(_ severity: Severity, at pointer: JSONPointer, _ message: String, generatedInstead: String) {
        self.severity = severity
        self.pointer = pointer
        self.message = message
        self.generatedInstead = generatedInstead
    }

    /// `warning: #/paths/~1pets/get/parameters/0: allowReserved is not supported; generated instead: …`
    public var description: String {
        "\(severity.rawValue): \(pointer): \(message); generated instead: \(generatedInstead)"
    }
}
