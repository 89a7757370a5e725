import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary file a download writes, in its destination's directory so that moving it into place is
/// an atomic rename on the same volume: created exclusively with owner-only permissions, written as the
/// chunks arrive, emptied for a restart, flushed, then moved, or removed.
///
/// Plain POSIX calls, so that each failure carries its `errno` and the file is never opened with wider
/// permissions, even for a moment. Used by one download, in one task at a time: not `Sendable`.
final class PartialDownload {
    /// The temporary file's path.
    let path: String
    /// The open descriptor, or -1 once closed.
    private var descriptor: Int32
    /// Whether the file is gone from `path`: moved into place or removed.
    private var isGone = false

    /// Creates the temporary file in the directory of `destination`.
    init(beside destination: String) throws(APIError) {
        let directory = (destination as NSString).deletingLastPathComponent
        let name = ".queryrequest-download-\(UUID().uuidString)"
        path = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure(at: path) }
    }

    deinit {
        // A download that ended without `move` or `discard` (it cannot, but a file must not be left).
        discard()
    }

    /// Appends `chunk` to the file.
    func append(_ chunk: Data) throws(APIError) {
        guard !chunk.isEmpty else { return }
        let failure: Int32 = chunk.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int32 in
            // `bytes` is non-empty (checked above), so `baseAddress` is set, and it stays valid for this
            // closure; `write` reads at most `bytes.count - offset` bytes from `base + offset`.
            guard let base = bytes.baseAddress else { return EFAULT }
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
        guard failure == 0 else { throw Self.failure(at: path, code: failure) }
    }

    /// Empties the file, for a download that starts again from its first byte.
    func empty() throws(APIError) {
        guard ftruncate(descriptor, 0) == 0, lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw Self.failure(at: path)
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
    }

    /// Closes and removes the temporary file, if it is still there.
    func discard() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        if !isGone {
            unlink(path)
            isGone = true
        }
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
