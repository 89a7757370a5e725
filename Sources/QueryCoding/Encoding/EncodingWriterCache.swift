#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One writer (with its root scope) kept per thread between `encode` calls, so that a call does not
/// allocate, set up and free a writer, its output buffer and a root scope every time: about 600
/// instructions a call, a fifth of encoding an empty struct.
///
/// A call takes the thread's writer out of the cache (a call that starts while another runs on the same
/// thread, from inside a type's `encode(to:)`, finds the cache empty and makes its own) and gives it back
/// when it ends, emptied. A writer is given back only when nothing but the cache can reach it: if a type's
/// `encode(to:)` kept the `Encoder` or one of its containers, that reference would reach the writer of a
/// later call, so the writer is dropped instead. Writers never move between threads, and a thread's
/// writer is freed when the thread ends.
enum EncodingWriterCache {
    /// The root scope of a writer configured for a call with `options` and `output`.
    @inline(__always)
    static func take(options: QueryEncoder.OptionsStorage, output: EncodingWriter.Output) -> EncodingScope {
        let root: EncodingScope
        if let cached = takeCached() {
            // SAFETY: `cached` holds its writer in a `let` and is alive for this whole function.
            Unmanaged.passUnretained(cached.writer)._withUnsafeGuaranteedRef {
                $0.configure(options: options, output: output)
                $0.rootContainers.open()
            }
            root = cached
        } else {
            root = EncodingScope.root(writer: EncodingWriter(options: options, output: output))
            root.writer.rootContainers.open()
        }
        return root
    }

    /// Gives back the root scope that ``take(options:output:)`` returned, once its call has ended.
    @inline(__always)
    static func giveBack(_ root: consuming EncodingScope) {
        // Whatever can still reach the writer holds the root scope, or a top-level container the writer
        // keeps for later calls, or that container's scope: every other scope holds its parent, every
        // container and `Encoder` its scope, and the writer's own lists of scopes were emptied when the
        // call ended. Something held elsewhere (a kept `Encoder` or container) could write into a later
        // call, so then the writer is not reused (see `RootContainerCache` for the kept containers).
        // SAFETY: `root` holds its writer in a `let` and is alive for this whole function.
        let writer = Unmanaged.passUnretained(root.writer)
        let containersAreFree = writer._withUnsafeGuaranteedRef { $0.rootContainers.close() }
        guard containersAreFree, isKnownUniquelyReferenced(&root) else {
            writer._withUnsafeGuaranteedRef { $0.rootContainers.removeAll() }
            return
        }
        writer._withUnsafeGuaranteedRef { $0.clearForReuse() }
        root.clearForReuse()
        if !store(root) {
            // Not kept (the thread already keeps another): break the writer's cycles so that it is freed.
            writer._withUnsafeGuaranteedRef { $0.rootContainers.removeAll() }
        }
    }

    // Built with `-DQUERY_NO_CACHES` (a CI step does), nothing is kept and every call makes its own writer,
    // so that the suites show what the cache might hide.
    #if (canImport(Darwin) || canImport(Glibc) || canImport(Musl)) && !QUERY_NO_CACHES
        /// The thread-specific slot, made once per process; `nil` if the system refused one (the cache is
        /// then off, and every call makes its own writer).
        private static let slot: pthread_key_t? = {
            var key = pthread_key_t()
            guard pthread_key_create(&key, releaseCached) == 0 else { return nil }
            return key
        }()

        @inline(__always)
        private static func takeCached() -> EncodingScope? {
            guard let slot, let pointer = pthread_getspecific(slot) else { return nil }
            pthread_setspecific(slot, nil)
            // SAFETY: the slot holds either nil or a pointer made by `store`, from `passRetained`: it
            // owns one reference, which this takes over (the slot was emptied above, so once only).
            return Unmanaged<EncodingScope>.fromOpaque(pointer).takeRetainedValue()
        }

        /// Keeps `root` in the thread's slot; returns whether it did (not when the slot is taken).
        @inline(__always)
        private static func store(_ root: EncodingScope) -> Bool {
            guard let slot, pthread_getspecific(slot) == nil else { return false }
            // SAFETY: the reference passed here is owned by the slot until `takeCached` or
            // `releaseCached` takes it, each exactly once.
            pthread_setspecific(slot, Unmanaged.passRetained(root).toOpaque())
            return true
        }
    #else
        @inline(__always) private static func takeCached() -> EncodingScope? { nil }
        @inline(__always) private static func store(_ root: EncodingScope) -> Bool { false }
    #endif

    /// Frees a thread's cached root when the thread ends, breaking its writer's cycles first.
    fileprivate static func freeCachedRoot(_ root: Unmanaged<EncodingScope>) {
        root._withUnsafeGuaranteedRef { $0.writer.rootContainers.removeAll() }
        root.release()
    }
}

#if canImport(Darwin)
    /// Frees a thread's cached writer when the thread ends.
    private func releaseCached(_ pointer: UnsafeMutableRawPointer) {
        // SAFETY: the system calls this once, with the non-nil value the thread's slot held, made by
        // `EncodingWriterCache.store` from `passRetained`.
        EncodingWriterCache.freeCachedRoot(Unmanaged<EncodingScope>.fromOpaque(pointer))
    }
#elseif canImport(Glibc) || canImport(Musl)
    /// Frees a thread's cached writer when the thread ends.
    private func releaseCached(_ pointer: UnsafeMutableRawPointer?) {
        // SAFETY: the system calls this only with the non-nil value the thread's slot held, made by
        // `EncodingWriterCache.store` from `passRetained`.
        guard let pointer else { return }
        EncodingWriterCache.freeCachedRoot(Unmanaged<EncodingScope>.fromOpaque(pointer))
    }
#endif
