import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file a download writes: a temporary one in its destination's directory, so that moving it into place is
/// an atomic rename on the same volume, created exclusively with owner-only permissions; or a
/// ``DownloadCheckpoint``'s file, opened as it was left, locked against a second download, with the record of
/// what a resume needs beside it. Written as the chunks arrive, cut back for a resume or emptied for a
/// restart, flushed, then moved, or removed (or, for a checkpoint that can resume, kept).
///
/// Plain POSIX calls, so that each failure carries its `errno` and the file is never opened with wider
/// permissions, even for a moment. Used by one download, in one task at a time: not `Sendable`.
final class PartialDownload {
    /// The file's path.
    let path: String
    /// The path of a checkpoint's record (``DownloadCheckpoint/recordFile``); `nil` for a temporary file.
    private let recordPath: String?
    /// The open descriptor, or -1 once closed.
    private var descriptor: Int32
    /// Whether the file is gone from `path`: moved into place or removed (or, for a checkpoint, let go of).
    private var isGone = false
    /// The bytes the file holds.
    private(set) var length: Int64 = 0

    /// Creates the temporary file in the directory of `destination`.
    init(beside destination: String) throws(APIError) {
        let directory = (destination as NSString).deletingLastPathComponent
        let name = ".queryrequest-download-\(UUID().uuidString)"
        path = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
        recordPath = nil
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(at: path) }
    }

    /// Opens (or creates) a checkpoint's file, holding what an earlier call left in it, and locks it for this
    /// download: a second download of the same checkpoint fails with `EWOULDBLOCK` rather than mixing bytes.
    init(checkpoint: DownloadCheckpoint) throws(APIError) {
        path = try Self.path(of: checkpoint.file)
        recordPath = checkpoint.recordFile.path
        // `O_NOFOLLOW`: a link planted at the checkpoint's path is refused (`ELOOP`), never written through.
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            isGone = true
            throw Self.failure(at: path)
        }
        var status = stat()
        let failure: Int32? =
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                errno
            } else if fstat(descriptor, &status) != 0 {
                errno
            } else if (status.st_mode & S_IFMT) != S_IFREG {
                EINVAL
            } else if lseek(descriptor, 0, SEEK_END) < 0 {
                errno
            } else {
                nil
            }
        if let failure {
            // Someone else's file, or one this download cannot use: left as it is.
            close(descriptor)
            descriptor = -1
            isGone = true
            throw Self.failure(at: path, code: failure)
        }
        length = Int64(status.st_size)
    }

    deinit {
        // A download that ended without `move`, `keep` or `discard` (it cannot, but a temporary file must not be
        // left, and a checkpoint's bytes are the app's).
        if recordPath == nil { discard() } else { keep() }
    }

    /// Appends `chunk` to the file.
    func append(_ chunk: Data) throws(APIError) {
        guard !chunk.isEmpty else { return }
        let failure = Self.writeAll(chunk, to: descriptor)
        guard failure == 0 else { throw Self.failure(at: path, code: failure) }
        length += Int64(chunk.count)
    }

    /// Cuts the file back to its first `offset` bytes (0 empties it), for a download that goes on from there.
    func truncate(to offset: Int64) throws(APIError) {
        guard ftruncate(descriptor, off_t(offset)) == 0, lseek(descriptor, off_t(offset), SEEK_SET) == offset else {
            throw Self.failure(at: path)
        }
        length = offset
    }

    /// Writes what a resume needs beside a checkpoint's file, or removes it (`nil`): written whole to a
    /// temporary name with owner-only permissions (it names the URL, query included), then renamed over it.
    /// Nothing for a temporary file, whose resumes stay in memory.
    func record(_ resumption: DownloadResumption?) throws(APIError) {
        guard let recordPath else { return }
        guard let resumption, let data = try? JSONEncoder().encode(resumption) else {
            guard unlink(recordPath) == 0 || errno == ENOENT else { throw Self.failure(at: recordPath) }
            return
        }
        let temporary = recordPath + ".\(UUID().uuidString)"
        let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw Self.failure(at: temporary) }
        let failure = Self.writeAll(data, to: file)
        close(file)
        guard failure == 0, rename(temporary, recordPath) == 0 else {
            let code = failure == 0 ? errno : failure
            unlink(temporary)
            throw Self.failure(at: recordPath, code: code)
        }
    }

    /// Writes all of `data` to `descriptor`; 0, or the `errno` of the write that failed.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32 in
            // `baseAddress` is set for a non-empty buffer and stays valid for this closure; `write` reads at
            // most `bytes.count - offset` bytes from `base + offset`.
            guard let base = bytes.baseAddress else { return 0 }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }

    /// Flushes the file to storage and closes it, so that a crash after the move cannot leave an empty or
    /// partial file at the destination.
    func finish() throws(APIError) {
        guard fsync(descriptor) == 0 else { throw Self.failure(at: path) }
        let result = close(descriptor)
        descriptor = -1
        guard result == 0 else { throw Self.failure(at: path) }
    }

    /// Moves the finished file to `destination`, replacing a file there only when `replacing`.
    func move(to destination: String, replacing: Bool) throws(APIError) {
        if replacing {
            guard rename(path, destination) == 0 else { throw Self.failure(at: destination) }
            isGone = true
            removeRecord()
            return
        }
        // `link` fails if the destination exists, atomically: a file created since the first check is
        // not replaced. The temporary name is then removed.
        if link(path, destination) == 0 {
            discard()
            return
        }
        let code = errno
        if code == EEXIST { throw Self.destinationExists(destination) }
        // A file system without hard links (FAT, exFAT, some network shares): check, then rename. Only a
        // file created between the two calls would be replaced.
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK else {
            throw Self.failure(at: destination, code: code)
        }
        if Self.exists(destination) { throw Self.destinationExists(destination) }
        guard rename(path, destination) == 0 else { throw Self.failure(at: destination) }
        isGone = true
        removeRecord()
    }

    /// Closes and removes the file (and a checkpoint's record), if it is still there.
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if !isGone {
            unlink(path)
            isGone = true
            removeRecord()
        }
    }

    /// Closes a checkpoint's file and leaves it, with its record, for a later call to resume.
    func keep() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        isGone = true
    }

    /// Removes a checkpoint's record, once its file is gone.
    private func removeRecord() {
        if let recordPath { unlink(recordPath) }
    }

    /// The file-system path of `url`; a URL of another scheme is refused.
    static func path(of url: URL) throws(APIError) -> String {
        guard url.isFileURL, !url.path.isEmpty else {
            throw .fileSystem(
                path: url.absoluteString,
                error: CocoaError(.fileWriteUnsupportedScheme, userInfo: [NSURLErrorKey: url]))
        }
        return url.path
    }

    /// Whether something (a file, a directory, a link, even a dangling one) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Whether the directories of `one` and `other` are on the same volume (or cannot be told apart: then
    /// opening or renaming says what is wrong).
    static func sameVolume(_ one: String, _ other: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(directory(of: one), &first) == 0, stat(directory(of: other), &second) == 0 else { return true }
        return first.st_dev == second.st_dev
    }

    /// The directory `path` is in (`.` for a bare name).
    private static func directory(of path: String) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }

    /// Whether `path` is a directory (not a link to one: a link is replaced, never followed).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// The error for a destination that exists and may not be replaced.
    static func destinationExists(_ path: String) -> APIError {
        .fileSystem(path: path, error: CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path]))
    }

    /// The error of the last failed call (`errno`, or `code`) at `path`.
    private static func failure(at path: String, code: Int32 = errno) -> APIError {
        .fileSystem(path: path, error: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
    }
}
