import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RequestBody {
    /// What a request sends: bytes in memory, or a multipart body whose file parts stream from disk.
    enum Content {
        /// The whole body.
        case data(Data)
        /// A body to attach with ``MultipartBody/attach(to:)``: its file parts are read as it is sent.
        case streamed(MultipartBody)
    }

    /// Encodes the body now, leaving file parts on disk.
    ///
    /// Request building calls this where it needs a body that may be streamed: `.data` is set as
    /// `httpBody`, `.streamed` with `attachStream(to:)` (the stream, and `Content-Length` where the
    /// platform sends it with a stream; the caller adds `Content-Type` as for any body).
    func content() throws -> Content {
        guard let form = multipartForm else { return .data(try encoded()) }
        let body = try form.encode()
        return body.streamsFromDisk ? .streamed(body) : .data(try body.data())
    }
}

extension MultipartBody {
    /// The body as `Data` when no part is a file on disk; a file part is never loaded whole silently.
    func inMemoryData() throws -> Data {
        for case .file(let content) in segments {
            throw MultipartFormError.invalidPart(
                index: content.partIndex, name: content.partName,
                problem: .unreadableFile(
                    path: content.path,
                    reason: "file parts are streamed from disk, and this request was built with its body in memory"
                        + " (attach `MultipartForm.encode()` to the URLRequest with `attach(to:)`)"))
        }
        return try data()
    }
}
