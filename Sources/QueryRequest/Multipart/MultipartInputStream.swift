import Foundation

/// An `InputStream` over a ``MultipartBodyReader``, for `URLRequest.httpBodyStream`.
///
/// Measured on Linux (FoundationNetworking): a data task reads a subclass like this one through
/// `read(_:maxLength:)` at over 1 GB/s to a loopback server, with the process's memory bounded.
///
/// A stream has one reader at a time (the URL loading system's); the lock keeps a status query from
/// another thread consistent with a read in progress.
final class MultipartInputStream: InputStream {
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

    /// `NSLock.withLock` needs macOS 14 / iOS 17; the package supports older systems.
    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    override func open() {
        locked { if status == .notOpen { status = .open } }
    }

    override func close() {
        locked { status = .closed }
    }

    override var streamStatus: Stream.Status { locked { status } }

    override var streamError: (any Error)? { locked { error } }

    override var hasBytesAvailable: Bool {
        locked { status == .open || status == .reading }
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        locked {
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
