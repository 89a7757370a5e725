import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hosts are validated once per base-URL text and remembered: a remembered host must build exactly what a
/// fresh one builds, however many hosts a process uses and however many tasks build at once.
@Suite(.timeLimit(.minutes(5))) struct HostCacheTests {
    struct Ping: Request {
        let host: URL
        let path = "/ping"
        var query: [URLQueryItem] = [URLQueryItem(name: "n", value: "1")]
    }

    /// More hosts than the cache holds (a client per loopback port), each built twice: the second build, from
    /// the cache or after it was emptied, gives the same URL as the first.
    @Test func manyHostsBuildTheSameURLsTwice() throws {
        for round in 0..<2 {
            for port in 20_000..<20_300 {
                let host = try #require(URL(string: "http://127.0.0.1:\(port)/api"))
                let url = try Ping(host: host).makeURLRequest().url?.absoluteString
                #expect(url == "http://127.0.0.1:\(port)/api/ping?n=1", "round \(round)")
            }
        }
    }

    /// A host refused once is refused again: failures are never remembered as successes.
    @Test func aRefusedHostStaysRefused() throws {
        let bad = try #require(URL(string: "http://user@example.com"))
        for _ in 0..<3 {
            #expect(throws: RequestBuildingError.self) { try Ping(host: bad).makeURLRequest() }
        }
    }

    /// Hosts whose texts differ only in spelling are each validated for what they say.
    @Test func spellingsAreKeptApart() throws {
        let plain = try #require(URL(string: "https://example.com/v1"))
        let withPort = try #require(URL(string: "https://example.com:8443/v1"))
        let upper = try #require(URL(string: "HTTPS://example.com/v2"))
        #expect(try Ping(host: plain).makeURLRequest().url?.absoluteString == "https://example.com/v1/ping?n=1")
        #expect(
            try Ping(host: withPort).makeURLRequest().url?.absoluteString == "https://example.com:8443/v1/ping?n=1")
        #expect(try Ping(host: upper).makeURLRequest().url?.absoluteString == "https://example.com/v2/ping?n=1")
    }

    /// Many tasks building requests for a few hosts at once (run under ThreadSanitizer in CI).
    @Test func concurrentBuildsAgree() async throws {
        let hosts = try (0..<8).map { index in try #require(URL(string: "https://h\(index).example.com")) }
        let urls = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<400 {
                group.addTask {
                    let host = hosts[index % hosts.count]
                    return (index, try Ping(host: host).makeURLRequest().url?.absoluteString)
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        for index in 0..<400 {
            #expect(urls[index] == "https://h\(index % 8).example.com/ping?n=1")
        }
    }
}

/// The URL text is written into storage sized for the worst case: every byte of the path and the queries
/// escaped, and all three separators (`/` before a path without one, `?`, `&` between the fixed and the
/// encoded query).
@Suite(.timeLimit(.minutes(5))) struct URLTextCapacityTests {
    struct Raw: Request {
        let host: URL
        let path: String
        let query: String
    }

    @Test(arguments: ["https://test.jp", "https://test.jp/v1"])
    func everySeparatorAndEveryByteEscaped(base: String) throws {
        let host = try #require(URL(string: base))
        let url = try Raw(host: host, path: "é é?é é", query: "ü").makeURLRequest().url?.absoluteString
        #expect(url == base + "/%C3%A9%20%C3%A9?%C3%A9%20%C3%A9&%C3%BC")
    }

    @Test func aLongAllEscapedPathAndQuery() throws {
        let host = try #require(URL(string: "http://127.0.0.1:8080/api"))
        let path = String(repeating: "\u{1F600}", count: 200) + "?" + String(repeating: " ", count: 300)
        let built = try Raw(host: host, path: path, query: String(repeating: "ä", count: 100)).makeURLRequest()
        let text = try #require(built.url?.absoluteString)
        #expect(text.hasPrefix("http://127.0.0.1:8080/api/%F0%9F%98%80"))
        #expect(text.hasSuffix("&" + String(repeating: "%C3%A4", count: 100)))
    }
}
