import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds a ``MultipartBody`` part by part, checking each.
struct MultipartBodyBuilder {
    private let boundary: String
    private let search: BoundarySearch
    private var segments: [MultipartBody.Segment] = []
    private var pending: [UInt8] = []
    private var length: Int64 = 0
    private var partCount = 0
    /// Contents smaller than this are copied beside their headers; larger ones stay a segment of their own.
    private static let copyLimit = 16 * 1024

    init(boundary: String) {
        self.boundary = boundary
        search = BoundarySearch(boundary: boundary)
    }

    /// Checks `part` and appends its delimiter, header and content.
    mutating func append(_ part: MultipartForm.Part) throws {
        let index = partCount
        func failure(_ problem: MultipartFormError.Problem) -> MultipartFormError {
            .invalidPart(.init(index: index, name: part.name, problem: problem))
        }
        if let problem = PartHeaderText.problem(with: part.name, as: .name) { throw failure(problem) }
        if let filename = part.filename, let problem = PartHeaderText.problem(with: filename, as: .filename) {
            throw failure(problem)
        }
        if let contentType = part.contentType, let problem = PartHeaderText.problem(withContentType: contentType) {
            throw failure(problem)
        }
        let header = PartHeaderText.header(of: part)
        if search.occurs(in: header) { throw failure(.boundaryInPart) }

        pending.append(contentsOf: (partCount == 0 ? "--" : "\r\n--").utf8)
        pending.append(contentsOf: boundary.utf8)
        pending.append(contentsOf: "\r\n".utf8)
        pending.append(contentsOf: header)
        switch part.content {
        case .bytes(let data):
            if data.count < Self.copyLimit {
                if search.occurs(in: data) { throw failure(.boundaryInPart) }
                pending.append(contentsOf: data)
            } else {
                // Kept as it is (Data shares its storage), and checked as the body is produced: one pass.
                flush()
                segments.append(.content(.init(data: data, partIndex: index, partName: part.name)))
                length += Int64(data.count)
            }
        case .file(let url):
            let (path, size) = try Self.file(at: url, failure: failure)
            flush()
            segments.append(.file(.init(path: path, size: size, partIndex: index, partName: part.name)))
            length += size
        }
        partCount += 1
    }

    /// The body, with its closing delimiter.
    mutating func finish() -> MultipartBody {
        pending.append(contentsOf: (partCount == 0 ? "--" : "\r\n--").utf8)
        pending.append(contentsOf: boundary.utf8)
        pending.append(contentsOf: "--\r\n".utf8)
        flush()
        return MultipartBody(
            contentType: "multipart/form-data; boundary=\(boundary)", contentLength: length, segments: segments,
            boundary: boundary)
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        segments.append(.bytes(Data(pending)))
        length += Int64(pending.count)
        pending.removeAll(keepingCapacity: true)
    }

    /// The path and size of a regular, readable file.
    private static func file(
        at url: URL, failure: (MultipartFormError.Problem) -> MultipartFormError
    ) throws -> (path: String, size: Int64) {
        guard url.isFileURL else { throw failure(.notAFileURL(url)) }
        // The file a symbolic link names is the one that is read.
        let path = url.resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw failure(.unreadableFile(path: path, reason: "it does not exist or cannot be examined"))
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw failure(.unreadableFile(path: path, reason: "it is not a regular file"))
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw failure(.unreadableFile(path: path, reason: "it is not readable"))
        }
        guard let size = (attributes[.size] as? NSNumber)?.int64Value else {
            throw failure(.unreadableFile(path: path, reason: "its size is unknown"))
        }
        return (path, size)
    }
}
