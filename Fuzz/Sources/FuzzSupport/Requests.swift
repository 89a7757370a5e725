import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A host given as text, read by the library's own `RawRepresentable` conformance (which puts
/// `https://` in front of text without a scheme), as `enum Hosts: String, APIHost` would be.
public struct TextHost: APIHost, RawRepresentable {
    /// The base URL text.
    public var rawValue: String
    /// Wraps `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// A request whose every part is stored.
public struct FuzzRequest: Request {
    /// The host.
    public var host: TextHost
    /// The path.
    public var path: String
    /// The method.
    public var method: HTTPMethod
    /// The setting, which carries the setting's headers.
    public var setting: APISetting
    /// The request's headers.
    public var headers: [String: String]
    /// A query of one pair, or none.
    public var query: [String: String]

    /// Stores every part.
    public init(
        host: TextHost, path: String, method: HTTPMethod = .get, setting: APISetting = .default,
        headers: [String: String] = [:], query: [String: String] = [:]
    ) {
        self.host = host
        self.path = path
        self.method = method
        self.setting = setting
        self.headers = headers
        self.query = query
    }
}

/// The checks every built request must pass, whatever it was built from.
public enum RequestOracle {
    /// Builds `request`: a typed error, or a URLRequest that keeps the host's scheme, host, port and base
    /// path, has no dot segment, and whose headers hold no CR, LF or NUL and read back as given.
    /// Returns the built request, or `nil` when building refused.
    @discardableResult
    public static func check(_ request: FuzzRequest) -> URLRequest? {
        let built: URLRequest
        do {
            built = try request.makeURLRequest()
        } catch is RequestBuildingError, is EncodingError {
            return nil
        } catch {
            fuzzFailure("building threw \(String(reflecting: error)), which is not a typed error")
        }
        let context = "host \(String(reflecting: request.host.rawValue)), path \(String(reflecting: request.path))"
        guard let url = built.url, let final = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            fuzzFailure("no URL that URLComponents reads for \(context)")
        }
        checkOrigin(url, final, request, context)
        checkPath(final, context)
        checkHeaders(built, request, context)
        fuzzRequire(built.httpMethod == request.method.rawValue, "the method changed for \(context)")
        return built
    }

    static func checkOrigin(_ url: URL, _ final: URLComponents, _ request: FuzzRequest, _ context: String) {
        // The library accepted the host, so its base URL parses; compare with what Foundation reads in it.
        // Hosts compare decoded: `h%41st` may be written back as `hAst`, `café` as `xn--caf-dma`.
        guard let baseURL = try? request.host.baseURL,
            let base = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        else { fuzzFailure("a request was built from a host whose base URL does not parse: \(context)") }
        fuzzRequire(
            final.scheme == base.scheme?.lowercased(), "the scheme changed: \(url.absoluteString) for \(context)")
        fuzzRequire(
            final.host.map { Array($0.utf8) } == base.host.map { Array($0.utf8) } && url.host != nil,
            "the host changed: \(String(reflecting: url.absoluteString)) for \(context)")
        fuzzRequire(final.port == base.port, "the port changed: \(url.absoluteString) for \(context)")
        fuzzRequire(
            final.percentEncodedUser == nil && final.percentEncodedPassword == nil,
            "user info appeared: \(url.absoluteString) for \(context)")
        fuzzRequire(final.percentEncodedFragment == nil, "a fragment appeared: \(url.absoluteString) for \(context)")
        // The base path, when written as clean URL text, must lead the path.
        let basePath = base.percentEncodedPath
        let isClean = basePath.utf8.allSatisfy { byte in
            byte < 0x80 && byte > 0x20 && !"\"<>\\^`{|}#?[]".utf8.contains(byte)
        }
        if isClean {
            fuzzRequire(
                final.percentEncodedPath.hasPrefix(basePath),
                "the base path \(String(reflecting: basePath)) was lost: \(String(reflecting: url.absoluteString)) for \(context)"
            )
        }
    }

    static func checkPath(_ final: URLComponents, _ context: String) {
        for segment in final.percentEncodedPath.split(separator: "/") {
            let decoded = segment.replacingOccurrences(of: "%2e", with: ".", options: .caseInsensitive)
            fuzzRequire(
                decoded != "." && decoded != "..",
                "a dot segment in \(String(reflecting: final.percentEncodedPath)) for \(context)")
        }
    }

    static func checkHeaders(_ built: URLRequest, _ request: FuzzRequest, _ context: String) {
        let fields = built.allHTTPHeaderFields ?? [:]
        for (name, value) in fields {
            fuzzRequire(
                !(name + value).utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F },
                "a control character in the header \(String(reflecting: name)) for \(context)")
            fuzzRequire(
                !["host", "content-length", "transfer-encoding", "connection"].contains(name.lowercased()),
                "the transport header \(name) was set for \(context)")
        }
        var expected: [String: String] = [:]
        for (name, value) in request.setting.headers { expected[name.lowercased()] = value }
        for (name, value) in request.headers { expected[name.lowercased()] = value }
        for (name, value) in expected {
            let read = built.value(forHTTPHeaderField: name)
            fuzzRequire(
                read.map { Array($0.utf8) } == Array(value.utf8),
                "the header \(String(reflecting: name)) reads back as \(String(reflecting: read)), not \(String(reflecting: value))"
            )
        }
        fuzzRequire(
            fields.count == expected.count, "headers appeared or vanished: \(fields.keys.sorted()) for \(context)")
    }
}
