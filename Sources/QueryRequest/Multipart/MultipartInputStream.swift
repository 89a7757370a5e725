import Foundation

/// An `InputStream` over a ``MultipartBodyReader``, for `URLRequest.httpBodyStream`.
///
/// Measured on Linux (FoundationNetworking): a data task reads a subclass like this one through
/// `read(_:maxLength:)` at over 1 GB/s to a loopback server, with the process's memory bounded.
///
/// A stream has one reader at a time (the URL loading system's); the lock keeps a status query from
/// another thread consistent with a read in progress.
final class MultipartInputStream: InputStream, RecordsBodyFailure {
    private let reader: MultipartBodyReader
    private let lock = NSLock()
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?
    /// The reader's last chunk, and how much of it has been handed out.
    private var pending = Data()
    private var pendingOffset = 0

    init(reader: MultipartBodyReader) {
        self.reader = reader
        super.init(data: Data())
    }

    override func open() {
        lock.whileLocked { if status == .notOpen { status = .open } }
    }

    override func close() {
        lock.whileLocked { status = .closed }
    }

    override var streamStatus: Stream.Status { lock.whileLocked { status } }

    override var streamError: (any Error)? { lock.whileLocked { error } }

    /// The reader's failure (a ``MultipartFormError`` naming the part), once a read met it.
    var bodyFailure: (any Error)? { streamError }

    override var hasBytesAvailable: Bool {
        lock.whileLocked { status == .open || status == .reading }
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        lock.whileLocked {
            guard status == .open || status == .reading, length > 0 else {
                return status == .atEnd ? 0 : (status == .error ? -1 : 0)
            }
            if pendingOffset == pending.count {
                do {
                    guard let chunk = try reader.next(maximumLength: max(length, 64 * 1024)) else {
                        status = .atEnd
                        return 0
                    }
                    pending = chunk.startIndex == 0 ? chunk : Data(chunk)
                    pendingOffset = 0
                } catch {
                    self.error = error
                    status = .error
                    return -1
                }
            }
            let count = min(length, pending.count - pendingOffset)
            pending.copyBytes(to: buffer, from: pendingOffset..<pendingOffset + count)
            pendingOffset += count
            status = .open
            return count
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}
