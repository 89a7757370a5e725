import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory of a body made in one piece (``MultipartBody/data()``): allocated once at its exact size,
/// written once, and handed to the `Data` without a copy.
///
/// Writing a large body costs its page faults more than its copy: on Linux, 100 MiB written into fresh
/// memory takes 25,600 faults of 4 KiB pages, about 35–40 ms here, where the copy itself takes a few.
/// So on Linux a large body is allocated on a 2 MiB boundary and marked `MADV_HUGEPAGE`: where the
/// kernel's transparent huge pages allow it (`madvise` or `always`, the usual settings), it is then
/// written through 2 MiB pages, 50 faults for 100 MiB. Where they do not (`never`), the advice does
/// nothing and the memory is ordinary. Elsewhere, and for small bodies, it is plain `malloc`. (The kernel
/// hands out 2 MiB pages as it finds them free: with its usual `defrag` setting a fault may wait while it
/// compacts memory to make one, which can make an occasional body slower than ordinary pages would.)
enum BodyMemory {
    /// Bodies from this size are worth 2 MiB pages: below it, a page left partly used weighs more than
    /// the faults saved.
    static let hugePageThreshold = 8 << 20

    /// A `Data` of `count` bytes that `fill` writes, front to back, through `write`, which copies the bytes
    /// it is given after those of the previous calls.
    ///
    /// - Precondition: `fill` writes exactly `count` bytes. The callers write the segments whose lengths
    ///   made `count` (``MultipartBody/contentLength``), each checked against its length as it is
    ///   produced (a file whose size changed throws before a byte too many is given).
    /// - Throws: What `fill` throws; the memory is freed.
    static func makeData(
        count: Int, fill: (_ write: (UnsafeRawBufferPointer) -> Void) throws -> Void
    ) rethrows -> Data {
        guard count > 0 else {
            try fill { precondition($0.isEmpty, "a body written beyond its length") }
            return Data()
        }
        let base = allocate(count)
        var written = 0
        do {
            try fill { bytes in
                precondition(bytes.count <= count - written, "a body written beyond its length")
                guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
                // In bounds: `written + bytes.count <= count`, checked just above.
                (base + written).copyMemory(from: source, byteCount: bytes.count)
                written += bytes.count
            }
        } catch {
            free(base)
            throw error
        }
        precondition(written == count, "a body written short of its length")
        // `.free` frees what `malloc` or `posix_memalign` returned, which `allocate` did.
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }

    /// `count` bytes (`count > 0`) from `malloc`, or for a large body on Linux from `posix_memalign`,
    /// advised to take huge pages.
    private static func allocate(_ count: Int) -> UnsafeMutableRawPointer {
        #if os(Linux) && canImport(Glibc)
            if count >= hugePageThreshold {
                let hugePage = 2 << 20
                // Whole huge pages, so that the body's last megabytes take one too.
                let length = (count + hugePage - 1) / hugePage * hugePage
                var memory: UnsafeMutableRawPointer?
                if posix_memalign(&memory, hugePage, length) == 0, let memory {
                    // Advice only: when the kernel refuses it, the memory is used with ordinary pages.
                    _ = madvise(memory, length, MADV_HUGEPAGE)
                    return memory
                }
            }
        #endif
        guard let memory = malloc(count) else {
            fatalError("out of memory for a body of \(count) bytes")
        }
        return memory
    }
}
