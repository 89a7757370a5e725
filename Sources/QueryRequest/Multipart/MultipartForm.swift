import Foundation
import QueryCoding

/// A `multipart/form-data` body (RFC 7578): text fields, and files from memory or from disk.
///
/// ```swift
/// var form = MultipartForm(fields: Profile(name: "Ann", tags: ["a", "b"]))
/// form.append(.file(name: "avatar", filename: "ann.png", contentType: "image/png", data: png))
/// form.append(.file(name: "video", contentType: "video/mp4", contentsOf: videoURL))
/// ```
///
/// Fields from an `Encodable` value are named by a `QueryEncoder`, exactly as in a query: nested
/// values and arrays follow its `nestedKeyEncodingStrategy` and `arrayEncodingStrategy`. A file from a
/// URL is streamed from disk when the body is sent, never loaded whole.
///
/// Nothing is read or checked until the form is encoded (``encode()``, or `makeURLRequest()` for a
/// ``RequestBody/multipart(_:)`` body); then every part is validated and a bad one throws a
/// ``MultipartFormError`` that names it.
public struct MultipartForm: Sendable {
    /// The boundary between parts: by default `qr-` and 40 random letters and digits (about 238 bits),
    /// fresh for each form.
    public let boundary: String
    /// The entries in the order they were appended.
    private var entries: [Entry] = []

    /// A part, or the fields of a value encoded when the form is.
    private enum Entry: Sendable {
        case part(Part)
        case fields(@Sendable () throws -> [URLQueryItem])
    }

    /// An empty form with a fresh random boundary.
    public init() {
        boundary = Self.randomBoundary()
    }

    /// An empty form with the boundary you choose, for output you can compare byte for byte.
    ///
    /// A random boundary cannot occur in your parts; a chosen one may, and then encoding throws
    /// ``MultipartFormError/Problem/boundaryInPart``.
    ///
    /// - Throws: ``MultipartFormError/invalidBoundary(_:)`` unless `boundary` is 1 to 70 RFC 2046
    ///   boundary characters that do not end in a space.
    public init(boundary: String) throws {
        guard Self.isValidBoundary(boundary) else { throw MultipartFormError.invalidBoundary(boundary) }
        self.boundary = boundary
    }

    /// A form whose first parts are the text fields of `fields`; see ``appendFields(_:encoder:)``.
    ///
    /// - Parameters:
    ///   - fields: The value whose fields become text parts.
    ///   - encoder: Names the parts and writes the values, with its strategies.
    public init<Fields: Encodable & Sendable>(fields: Fields, encoder: QueryEncoder = QueryEncoder()) {
        self.init()
        appendFields(fields, encoder: encoder)
    }

    /// The `Content-Type` of the body: `multipart/form-data; boundary=…`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends one part.
    ///
    /// - Parameter part: A text field or a file.
    public mutating func append(_ part: Part) {
        entries.append(.part(part))
    }

    /// Appends one text part for each item `encoder` writes for `fields`, in its order: the item's name
    /// is the part's name and its value the part's content (UTF-8, no `Content-Type`, so `text/plain`).
    /// An item without a value (a `nil` under `NilEncodingStrategy.flag`) is a part with empty content.
    ///
    /// The value is encoded when the form is; an `EncodingError` is thrown from there unchanged.
    ///
    /// - Parameters:
    ///   - fields: The value whose fields become text parts.
    ///   - encoder: Names the parts and writes the values, with its strategies.
    public mutating func appendFields<Fields: Encodable & Sendable>(
        _ fields: Fields, encoder: QueryEncoder = QueryEncoder()
    ) {
        entries.append(.fields { try encoder.encode(fields) })
    }

    /// Validates every part, reads the size of every file and returns the body, ready to send.
    ///
    /// - Throws: A ``MultipartFormError`` naming the first part that cannot be sent exactly, or the
    ///   `EncodingError` of a value given to ``appendFields(_:encoder:)``.
    public func encode() throws -> MultipartBody {
        var builder = MultipartBodyBuilder(boundary: boundary)
        for entry in entries {
            switch entry {
            case .part(let part):
                try builder.append(part)
            case .fields(let encode):
                for item in try encode() {
                    try builder.append(.text(name: item.name, value: item.value ?? ""))
                }
            }
        }
        return builder.finish()
    }

    // MARK: Boundaries

    /// RFC 2046's `bchars`: letters, digits, `'()+_,-./:=?` and space.
    private static let boundaryBytes = ASCIISet.letters.union(.digits).union(ASCIISet("'()+_,-./:=? "))
    private static let boundaryAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// `qr-` and 40 characters drawn from the system's secure generator.
    private static func randomBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = Array("qr-".utf8)
        for _ in 0..<40 {
            bytes.append(boundaryAlphabet[Int(generator.next(upperBound: UInt64(boundaryAlphabet.count)))])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 2046 §5.1.1: `bchars` (digits, letters, `'()+_,-./:=?` and space), 1 to 70 of them, the
    /// last not a space.
    private static func isValidBoundary(_ boundary: String) -> Bool {
        let bytes = boundary.utf8
        guard (1...70).contains(bytes.count), bytes.last != UInt8(ascii: " ") else { return false }
        return boundaryBytes.containsEvery(bytes)
    }
}
