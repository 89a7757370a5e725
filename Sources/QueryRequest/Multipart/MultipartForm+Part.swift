import Foundation

extension MultipartForm {
    /// One part of a form: a text field, or a file from memory or from disk.
    public struct Part: Sendable {
        /// The field name, sent as `name` in the part's `Content-Disposition`.
        public let name: String
        /// The file name, sent as `filename`; `nil` for a text field.
        public let filename: String?
        /// The part's `Content-Type`; `nil` for a text field (which means `text/plain`).
        public let contentType: String?
        /// Where the content comes from.
        let content: Content

        /// The bytes of a part.
        enum Content: Sendable {
            /// Bytes in memory.
            case bytes(Data)
            /// A file, streamed from disk when sent.
            case file(URL)
        }

        /// A text field: `value` in UTF-8, without a `Content-Type` (so `text/plain`), as browsers
        /// send a text input.
        ///
        /// - Parameters:
        ///   - name: The field name.
        ///   - value: The text.
        public static func text(name: String, value: String) -> Part {
            Part(name: name, filename: nil, contentType: nil, content: .bytes(Data(value.utf8)))
        }

        /// A file from memory.
        ///
        /// - Parameters:
        ///   - name: The field name.
        ///   - filename: The file name the server sees.
        ///   - contentType: The file's media type.
        ///   - data: The file's bytes, sent as they are.
        public static func file(
            name: String, filename: String, contentType: String = "application/octet-stream", data: Data
        ) -> Part {
            Part(name: name, filename: filename, contentType: contentType, content: .bytes(data))
        }

        /// A file from disk, streamed when the body is sent: never loaded whole. Its size is read when
        /// the form is encoded, for an exact `Content-Length`; if it changes before the file has been
        /// sent, sending fails with ``MultipartFormError/Problem/fileSizeChanged(path:expected:)``.
        ///
        /// - Parameters:
        ///   - name: The field name.
        ///   - filename: The file name the server sees; by default the URL's last path component.
        ///   - contentType: The file's media type.
        ///   - url: A `file:` URL of a regular file.
        public static func file(
            name: String, filename: String? = nil, contentType: String = "application/octet-stream",
            contentsOf url: URL
        ) -> Part {
            Part(
                name: name, filename: filename ?? url.lastPathComponent, contentType: contentType,
                content: .file(url))
        }
    }
}
