#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The growable stores of a ``ParsedQuery``, kept per thread between `decode` calls, so that a call does not
/// allocate and free its byte copy of the query, its values, its nodes, its name segments and its scratch
/// buffer every time: about eight allocations and 2,500 instructions of a typical decode.
///
/// A call takes the thread's buffers (a call that starts while another runs on the same thread, from inside a
/// type's `init(from:)`, finds none and starts empty) and its ``ParsedQuery`` gives them back, emptied, when it
/// is freed, on whatever thread that happens; nothing of one call's content is kept. A buffer that grew past
/// ``keptBytes`` (a long query) is freed instead, so that a thread keeps at most 80 KiB. A thread's buffers
/// are freed when the thread ends.
final class ParsedQueryBuffers {
    // One call holds these buffers at a time (they are out of the slot meanwhile), and each is only ever
    // swapped or emptied whole: the runtime exclusivity checks would cost more than the swaps.
    @exclusivity(unchecked) var source: [UInt8] = []
    @exclusivity(unchecked) var values: [ParsedQuery.Value] = []
    @exclusivity(unchecked) var nodes: [QueryTreeNode] = []
    @exclusivity(unchecked) var segmentStore: [UInt8] = []
    @exclusivity(unchecked) var scratch: [UInt8] = []

    /// The most bytes a kept buffer may hold room for.
    static let keptBytes = 16 * 1024

    /// The thread's buffers, or new empty ones.
    @inline(__always)
    static func take() -> ParsedQueryBuffers {
        takeCached() ?? ParsedQueryBuffers()
    }

    /// Keeps `buffers` for the next call on this thread, emptied, unless one grew too large or the thread
    /// already keeps others.
    @inline(__always)
    static func giveBack(_ buffers: ParsedQueryBuffers) {
        guard isSmall(buffers.source), isSmall(buffers.values), isSmall(buffers.nodes),
            isSmall(buffers.segmentStore), isSmall(buffers.scratch)
        else { return }
        buffers.source.removeAll(keepingCapacity: true)
        buffers.values.removeAll(keepingCapacity: true)
        buffers.nodes.removeAll(keepingCapacity: true)
        buffers.segmentStore.removeAll(keepingCapacity: true)
        buffers.scratch.removeAll(keepingCapacity: true)
        store(buffers)
    }

    @inline(__always)
    private static func isSmall<Element>(_ buffer: [Element]) -> Bool {
        buffer.capacity <= keptBytes / MemoryLayout<Element>.stride
    }

    // Built with `-DQUERY_NO_CACHES` (a CI step does), nothing is kept and every call starts empty.
    #if (canImport(Darwin) || canImport(Glibc) || canImport(Musl)) && !QUERY_NO_CACHES
        /// The thread-specific slot, made once per process; `nil` if the system refused one (nothing is kept
        /// then).
        private static let slot: pthread_key_t? = {
            var key = pthread_key_t()
            guard pthread_key_create(&key, releaseCachedBuffers) == 0 else { return nil }
            return key
        }()

        @inline(__always)
        private static func takeCached() -> ParsedQueryBuffers? {
            guard let slot, let pointer = pthread_getspecific(slot) else { return nil }
            pthread_setspecific(slot, nil)
            // SAFETY: the slot holds either nil or a pointer made by `store`, from `passRetained`: it owns one
            // reference, which this takes over (the slot was emptied above, so once only).
            return Unmanaged<ParsedQueryBuffers>.fromOpaque(pointer).takeRetainedValue()
        }

        @inline(__always)
        private static func store(_ buffers: ParsedQueryBuffers) {
            guard let slot, pthread_getspecific(slot) == nil else { return }
            // SAFETY: the reference passed here is owned by the slot until `takeCached` or
            // `releaseCachedBuffers` takes it, each exactly once.
            pthread_setspecific(slot, Unmanaged.passRetained(buffers).toOpaque())
        }
    #else
        @inline(__always) private static func takeCached() -> ParsedQueryBuffers? { nil }
        @inline(__always) private static func store(_ buffers: ParsedQueryBuffers) {}
    #endif
}

#if canImport(Darwin)
    /// Frees a thread's kept buffers when the thread ends.
    private func releaseCachedBuffers(_ pointer: UnsafeMutableRawPointer) {
        // SAFETY: the system calls this once, with the non-nil value the thread's slot held, made by
        // `ParsedQueryBuffers.store` from `passRetained`.
        Unmanaged<ParsedQueryBuffers>.fromOpaque(pointer).release()
    }
#elseif canImport(Glibc) || canImport(Musl)
    /// Frees a thread's kept buffers when the thread ends.
    private func releaseCachedBuffers(_ pointer: UnsafeMutableRawPointer?) {
        // SAFETY: the system calls this only with the non-nil value the thread's slot held, made by
        // `ParsedQueryBuffers.store` from `passRetained`.
        guard let pointer else { return }
        Unmanaged<ParsedQueryBuffers>.fromOpaque(pointer).release()
    }
#endif
