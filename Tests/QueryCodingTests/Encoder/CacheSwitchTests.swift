import Testing

@testable import QueryCoding

/// `.ci/run` also runs the coding suites built with `-DQUERY_NO_CACHES`: the flag reaches the library, and the
/// output does not depend on it (every other suite of this target runs in both builds).
@Suite(.timeLimit(.minutes(5))) struct CacheSwitchTests {
    @Test func theBuildFlagTurnsTheCachesOff() {
        #if QUERY_NO_CACHES
            #expect(!CacheSwitch.cachesAreOn)
        #else
            #expect(CacheSwitch.cachesAreOn)
        #endif
    }

    @Test func repeatedCallsOnOneThreadAgree() throws {
        struct Filter: Encodable {
            let q: String
            let tags: [String]
        }
        let encoder = QueryEncoder()
        let first = try encoder.encodeToString(Filter(q: "a b", tags: ["x", "y"]))
        for _ in 0..<3 { #expect(try encoder.encodeToString(Filter(q: "a b", tags: ["x", "y"])) == first) }
    }
}
