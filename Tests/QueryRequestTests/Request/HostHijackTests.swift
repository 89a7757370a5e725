import Foundation
import QueryRequest
import Testing

/// Issue 14, item 1: a host whose percent-escape is not UTF-8 passed the host checks, Foundation wrote
/// the origin back without its authority, and a path starting `//` then named the host.
@Suite(.timeLimit(.minutes(5))) struct HostHijackTests {
    enum Hosts: String, APIHost {
        case invalidEscape = "https://api.example.com%B1"
        case onlyAnEscape = "https://%FF"
        case invalidEscapeWithPath = "https://a%B1/v1"
        case decodedSlash = "https://a%2Fb.example.com"
        case decodedAt = "https://evil.com%40api.example.com"
        case decodedNUL = "https://a%00b.example.com"
        case decodedSpace = "https://a%20b.example.com"
        case decodedPercent = "https://a%25b.example.com"
        case decodedColon = "https://a%3A8080"
    }

    static let refused: [(Hosts, String, String)] = [
        (
            .invalidEscape, "//evil.com/x",
            #"the host name "api.example.com%B1" holds a percent-escape that is not UTF-8"#
        ),
        (.onlyAnEscape, "//evil.com", #"the host name "%FF" holds a percent-escape that is not UTF-8"#),
        (.invalidEscapeWithPath, "/users", #"the host name "a%B1" holds a percent-escape that is not UTF-8"#),
        (.decodedSlash, "/x", #"the host name "a%2Fb.example.com" holds "/", which cannot be part of a host name"#),
        (
            .decodedAt, "/x",
            #"the host name "evil.com%40api.example.com" holds "@", which cannot be part of a host name"#
        ),
        (.decodedNUL, "/x", #"the host name "a%00b.example.com" holds byte 0, which cannot be part of a host name"#),
        (.decodedSpace, "/x", #"the host name "a%20b.example.com" holds byte 32, which cannot be part of a host name"#),
        (.decodedPercent, "/x", #"the host name "a%25b.example.com" holds "%", which cannot be part of a host name"#),
        (.decodedColon, "/x", #"the host name "a%3A8080" holds ":", which cannot be part of a host name"#),
    ]

    @Test(arguments: refused)
    func refusesAHostNameThatCannotNameAServer(host: Hosts, path: String, reason: String) {
        let name = "QueryRequestTests.HostHijackTests.Hosts.\(host)"
        #expect(throws: RequestBuildingError.invalidHost(host: name, reason: reason)) {
            try builtURL(path, host: host)
        }
    }

    /// The guide's tenant host, with a tenant that may come from a user.
    struct TenantHost: APIHost {
        let tenant: String
        var baseURL: URL {
            get throws {
                guard let url = URL(string: "https://\(tenant).example.com") else {
                    throw RequestBuildingError.invalidHost(host: tenant, reason: "no URL")
                }
                return url
            }
        }
    }

    @Test func refusesATenantWithAnInvalidEscape() throws {
        let host = TenantHost(tenant: "acme%B1")
        #expect(throws: RequestBuildingError.self) { try builtURL("//evil.com/x", host: host) }
        do {
            _ = try builtURL("//evil.com/x", host: host)
        } catch let error as RequestBuildingError {
            guard case .invalidHost(_, let reason) = error else {
                Issue.record("expected invalidHost, got \(error)")
                return
            }
            #expect(reason == #"the host name "acme%B1.example.com" holds a percent-escape that is not UTF-8"#)
        } catch {
            Issue.record("expected a RequestBuildingError, got \(error)")
        }
        #expect(
            try builtURL("//evil.com/x", host: TenantHost(tenant: "acme")) == "https://acme.example.com//evil.com/x")
    }

    enum GoodHosts: String, APIHost {
        case escapedLetter = "https://h%41st.example.com"
        case escapedUTF8 = "https://caf%C3%A9.example.com"
        case unicode = "https://café.example.com"
        case subDelimiters = "https://a!$&'()*+,;=b.example.com"
        case ipv6 = "https://[::1]:8443"
        case ipv4 = "http://127.0.0.1:8080/api"
    }

    /// Valid escapes (written decoded by Foundation), non-ASCII names (written in their IDNA form),
    /// sub-delimiters and IP literals still build, and the path's `//evil.com` stays in the path.
    @Test(arguments: [
        (GoodHosts.escapedLetter, "https://hAst.example.com//evil.com/x"),
        (.escapedUTF8, "https://xn--caf-dma.example.com//evil.com/x"),
        (.unicode, "https://xn--caf-dma.example.com//evil.com/x"),
        (.subDelimiters, "https://a!$&'()*+,;=b.example.com//evil.com/x"),
        (.ipv6, "https://[::1]:8443//evil.com/x"),
        (.ipv4, "http://127.0.0.1:8080/api//evil.com/x"),
    ])
    func keepsAUsableHostAndItsAuthority(host: GoodHosts, url: String) throws {
        let built = try builtURL("//evil.com/x", host: host)
        #expect(built == url, "built \(built)")
        #expect(try #require(URL(string: built)).host != nil)
    }
}
