import Foundation
import PropertyHarness
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One input of the URL-building properties: a host base URL, a path (perhaps with a fixed query), a
/// query value with its encoder's strategies, headers, a method and a body — each generated hostile.
struct RequestCase: Sendable {
    var base: String
    var path: String
    var query: EncoderCase?
    var method: String = "GET"
    var settingHeaders: [String: String] = [:]
    var headers: [String: String] = [:]
    var body: [UInt8]?

    /// The request the case describes.
    var request: GeneratedRequest {
        GeneratedRequest(
            host: GeneratedHost(text: base), path: path, query: query?.root, method: HTTPMethod(rawValue: method),
            setting: APISetting(headers: settingHeaders), headers: headers,
            body: body.map { .data(Data($0), contentType: "application/octet-stream") },
            queryEncoder: query?.setup.encoder ?? QueryEncoder())
    }
}

/// A host whose base URL is generated text; text `URL(string:)` refuses is the host's own error.
struct GeneratedHost: APIHost {
    let text: String

    /// The host's own error, which building passes on unchanged.
    struct Unparseable: Error, Equatable {
        let text: String
    }

    var baseURL: URL {
        get throws {
            guard let url = URL(string: text) else { throw Unparseable(text: text) }
            return url
        }
    }
}

/// A request whose every part is stored.
struct GeneratedRequest: Request {
    var host: GeneratedHost
    var path: String
    var query: QueryNode?
    var method: HTTPMethod
    var setting: APISetting
    var headers: [String: String]
    var body: RequestBody?
    var queryEncoder: QueryEncoder
}

extension RequestCase: SwiftSourceConvertible {
    var swiftSource: String {
        var arguments = ["base: \(base.swiftSource)", "path: \(path.swiftSource)"]
        if let query {
            let source = query.swiftSource.replacingOccurrences(of: "\n", with: "\n    ")
            arguments.append("query: \(source)")
        }
        if method != "GET" { arguments.append("method: \(method.swiftSource)") }
        if !settingHeaders.isEmpty { arguments.append("settingHeaders: \(settingHeaders.swiftSource)") }
        if !headers.isEmpty { arguments.append("headers: \(headers.swiftSource)") }
        if let body { arguments.append("body: \(body.map(Int.init).swiftSource)") }
        return "RequestCase(\n    " + arguments.joined(separator: ",\n    ") + ")"
    }
}

/// Generators of request cases.
enum RequestGen {
    static let cases: Gen<RequestCase> = Gen { source in
        RequestCase(
            base: base.run(source), path: path.run(source),
            query: Gen<EncoderCase>.oneOf(Array(QueryGen.cases.prefix(8))).optional(nilProbability: 0.5).run(source),
            method: method.run(source), settingHeaders: headerDictionary.run(source),
            headers: headerDictionary.run(source),
            body: Gen<UInt8>.anyInteger.array(averageLength: 6).optional(nilProbability: 0.6).run(source))
    }

    /// Requests that build, with what the cURL rendering shows made hostile for a shell: quotes (also
    /// followed by combining marks), `$( )`, backticks, `!`, backslashes, spaces and controls in the path,
    /// the header values and a text body; binary bodies.
    static let curlCases: Gen<RequestCase> = Gen { source in
        let method = RequestGen.method.run(source)
        let allowsBody = method != "GET" && method != "HEAD"
        let path = pathToken.array(averageLength: 4, maximumLength: 16).run(source).joined()
        let name: Gen<String> = .element(of: ["Accept", "X-Trace", "Authorization", "x", "X-A!#$%&'*+-.^_`|~"])
        let value: Gen<String> = .frequency([(3, headerValue), (2, shellText)])
        let body: Gen<[UInt8]> = .frequency([
            (3, Gen<UInt8>.anyInteger.array(averageLength: 8)), (1, Gen<[UInt8]>.validUTF8),
            (1, shellText.map { Array($0.utf8) }),
        ])
        return RequestCase(
            base: Gen<String>.element(of: ["https://api.example.com", "http://127.0.0.1:8080/api/"]).run(source),
            path: withoutRefusedBytes(path), query: nil, method: method,
            headers: Gen<[String: String]>.dictionary(keys: name, values: value.map(withoutRefusedBytes)).run(source),
            body: allowsBody ? body.optional(nilProbability: 0.3).run(source) : nil)
    }

    /// Text a shell reads specially.
    static let shellText: Gen<String> = Gen<String>.element(of: [
        "'", "it's", "'\u{301}", "a'\u{300}b", "''", "\\'", "$(id)", "`id`", "!", "\\", "\"", "a b", "*", "~",
        "'; echo injected; '", "'\u{301}; echo injected; echo '",
    ]).array(averageLength: 2, minimumLength: 1, maximumLength: 4).map { $0.joined() }

    /// `text` without `#` and `.` (which a path may not hold as a segment) and CR, LF and NUL (which a
    /// header value may not hold), so the request builds.
    static func withoutRefusedBytes(_ text: String) -> String {
        String(decoding: text.utf8.filter { !"#.\r\n\0".utf8.contains($0) }, as: UTF8.self)
    }

    // MARK: Hosts

    /// Base URL text: mostly valid http(s) URLs with hosts, ports and base paths of every kind, and now
    /// and then a scheme, user info, query, fragment, port or dot segment that must be refused, or text
    /// that is no URL at all.
    static let base: Gen<String> = Gen { source in
        let scheme = Gen<String>.frequency([
            (8, .element(of: ["https", "http"])), (2, .element(of: ["HTTPS", "Http"])),
            (1, .element(of: ["ftp", "file", "mailto", ""])),
        ]).run(source)
        let user = Gen<String>.frequency([(12, .constant("")), (1, .element(of: ["user@", "user:pw@", "@"]))])
            .run(source)
        let host = Gen<String>.frequency([
            (8, .element(of: ["api.example.com", "127.0.0.1", "[::1]", "EXAMPLE.com", "localhost", "a-b.c"])),
            (2, .element(of: ["xn--bcher-kva.example", "h%41st", "exa_mple", "", "ex ample.com", "[::1", "a%zz"])),
        ]).run(source)
        let port = Gen<String>.frequency([
            (6, .constant("")), (3, .element(of: [":8080", ":1", ":65535", ":443"])),
            (1, .element(of: [":0", ":65536", ":99999", ":", ":x"])),
        ]).run(source)
        let basePath = Gen<String>.frequency([
            (4, .element(of: ["", "/", "/api", "/api/", "/v1/users", "/a%20b", "/caf%C3%A9/", "/a;b=c/", "/@x:y/"])),
            (2, segmentText.array(averageLength: 1.5, maximumLength: 4).map { "/" + $0.joined(separator: "/") }),
            (1, .element(of: ["/%2E%2E/x", "/a/../b", "/./x", "/x/%2e", "/a//b", "/a?q=1", "/a#f"])),
        ]).run(source)
        return scheme + (scheme.isEmpty ? "" : "://") + user + host + port + basePath
    }

    /// One segment of a base path: hostile text, escaped as valid URL text.
    static let segmentText: Gen<String> = Gen<String>.hostileString(averageLength: 4).map { text in
        String(decoding: ReferenceEscaping.escape(Array(text.utf8), spaceAsPlus: false), as: UTF8.self)
    }

    /// Base URLs whose host is arbitrary text: percent-escapes of any byte (so often not UTF-8), non-ASCII
    /// text, delimiters and hostile text, with a path that tries to name another host (issue 14).
    static let hostHijackCases: Gen<RequestCase> = Gen { source in
        let escape: Gen<String> = Gen<UInt8>.anyInteger.map { byte in
            let digits = Array("0123456789ABCDEF")
            return "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
        }
        let piece: Gen<String> = .frequency([
            (4, .element(of: ["api", "example", "com", ".", "-", "a", "acme", "0", "_"])), (4, escape),
            (2, .hostileString(averageLength: 2)),
            (
                2,
                .element(of: [
                    "\u{E9}", "\u{30E6}", "\u{1F600}", "\u{FF0F}", "\u{3002}", "%", "%zz", "@", ":", "[", "]", "/",
                    "\\", "#", "?", " ", "%2F", "%40", "%3A", "%00", "%C3%A9", "%E3%83%A6",
                ])
            ),
        ])
        let host = piece.array(averageLength: 4, minimumLength: 1, maximumLength: 10).run(source).joined()
        let scheme = Gen<String>.element(of: ["https://", "http://", "HTTPS://"]).run(source)
        let port = Gen<String>.frequency([(4, .constant("")), (1, .element(of: [":8080", ":443", ":1"]))]).run(source)
        let basePath = Gen<String>.element(of: ["", "/", "/v1", "/api/"]).run(source)
        let path = Gen<String>.element(of: [
            "//evil.com/x", "/users", "@evil.com", ":443@evil.com/", "\\\\evil.com/x", "/%2e%2e/x", "", "//", "?x=1",
            "//evil.com:80", "/\u{FF0F}\u{FF0F}evil.com",
        ]).run(source)
        return RequestCase(base: scheme + host + port + basePath, path: path, query: nil)
    }

    // MARK: Paths

    /// Paths built from hostile tokens (slashes, dots, escapes valid and not, `?`, `#`, controls,
    /// non-ASCII) and hostile text, sometimes with a fixed query after `?`.
    static let path: Gen<String> = Gen { source in
        let tokens = pathToken.array(averageLength: 4, maximumLength: 16).run(source)
        return tokens.joined()
    }

    static let pathToken: Gen<String> = .frequency([
        (12, .element(of: ["/", "users", "v1", "x", "a", "42", "evil.com", "~", "-", "_"])),
        (
            6,
            .element(of: [
                "//", "%", "%2F", "%25", "%zz", "%4", "?", "@", ":", "\\", " ", "\t", "\u{7F}", "\u{E9}", "\u{30E6}",
                "\u{1F600}", "\u{FEFF}", "&", "=", "+", ";", "[", "]", "'", "\"", "%00", "\r", "\n", "\0", "?a=1&b",
                "?q=%zz", "?x=%2B",
            ])
        ),
        (1, .element(of: [".", "..", "%2E", "%2e", "#", "/./", "/../", "/%2E%2e/"])),
        (3, Gen<String>.hostileString(averageLength: 3)),
    ])

    // MARK: Methods, headers

    static let method: Gen<String> = .frequency([
        (4, .constant("GET")), (4, .element(of: ["POST", "PUT", "PATCH", "DELETE"])), (1, .constant("HEAD")),
    ])

    /// Header names: tokens (with every special character a token may hold, and names that differ only
    /// in case), and names that are no tokens.
    static let headerName: Gen<String> = .frequency([
        (
            10,
            .element(of: [
                "Accept", "X-Trace", "Content-Type", "content-type", "Authorization", "x", "X-A!#$%&'*+-.^_`|~",
                "Cache-Control", "X-Empty", "If-None-Match",
            ])
        ),
        (1, .element(of: ["", "X Trace", "X:Y", "\u{DC}n\u{EF}", "X\r\nY", "(x)", "a/b", "\"q\"", "X\0Y"])),
    ])

    /// Header values: hostile text (with CR, LF and NUL now and then), empty, padded with spaces.
    static let headerValue: Gen<String> = .frequency([
        (6, .hostileString(troublemakerProbability: 0.05)),
        (2, .element(of: ["", " padded ", "application/json", "Bearer abc.def", "a, b; q=0.5", "\t"])),
    ])

    static let headerDictionary: Gen<[String: String]> = .frequency([
        (2, .constant([:])),
        (3, .dictionary(keys: headerName, values: headerValue, averageCount: 2, maximumCount: 6)),
    ])
}
