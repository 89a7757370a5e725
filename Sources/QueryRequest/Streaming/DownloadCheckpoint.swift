import Foundation

/// Where a download keeps the bytes it has received, so that a later call goes on from there instead of
/// from the first byte: after the call failed, was cancelled, or the app was ended, across launches too.
///
/// ```swift
/// let checkpoint = DownloadCheckpoint(file: caches.appendingPathComponent("movie.part"))
/// // Cancel it, lose the connection, quit the app: the next call with the same checkpoint resumes.
/// try await client.download(MovieRequest(id: 7), to: movies.appendingPathComponent("7.mp4"), checkpoint: checkpoint)
/// ```
///
/// A checkpoint is only a place: the value is `Codable`, for the app to keep, and the state is on the disk.
/// The bytes go to ``file`` (created with owner-only permissions), and what a resume needs goes beside it,
/// at the same path with `.resume` appended: the URL requested, the representation's validator (a strong
/// `ETag`, or `Last-Modified`) and its length. A later call for the same URL asks for the rest with
/// `Range` and `If-Range`; a server that answers 200 instead (the resource changed, or it serves no ranges)
/// is written from the first byte again, never spliced onto the old bytes. A call for another URL, a file
/// without its record, or a response without a strong validator starts from the first byte.
///
/// Once the download is complete, the file is moved to the destination (it must be on the same volume:
/// checked before anything is sent) and the record removed. A download whose response cannot be resumed
/// leaves neither behind when it fails. Two calls cannot use one checkpoint at once: the second fails with
/// ``APIError/fileSystem(path:error:)`` (`EWOULDBLOCK`).
public struct DownloadCheckpoint: Sendable, Hashable, Codable {
    /// The file that holds the bytes received so far.
    public let file: URL

    /// A checkpoint at `file`, a file URL whose directory exists when the download starts.
    public init(file: URL) {
        self.file = file
    }

    /// Reads a checkpoint kept as `{"file": "<file URL>"}`.
    public init(from decoder: any Decoder) throws {
        file = try decoder.container(keyedBy: CodingKeys.self).decode(URL.self, forKey: .file)
    }

    /// Writes the checkpoint as `{"file": "<file URL>"}`: a place, not the state, which stays on the disk.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
    }

    private enum CodingKeys: String, CodingKey {
        case file
    }

    /// The bytes kept so far for a resume: the file's size when its record is there too, else 0.
    public var bytesReceived: Int64 {
        // Read from the file system each time (a URL's resource values can be cached on Apple platforms).
        guard recorded != nil, let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let size = attributes[.size] as? NSNumber
        else { return 0 }
        return size.int64Value
    }

    /// The whole body's length, as the server said it, when a resume is recorded and the server said it.
    public var totalBytesToReceive: Int64? { recorded?.length }

    /// The record beside the file.
    var recordFile: URL { URL(fileURLWithPath: file.path + ".resume") }

    /// What the record beside the file says, if it is there and readable.
    var recorded: DownloadResumption? {
        guard let data = try? Data(contentsOf: recordFile) else { return nil }
        return try? JSONDecoder().decode(DownloadResumption.self, from: data)
    }
}
