import Foundation
import QueryRequest
import Testing

@Suite(.timeLimit(.minutes(5))) struct HostTests {
    enum Environments: String, APIHost {
        case production = "api.example.com"
        case staging = "https://staging.example.com/v2"
        case development = "http://localhost:3000"
        case upperCase = "HTTPS://API.Example.com/V1"
        case ipv6 = "http://[::1]:8080/api"
    }

    @Test(arguments: [
        (Environments.production, "https://api.example.com/users"),
        (.staging, "https://staging.example.com/v2/users"),
        (.development, "http://localhost:3000/users"),
        (.upperCase, "https://API.Example.com/V1/users"),
        (.ipv6, "http://[::1]:8080/api/users"),
    ])
    func switchesEnvironmentsByHost(host: Environments, url: String) throws {
        #expect(try builtURL("/users", host: host) == url)
    }

    struct ConfiguredHost: APIHost {
        let baseURL: URL
    }

    @Test func anyTypeConformsByProvidingABaseURL() throws {
        let host = ConfiguredHost(baseURL: try #require(URL(string: "https://api.example.com:8443/base")))
        #expect(try builtURL("/users", host: host) == "https://api.example.com:8443/base/users")
    }

    struct FailingHost: APIHost {
        struct Unconfigured: Error, Equatable {}
        var baseURL: URL { get throws { throw Unconfigured() } }
    }

    @Test func throwsTheHostsOwnErrorUnchanged() {
        #expect(throws: FailingHost.Unconfigured()) { try builtURL("/users", host: FailingHost()) }
    }

    enum BadHosts: String, APIHost {
        case spaces = "not a url"
        case ftp = "ftp://files.example.com"
        case empty = ""
        case credentials = "https://user:secret@test.jp"
        case userBeforeHost = "test.jp@evil.com"
        case query = "https://test.jp?key=1"
        case fragment = "https://test.jp#top"
        case port = "https://test.jp:99999"
        case dotSegment = "https://test.jp/a/../admin"
    }

    static let badHosts: [(BadHosts, String)] = [
        (.spaces, #""not a url" is not a URL"#),
        (.ftp, #""ftp://files.example.com" must start with http:// or https://"#),
        (.empty, #""https://" has no host name"#),
        (.credentials, "the base URL carries user info; send credentials in a header instead"),
        (.userBeforeHost, "the base URL carries user info; send credentials in a header instead"),
        (.query, #""https://test.jp?key=1" has a query; put fixed query items in the request path"#),
        (.fragment, #""https://test.jp#top" has a fragment"#),
        (.port, #"port 99999 of "https://test.jp:99999" is out of range"#),
        (.dotSegment, #"the base path of "https://test.jp/a/../admin" has a ".." segment"#),
    ]

    @Test(arguments: badHosts)
    func refusesAnInvalidHostNamingIt(host: BadHosts, reason: String) {
        let name = "QueryRequestTests.HostTests.BadHosts.\(host)"
        #expect(throws: RequestBuildingError.invalidHost(host: name, reason: reason)) {
            try builtURL("/users", host: host)
        }
    }

    @Test func describesAHostErrorWithTheHostAndTheReason() {
        let error = RequestBuildingError.invalidHost(host: "App.Hosts.ftp", reason: "it is ftp")
        #expect(error.description == "Invalid host App.Hosts.ftp: it is ftp.")
    }
}
