/// Whether the encoder keeps what it may reuse between calls: the thread's writer (`EncodingWriterCache`), the
/// top-level containers (`RootContainerCache`), and the traits of types (`TypeTraits`, and each writer's last
/// type).
///
/// Built with `-DQUERY_NO_CACHES`, it keeps nothing, and every call works everything out afresh. `.ci/run`
/// runs the coding suites that way too, so that a cache can never hide a bug: both builds must give the same
/// output and the same errors. (A build flag rather than an environment variable: the check costs nothing at
/// run time.)
enum CacheSwitch {
    /// Whether the caches are on in this build.
    static var cachesAreOn: Bool {
        #if QUERY_NO_CACHES
            false
        #else
            true
        #endif
    }
}
