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
        /// A file to stream, and its size in bytes.
        case file(URL, length: Int64)
        /// Chunks produced as the body is sent.
        case chunks(BodyChunks)
    }

    /// Encodes the body now, leaving file parts on disk.
    ///
    /// Request building calls this where it needs a body that may be streamed: `.data` is set as
    /// `httpBody`, `.streamed` with `attachStream(to:)` (the stream, and `Content-Length` where the
    /// platform sends it with a stream; the caller adds `Content-Type` as for any body).
    func content() throws -> Content {
        if let fileURL { return .file(fileURL, length: try Self.readableFileLength(fileURL)) }
        if let chunks {
            try chunks.check()
            return .chunks(chunks)
        }
        guard let form = multipartForm else { return .data(try encoded()) }
        let body = try form.encode()
        return body.streamsFromDisk ? .streamed(body) : .data(try body.data())
    }
}

extension RequestBody {
    /// The size of the regular, readable file at `url`, or ``RequestBuildingError/unreadableBodyFile(path:reason:)``.
    static func readableFileLength(_ url: URL) throws -> Int64 {
        guard url.isFileURL else {
            throw RequestBuildingError.unreadableBodyFile(path: url.absoluteString, reason: "it is not a file: URL")
        }
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw RequestBuildingError.unreadableBodyFile(path: path, reason: "it cannot be found or read (\(error))")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw RequestBuildingError.unreadableBodyFile(path: path, reason: "it is not a regular file")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RequestBuildingError.unreadableBodyFile(path: path, reason: "it is not readable")
        }
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }
}

extension MultipartBody {
    /// The body as `Data` when no part is a file on disk; a file part is never loaded whole silently.
    func inMemoryData() throws -> Data {
        for case .file(let content) in segments {
            let problem = MultipartFormError.Problem.unreadableFile(
                path: content.path,
                reason: "file parts are streamed from disk, and this request was built with its body in memory"
                    + " (attach `MultipartForm.encode()` to the URLRequest with `attach(to:)`)")
            throw MultipartFormError.invalidPart(
                .init(index: content.partIndex, name: content.partName, problem: problem))
        }
        return try data()
    }
}
