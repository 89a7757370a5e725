import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An `InputStream` over the file of a ``RequestBody/file(_:contentType:)`` body, for
/// `URLRequest.httpBodyStream`, which yields exactly the length measured when the request was built.
///
/// The request goes with that length as `Content-Length`, so a file that changed since must not be sent as
/// if it had not: one that ends early, goes on after the measured end, or cannot be read fails the read
/// (-1, ``RequestBodyStreamError/fileChanged(_:)`` as ``bodyFailure``), and the last byte is only handed
/// out once the file was found to end there. The server never holds a body of the declared length that was
/// not the whole file, and never gets bytes past it (which it would read as the next request).
///
/// One reader at a time (the URL loading system's); the lock keeps a status query from another thread
/// consistent with a read in progress. Plain POSIX calls, as for ``PartialDownload``.
final class FileBodyInputStream: InputStream, RecordsBodyFailure {
    private let path: String
    private let length: Int64
    private let requestName: RequestName
    private let lock = NSLock()
    private var status: Stream.Status = .notOpen
    private var failure: RequestBodyStreamError?
    private var descriptor: Int32 = -1
    /// The bytes handed out so far.
    private var offset: Int64 = 0

    init(path: String, length: Int64, requestName: RequestName) {
        self.path = path
        self.length = length
        self.requestName = requestName
        super.init(data: Data())
    }

    deinit {
        if descriptor >= 0 { systemClose(descriptor) }
    }

    override func open() {
        lock.whileLocked {
            guard status == .notOpen else { return }
            descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                fail("it cannot be opened (\(String(cString: strerror(errno))))")
            } else {
                status = .open
            }
        }
    }

    override func close() {
        lock.whileLocked {
            if descriptor >= 0 { systemClose(descriptor) }
            descriptor = -1
            if status != .error { status = .closed }
        }
    }

    override var streamStatus: Stream.Status { lock.whileLocked { status } }

    override var streamError: (any Error)? { lock.whileLocked { failure } }

    var bodyFailure: (any Error)? { streamError }

    /// True until the end of the whole file, and after a failure, so that a reader calls `read` and sees -1
    /// rather than taking the body for complete.
    override var hasBytesAvailable: Bool {
        lock.whileLocked { status == .open || status == .reading || status == .error }
    }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        lock.whileLocked {
            switch status {
            case .open, .reading: break
            case .error: return -1
            default: return 0
            }
            let remaining = length - offset
            guard remaining > 0 else {
                // An empty file: the end must be the file's too.
                guard endsHere() else { return -1 }
                status = .atEnd
                return 0
            }
            guard maxLength > 0 else { return 0 }
            let wanted = Int(min(Int64(maxLength), remaining))
            var count = 0
            while count < wanted {
                let got = systemRead(descriptor, buffer + count, wanted - count)
                if got < 0 {
                    if errno == EINTR { continue }
                    fail("reading it failed after \(offset + Int64(count)) bytes (\(String(cString: strerror(errno))))")
                    return -1
                }
                if got == 0 {
                    fail("it ended after \(offset + Int64(count)) bytes")
                    return -1
                }
                count += got
            }
            offset += Int64(count)
            // The last byte goes out only once the file is known to end with it.
            if offset == length {
                guard endsHere() else { return -1 }
                status = .atEnd
            }
            return count
        }
    }

    /// Whether the file has no byte after `offset`; records the failure when it has. Called with `lock` held.
    private func endsHere() -> Bool {
        var probe: UInt8 = 0
        while true {
            let got = systemRead(descriptor, &probe, 1)
            if got < 0, errno == EINTR { continue }
            if got < 0 {
                fail("reading it failed after \(offset) bytes (\(String(cString: strerror(errno))))")
                return false
            }
            if got > 0 {
                fail("it goes on after them")
                return false
            }
            return true
        }
    }

    /// Records why the body cannot be sent whole. Called with `lock` held.
    private func fail(_ reason: String) {
        failure = .fileChanged(.init(request: requestName.text, path: path, measuredLength: length, reason: reason))
        status = .error
        if descriptor >= 0 { systemClose(descriptor) }
        descriptor = -1
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}

// The stream's own `open`, `close` and `read` hide the system calls of the same names inside the class.

private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) {
    close(descriptor)
}
