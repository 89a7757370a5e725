import Foundation
import Testing

@testable import QueryRequest

/// The one `Origin`, which redirects and pagination compare: default ports filled in, scheme and host in lower
/// case, anything but http and https refused.
@Suite(.timeLimit(.minutes(5))) struct OriginTests {
    static func origin(_ text: String) -> Origin? { URL(string: text).flatMap(Origin.init) }

    @Test(arguments: [
        ("https://h", "https://H:443/x?y"), ("http://h", "http://h:80"),
        ("HTTPS://Api.Example.com", "https://api.example.com/"),
        ("https://h:8443", "https://h:8443/a"), ("https://[::1]", "https://[::1]:443"),
    ])
    func sameServer(_ a: String, _ b: String) throws {
        let first = try #require(Self.origin(a))
        #expect(first == Self.origin(b))
    }

    @Test(arguments: [
        ("https://h", "http://h"), ("https://h", "https://h:80"), ("http://h", "http://h:443"),
        ("https://h", "https://h.x"),
        ("https://h:8443", "https://h:8444"),
    ])
    func anotherServer(_ a: String, _ b: String) throws {
        let first = try #require(Self.origin(a))
        #expect(first != Self.origin(b))
    }

    @Test(arguments: ["ftp://h/x", "file:///tmp/x", "mailto:a@b", "/relative"])
    func onlyHTTPAndHTTPSHaveOne(text: String) {
        #expect(Self.origin(text) == nil)
    }

    @Test func describesItselfWithItsPort() {
        #expect(Self.origin("https://API.example.com/x")?.description == "https://api.example.com:443")
    }
}
