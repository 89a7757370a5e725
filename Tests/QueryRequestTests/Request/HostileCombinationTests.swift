import Foundation
import QueryRequest
import Testing

/// Every path of one or two hostile tokens, against both test hosts, checked for the building invariants.
/// (Generated paths of any length belong to the property suite; this is the exhaustive small corner.)
@Suite(.timeLimit(.minutes(5))) struct HostileCombinationTests {
    static let tokens = [
        "/", "//", ".", "..", "%", "%2E", "%2e", "%2F", "%25", "%zz", "%4", "?", "#", "@", ":", "\\", "\r", "\n",
        "\u{0}", " ", "\t", "\u{7F}", "é", "ユ", "\u{1F600}", "\u{FEFF}", "a", "evil.com", "&", "=", "+", ";", "[",
        "]", "'", "\"", "~", "%00",
    ]

    static var paths: [String] {
        tokens + tokens.flatMap { first in tokens.map { first + $0 } }
    }

    /// The bytes `text` stands for, each valid `%XX` decoded (`removingPercentEncoding` would also drop a
    /// leading byte order mark).
    private func decodedBytes(_ text: Substring) -> [UInt8] {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let value = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                output.append(value)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    @Test(
        arguments: [
            (Hosts.test, "https", "test.jp", nil, ""),
            (Hosts.local, "http", "127.0.0.1", 8080, "/api"),
        ] as [(Hosts, String, String, Int?, String)])
    func buildingKeepsTheHostAndRefusesOnlyWithATypedError(
        host: Hosts, scheme: String, hostName: String, port: Int?, basePath: String
    ) throws {
        for path in Self.paths {
            let url: String
            do {
                url = try builtURL(path, host: host)
            } catch let error as RequestBuildingError {
                guard case .invalidPath(let reportedPath, _) = error, reportedPath == path else {
                    Issue.record("\(path.debugDescription): unexpected \(error)")
                    continue
                }
                #expect(
                    path.contains("#") || path.contains(".") || path.lowercased().contains("%2e"),
                    "\(path.debugDescription) refused: \(error)")
                continue
            }
            let components = try #require(URLComponents(string: url), "\(path.debugDescription) → \(url)")
            #expect(components.scheme == scheme, "\(path.debugDescription)")
            #expect(components.host == hostName, "\(path.debugDescription)")
            #expect(components.port == port, "\(path.debugDescription)")
            #expect(components.user == nil && components.password == nil, "\(path.debugDescription)")
            #expect(components.fragment == nil, "\(path.debugDescription)")
            #expect(components.percentEncodedPath.hasPrefix(basePath), "\(path.debugDescription)")
            let segments = components.percentEncodedPath.split(separator: "/").map(decodedBytes)
            #expect(!segments.contains([46]) && !segments.contains([46, 46]), "\(path.debugDescription) → \(url)")
            // Building is idempotent: the built path and query, built again, give the same URL.
            let builtTail = String(url.dropFirst("\(scheme)://\(hostName)".count + (port.map { ":\($0)" } ?? "").count))
            #expect(try builtURL(String(builtTail.dropFirst(basePath.count)), host: host) == url)
        }
    }

    @Test func aSegmentValueAlwaysDecodesBackToItself() throws {
        for value in Self.paths where value != "." && value != ".." {
            let url = try builtURL("/x/\(segment: value)/y")
            let components = try #require(URLComponents(string: url))
            let segments = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
            #expect(segments.count == 4, "\(value.debugDescription) → \(url)")
            #expect(decodedBytes(segments[2]) == Array(value.utf8), "\(value.debugDescription) → \(url)")
            #expect(components.percentEncodedQuery == nil)
        }
    }
}
