import Foundation
import QueryRequest
import Testing

@Suite(.timeLimit(.minutes(5))) struct PathSafetyTests {
    /// Hostile and unusual paths below `https://test.jp`, and the exact URL each must build.
    static let hostilePaths: [(path: String, url: String)] = [
        ("//evil.com/x", "https://test.jp//evil.com/x"),
        ("@evil.com", "https://test.jp/@evil.com"),
        ("/@evil.com", "https://test.jp/@evil.com"),
        (":443@evil.com/", "https://test.jp/:443@evil.com/"),
        ("\\\\evil.com/x", "https://test.jp/%5C%5Cevil.com/x"),
        ("/a\\..\\admin", "https://test.jp/a%5C..%5Cadmin"),
        ("/a\r\nHost: evil.com", "https://test.jp/a%0D%0AHost:%20evil.com"),
        ("/a\u{0}b", "https://test.jp/a%00b"),
        ("/a b", "https://test.jp/a%20b"),
        ("/ユーザー", "https://test.jp/%E3%83%A6%E3%83%BC%E3%82%B6%E3%83%BC"),
        ("/caf\u{E9}", "https://test.jp/caf%C3%A9"),
        ("/%41%2f", "https://test.jp/%41%2f"),  // escapes already present are kept, not double-encoded
        ("/100%", "https://test.jp/100%25"),  // a `%` that starts no escape is a literal percent sign
        ("/%zz", "https://test.jp/%25zz"),
        ("/%2", "https://test.jp/%252"),
        ("/%%41", "https://test.jp/%25%41"),
        ("/a[b]{c}|d^e`f\"g<h>", "https://test.jp/a%5Bb%5D%7Bc%7D%7Cd%5Ee%60f%22g%3Ch%3E"),
        ("/a;b=c,d!$&'()*+:~", "https://test.jp/a;b=c,d!$&'()*+:~"),
        ("/...", "https://test.jp/..."),
        ("/a..b/.c/d.", "https://test.jp/a..b/.c/d."),
        ("/%2E%2E%2E", "https://test.jp/%2E%2E%2E"),
        ("/%2e.x", "https://test.jp/%2e.x"),
        ("/%252E%252E", "https://test.jp/%252E%252E"),
        ("", "https://test.jp"),
        ("/", "https://test.jp/"),
        ("users", "https://test.jp/users"),
        ("/users/", "https://test.jp/users/"),
        ("/a//b", "https://test.jp/a//b"),
    ]

    @Test(arguments: hostilePaths)
    func buildsEachPathBelowTheHostAndNowhereElse(path: String, url: String) throws {
        let built = try builtURL(path)
        #expect(built == url)
        let components = try #require(URLComponents(string: built))
        #expect(components.scheme == "https")
        #expect(components.host == "test.jp")
        #expect(components.port == nil)
        #expect(components.user == nil)
        #expect(components.password == nil)
        #expect(components.query == nil)
        #expect(components.fragment == nil)
    }

    /// The same paths below a host with a scheme, a port and a base path.
    static let pathsBelowABasePath: [(path: String, url: String)] = [
        ("/users", "http://127.0.0.1:8080/api/users"),
        ("users", "http://127.0.0.1:8080/api/users"),
        ("", "http://127.0.0.1:8080/api"),
        ("/", "http://127.0.0.1:8080/api/"),
        ("//evil.com/x", "http://127.0.0.1:8080/api//evil.com/x"),
        ("@evil.com", "http://127.0.0.1:8080/api/@evil.com"),
        (":443@evil.com/", "http://127.0.0.1:8080/api/:443@evil.com/"),
        ("?fixed=1", "http://127.0.0.1:8080/api?fixed=1"),
    ]

    @Test(arguments: pathsBelowABasePath)
    func joinsPathsToTheBasePath(path: String, url: String) throws {
        let built = try builtURL(path, host: Hosts.local)
        #expect(built == url)
        let components = try #require(URLComponents(string: built))
        #expect(components.scheme == "http")
        #expect(components.host == "127.0.0.1")
        #expect(components.port == 8080)
        #expect(components.user == nil)
        #expect(components.percentEncodedPath.hasPrefix("/api"))
    }

    enum SlashedHosts: String, APIHost {
        case versioned = "https://test.jp/v1/"
        case root = "https://test.jp/"
    }

    @Test func countsASlashOnBothSidesOfTheJoinOnce() throws {
        #expect(try builtURL("/users", host: SlashedHosts.versioned) == "https://test.jp/v1/users")
        #expect(try builtURL("users", host: SlashedHosts.versioned) == "https://test.jp/v1/users")
        #expect(try builtURL("", host: SlashedHosts.versioned) == "https://test.jp/v1/")
        #expect(try builtURL("//x", host: SlashedHosts.versioned) == "https://test.jp/v1//x")
        #expect(try builtURL("/users", host: SlashedHosts.root) == "https://test.jp/users")
    }

    /// Paths and fixed queries whose escapes, raw runs and refused bytes fall on each side of the eight-byte
    /// blocks the URL writer tests and copies together, and the exact URL each must build.
    static let blockEdges: [(path: String, url: String)] = [
        ("/abcdefg", "https://test.jp/abcdefg"),  // exactly one block
        ("/abcdefghijklmno", "https://test.jp/abcdefghijklmno"),  // exactly two
        ("/abcdefghijklmnop", "https://test.jp/abcdefghijklmnop"),  // two and one byte
        ("/abcdef%41bcdefgh", "https://test.jp/abcdef%41bcdefgh"),  // an escape across the first block's end
        ("/abcdefg%41bcdefg", "https://test.jp/abcdefg%41bcdefg"),  // an escape starting the second block
        ("/abcdefgh%4", "https://test.jp/abcdefgh%254"),  // a cut escape in the short tail
        ("/abcdefg%", "https://test.jp/abcdefg%25"),
        ("/abcdef%zzabcdefgh", "https://test.jp/abcdef%25zzabcdefgh"),
        ("/abcdef%4gabcdefgh", "https://test.jp/abcdef%254gabcdefgh"),
        ("/abcdefg\u{E9}hijklmn", "https://test.jp/abcdefg%C3%A9hijklmn"),
        ("/aaaaaaa\u{7F}aaaaaaaa", "https://test.jp/aaaaaaa%7Faaaaaaaa"),
        ("/aaaaaaa aaaaaaaa", "https://test.jp/aaaaaaa%20aaaaaaaa"),
        ("/aaaaaaaaaaaaaaa?bcdefgh?%2Cabcdefg[", "https://test.jp/aaaaaaaaaaaaaaa?bcdefgh?%2Cabcdefg%5B"),
        ("/x?abcdefghij%ZZklmnopq", "https://test.jp/x?abcdefghij%25ZZklmnopq"),
        ("/x?ab/cd?ef@gh:ij!kl$mn", "https://test.jp/x?ab/cd?ef@gh:ij!kl$mn"),
    ]

    @Test(arguments: blockEdges)
    func normalisesTheSameOnEachSideOfABlock(path: String, url: String) throws {
        #expect(try builtURL(path) == url)
    }

    static let refusedDotSegments: [(path: String, segment: String)] = [
        ("..", ".."),
        ("../admin", ".."),
        ("/a/../admin", ".."),
        ("/a/..", ".."),
        ("/a/../", ".."),
        (".", "."),
        ("/./a", "."),
        ("/%2E%2E/admin", "%2E%2E"),
        ("/%2e%2E", "%2e%2E"),
        ("/a/%2E", "%2E"),
        ("/.%2e/x", ".%2e"),
        ("/a/..?x=1", ".."),
    ]

    @Test(arguments: refusedDotSegments)
    func refusesDotSegmentsAlsoWhenPercentEncoded(path: String, segment: String) {
        #expect(
            throws: RequestBuildingError.invalidPath(
                path: path, reason: "the \"\(segment)\" segment would be resolved by the server")
        ) {
            try builtURL(path)
        }
    }

    @Test(arguments: ["a#b", "/a#b", "/search?x=1#top", "#", "/a%23b#"])
    func refusesAFragment(path: String) {
        #expect(
            throws: RequestBuildingError.invalidPath(path: path, reason: "\"#\" would start a fragment, never sent")
        ) {
            try builtURL(path)
        }
    }

    @Test func describesAPathErrorWithThePathAndTheReason() {
        let error = RequestBuildingError.invalidPath(
            path: "../admin", reason: "the \"..\" segment would be resolved by the server")
        #expect(error.description == #"Invalid path "../admin": the ".." segment would be resolved by the server."#)
        #expect(error.errorDescription == error.description)
    }
}
