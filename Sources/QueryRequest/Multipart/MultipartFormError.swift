import Foundation

/// Why a ``MultipartForm`` could not be encoded or streamed, naming the part.
///
/// Errors from encoding the form's `Encodable` fields are not wrapped: the `QueryEncoder`'s
/// `EncodingError` is thrown unchanged, with its coding path.
public enum MultipartFormError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The boundary given to ``MultipartForm/init(boundary:)`` is not a valid RFC 2046 boundary
    /// (1 to 70 characters of `A-Z a-z 0-9 ' ( ) + _ , - . / : = ?` and space, not ending in a space).
    case invalidBoundary(String)
    /// A part cannot be sent as declared.
    case invalidPart(InvalidPart)

    /// A part that cannot be sent as declared: ``MultipartFormError/invalidPart(_:)``.
    public struct InvalidPart: Equatable, Sendable {
        /// The part's position, counted from 0 over every part, fields included.
        public let index: Int
        /// The part's name (its field name).
        public let name: String
        /// What is wrong with it.
        public let problem: Problem

        /// Creates the value, for a test that throws one.
        public init(index: Int, name: String, problem: Problem) {
            self.index = index
            self.name = name
            self.problem = problem
        }
    }

    /// Which header value of a part a problem is in.
    public enum Attribute: Equatable, Sendable {
        /// The part's `name` (the field name).
        case name
        /// The part's `filename`.
        case filename
        /// The part's `Content-Type`.
        case contentType

        /// The attribute's name in a message.
        var text: String {
            switch self {
            case .name: "name"
            case .filename: "filename"
            case .contentType: "content type"
            }
        }
    }

    /// What is wrong with one part.
    public enum Problem: Equatable, Sendable {
        /// A control character, which a header value may not hold: CR, LF or NUL (which would end or cut the
        /// header line), DEL, or any other byte below 0x20 but tab.
        case controlCharacter(Attribute)
        /// A double quote, a backslash, or the text `%22`, `%0A` or `%0D` (any case): common parsers read
        /// these differently (browsers write `"` as `%22`, which Werkzeug and defnull's `multipart` decode and
        /// python-multipart, behind Starlette and FastAPI, does not; RFC 822 quoted strings drop a backslash),
        /// so the text has no form that every parser reads back as written.
        case ambiguousEscape(Attribute)
        /// A content type that is empty, or only spaces and tabs (which a parser strips).
        case emptyContentType
        /// The form's boundary occurs in the part (its content in memory or a header value), so a parser
        /// would end the part there. Only possible with a boundary you chose, or content that copies it.
        case boundaryInPart
        /// The form's boundary occurs in the file at `path`, found as the file was read to be sent.
        case boundaryInFile(path: String)
        /// The URL is not a `file:` URL.
        case notAFileURL(URL)
        /// The file cannot be read: missing, not a regular file, or not readable.
        case unreadableFile(path: String, reason: String)
        /// The file's size changed between encoding (when `Content-Length` was computed) and sending:
        /// it ended early, or had more bytes than `expected`.
        case fileSizeChanged(path: String, expected: Int64)
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }

    /// A sentence naming the part and the problem.
    public var description: String {
        switch self {
        case .invalidBoundary(let boundary):
            return "multipart boundary \(boundary.debugDescription) is not 1 to 70 RFC 2046 boundary characters"
        case .invalidPart(let invalid):
            let part = "multipart part \(invalid.index) (name \(invalid.name.debugDescription))"
            switch invalid.problem {
            case .controlCharacter(let attribute):
                return "\(part): its \(attribute.text) contains a control character (such as CR, LF or NUL)"
            case .ambiguousEscape(let attribute):
                return
                    "\(part): its \(attribute.text) contains a double quote, a backslash or %22, %0A or %0D, which "
                    + "servers' multipart parsers read differently"
            case .emptyContentType:
                return "\(part): its content type is empty"
            case .boundaryInPart:
                return "\(part): contains the form's boundary"
            case .boundaryInFile(let path):
                return "\(part): the file \(path) contains the form's boundary"
            case .notAFileURL(let url):
                return "\(part): \(url) is not a file URL"
            case .unreadableFile(let path, let reason):
                return "\(part): cannot read \(path): \(reason)"
            case .fileSizeChanged(let path, let expected):
                return "\(part): \(path) was \(expected) bytes when the form was encoded, and another size when sent"
            }
        }
    }
}
