import Foundation

/// Produces a ``MultipartBody`` chunk by chunk, reading file parts from disk as it goes, so that memory
/// stays bounded by the chunk size whatever the files' sizes.
///
/// ```swift
/// let reader = try form.encode().makeReader()
/// while let chunk = try reader.next() {
///     try output.write(contentsOf: chunk)
/// }
/// ```
///
/// Each file (and each part in memory of 16 KiB or more) is checked as it is read: if it contains the
/// form's boundary, or a file ends before (or goes on after) the size measured by
/// ``MultipartForm/encode()``, `next` throws a ``MultipartFormError`` naming the part, and every later
/// call throws it again. Not for use from several tasks at once.
public final class MultipartBodyReader {
    private let segments: [MultipartBody.Segment]
    private var search: BoundarySearch
    /// The segment being produced, and how far into it.
    private var segmentIndex = 0
    private var offset: Int64 = 0
    private var file: FileHandle?
    private var failure: (any Error)?

    /// The number of bytes produced so far.
    public private(set) var bytesProduced: Int64 = 0
    /// The body's exact length.
    public let contentLength: Int64

    init(body: MultipartBody) {
        segments = body.segments
        search = BoundarySearch(boundary: body.boundary)
        contentLength = body.contentLength
    }

    deinit {
        try? file?.close()
    }

    /// The next chunk of at most `maximumLength` bytes (at least 1), or `nil` at the end of the body.
    ///
    /// - Throws: A ``MultipartFormError`` when a file part cannot be read or does not match what was
    ///   encoded.
    public func next(maximumLength: Int = 256 * 1024) throws -> Data? {
        if let failure { throw failure }
        do {
            return try produce(maximumLength: max(1, maximumLength))
        } catch {
            failure = error
            try? file?.close()
            file = nil
            throw error
        }
    }

    private func produce(maximumLength: Int) throws -> Data? {
        while segmentIndex < segments.count {
            switch segments[segmentIndex] {
            case .bytes(let data):
                let remaining = Int64(data.count) - offset
                if remaining == 0 {
                    advance()
                    continue
                }
                let start = data.startIndex + Int(offset)
                let count = Int(min(Int64(maximumLength), remaining))
                offset += Int64(count)
                bytesProduced += Int64(count)
                return data.subdata(in: start..<start + count)
            case .content(let content):
                let data = content.data
                let remaining = Int64(data.count) - offset
                if remaining == 0 {
                    advance()
                    continue
                }
                if offset == 0 { search.reset() }
                let start = data.startIndex + Int(offset)
                let chunk = data.subdata(in: start..<start + Int(min(Int64(maximumLength), remaining)))
                if chunk.withUnsafeBytes({ search.scan($0) }) { throw content.failure(.boundaryInPart) }
                offset += Int64(chunk.count)
                bytesProduced += Int64(chunk.count)
                return chunk
            case .file(let content):
                if let chunk = try read(content, maximumLength: maximumLength) { return chunk }
                advance()
            }
        }
        return nil
    }

    /// The next chunk of a file part, or `nil` once it has been read whole (and found to end there).
    private func read(_ content: MultipartBody.FileContent, maximumLength: Int) throws -> Data? {
        func failure(_ problem: MultipartFormError.Problem) -> MultipartFormError {
            .invalidPart(.init(index: content.partIndex, name: content.partName, problem: problem))
        }
        let handle: FileHandle
        if let file {
            handle = file
        } else {
            guard let opened = FileHandle(forReadingAtPath: content.path) else {
                throw failure(.unreadableFile(path: content.path, reason: "it cannot be opened"))
            }
            handle = opened
            file = opened
            search.reset()
        }
        let remaining = content.size - offset
        // At the measured end, one more byte must not exist.
        let wanted = remaining == 0 ? 1 : Int(min(Int64(maximumLength), remaining))
        let chunk: Data
        do {
            chunk = try handle.read(upToCount: wanted) ?? Data()
        } catch {
            throw failure(.unreadableFile(path: content.path, reason: "\(error)"))
        }
        if remaining == 0 {
            guard chunk.isEmpty else { throw failure(.fileSizeChanged(path: content.path, expected: content.size)) }
            try? handle.close()
            file = nil
            return nil
        }
        guard !chunk.isEmpty else { throw failure(.fileSizeChanged(path: content.path, expected: content.size)) }
        if chunk.withUnsafeBytes({ search.scan($0) }) { throw failure(.boundaryInFile(path: content.path)) }
        offset += Int64(chunk.count)
        bytesProduced += Int64(chunk.count)
        return chunk
    }

    private func advance() {
        segmentIndex += 1
        offset = 0
    }
}
