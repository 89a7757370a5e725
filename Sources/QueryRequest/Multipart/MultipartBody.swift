import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An encoded ``MultipartForm``: its exact length, and its bytes in memory or streamed.
///
/// Small parts in memory were checked when the form was encoded. A file part is read only while the
/// body is produced, in chunks, and checked as it passes, and so is a part in memory of 16 KiB or more
/// (checking it as it is copied costs no extra pass over it): a content that contains the boundary, or a
/// file whose size changed since it was measured, makes producing the body throw a
/// ``MultipartFormError`` (a stream reports it as its error, so the upload fails) instead of sending a body
/// a server would split differently.
public struct MultipartBody: Sendable {
    /// `multipart/form-data; boundary=…`.
    public let contentType: String
    /// The exact number of bytes of the body.
    public let contentLength: Int64
    /// The body: bytes in memory and files, in order.
    let segments: [Segment]
    /// The form's boundary, to check file contents against.
    let boundary: String

    /// A run of the body.
    enum Segment: Sendable {
        /// Delimiters, headers and small in-memory contents, all checked.
        case bytes(Data)
        /// A large in-memory content, checked for the boundary as it is produced.
        case content(ContentInMemory)
        /// A file part's content, read from disk when produced.
        case file(FileContent)
    }

    /// A large content in memory and the part it belongs to (for errors).
    struct ContentInMemory: Sendable {
        let data: Data
        let partIndex: Int
        let partName: String

        func failure(_ problem: MultipartFormError.Problem) -> MultipartFormError {
            .invalidPart(.init(index: partIndex, name: partName, problem: problem))
        }
    }

    /// A file part's content and the part it belongs to (for errors).
    struct FileContent: Sendable {
        let path: String
        let size: Int64
        let partIndex: Int
        let partName: String
    }

    /// Whether some part is a file read from disk (so ``data()`` would read it into memory).
    public var streamsFromDisk: Bool {
        segments.contains { if case .file = $0 { true } else { false } }
    }

    /// The whole body in memory, files included: for small forms. Use ``makeInputStream()`` or
    /// ``makeReader()`` to stream a body with large files.
    ///
    /// - Throws: A ``MultipartFormError`` from reading a file part, or for a part that contains the
    ///   boundary.
    public func data() throws -> Data {
        if !streamsFromDisk { return try joinedBytes() }
        let reader = makeReader()
        return try BodyMemory.makeData(count: Int(clamping: contentLength)) { write in
            while let chunk = try reader.next(maximumLength: 1 << 20) {
                chunk.withUnsafeBytes { write($0) }
            }
        }
    }

    /// The segments of a body without files, copied once into one `Data` (see ``BodyMemory``); a large
    /// content is checked a megabyte at a time just before that megabyte is copied, while it is in the
    /// cache.
    private func joinedBytes() throws -> Data {
        if segments.count == 1, case .bytes(let data) = segments[0] { return data }
        var search = BoundarySearch(boundary: boundary)
        return try BodyMemory.makeData(count: Int(clamping: contentLength)) { write in
            for segment in segments {
                switch segment {
                case .bytes(let bytes):
                    bytes.withUnsafeBytes { write($0) }
                case .content(let content):
                    search.reset()
                    try content.data.withUnsafeBytes { data in
                        var start = 0
                        while start < data.count {
                            let chunk = UnsafeRawBufferPointer(
                                rebasing: data[start..<Swift.min(start + (1 << 20), data.count)])
                            if search.scan(chunk) { throw content.failure(.boundaryInPart) }
                            write(chunk)
                            start += chunk.count
                        }
                    }
                case .file:
                    preconditionFailure("joinedBytes() is only called for a body without files")
                }
            }
        }
    }

    /// A reader that produces the body in chunks, reading file parts as it goes.
    public func makeReader() -> MultipartBodyReader {
        MultipartBodyReader(body: self)
    }

    /// An `InputStream` over the body, for `URLRequest.httpBodyStream`; reading fails (status `.error`,
    /// the ``MultipartFormError`` as `streamError`) when a file part does not match what was encoded.
    public func makeInputStream() -> InputStream {
        MultipartInputStream(reader: makeReader())
    }

    /// Sets `request`'s body and `Content-Type`: the bytes themselves when every part is in memory,
    /// otherwise a stream (``makeInputStream()``) that reads file parts from disk as they are sent.
    ///
    /// Either way the body goes with its exact `Content-Length`, never chunked: the stream fails (rather
    /// than sending a body of another length) when a file part changed since ``MultipartForm/encode()``.
    /// On Linux the request also carries a blank `Transfer-Encoding`, which keeps FoundationNetworking from
    /// chunking the stream and is never sent (see `Docs/Requests.md`, "Streamed bodies").
    ///
    /// - Parameter request: The request to send the body with.
    /// - Throws: A ``MultipartFormError`` for a part in memory that contains the boundary.
    public func attach(to request: inout URLRequest) throws {
        if !streamsFromDisk {
            request.httpBody = try joinedBytes()
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
            return
        }
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        attachStream(to: &request)
    }

    /// Sets a fresh stream over the body as `request`'s body, with its `Content-Length`. A stream is read
    /// once: a request sent again (a retry) needs a new one.
    func attachStream(to request: inout URLRequest) {
        request.httpBodyStream = makeInputStream()
        request.setStreamedBodyLength(contentLength)
    }
}
