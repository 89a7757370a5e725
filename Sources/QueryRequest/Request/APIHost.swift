import Foundation

/// Where requests are sent: a scheme, an authority and an optional base path.
///
/// A `String` raw-value enum conforms with no code; a value without a scheme means https:
///
/// ```swift
/// enum Hosts: String, APIHost {
///     case production = "api.example.com"            // https://api.example.com
///     case local = "http://127.0.0.1:8080/api"       // scheme, port and base path kept
/// }
/// ```
///
/// A `URL` is a host too, for a base URL known only at run time (a loopback port, a tenant's server):
/// `URL(string: "http://127.0.0.1:\(port)/api")!`. Any other type conforms by providing ``baseURL``.
///
/// The base URL must be `http` or `https`, have a host name, and carry no user info, query or fragment;
/// otherwise ``Request/makeURLRequest()`` throws ``RequestBuildingError/invalidHost(host:reason:)``.
public protocol APIHost: Sendable {
    /// The URL that every request path is joined to. Throws when the host is not a valid URL.
    var baseURL: URL { get throws }
}

extension APIHost where Self: RawRepresentable, RawValue == String {
    /// The raw value as a URL, `https://` put in front when it names no scheme.
    ///
    /// - Throws: ``RequestBuildingError/invalidHost(host:reason:)`` when the raw value is no URL.
    public var baseURL: URL {
        get throws {
            // Parsed once per raw value: the URL depends on the text alone (see `BoundedCache`).
            if let url = rawValueURLs.value(for: rawValue) { return url }
            // Searched as bytes, as every piece of URL text here: characters can merge with what follows.
            let hasScheme = Array(rawValue.utf8).firstRange(of: Array("://".utf8)) != nil
            let text = hasScheme ? rawValue : "https://" + rawValue
            guard let url = URL(string: text) else {
                throw RequestBuildingError.invalidHost(
                    host: String(reflecting: self), reason: "\"\(rawValue)\" is not a URL")
            }
            rawValueURLs.store(url, for: rawValue)
            return url
        }
    }
}

/// The base URLs of raw-value hosts, by raw value: `URL(string:)` costs more than the rest of a request's
/// URL, and a raw value always parses to the same URL.
private let rawValueURLs = BoundedCache<String, URL>(capacity: 64)

extension URL: APIHost {
    /// The URL itself.
    public var baseURL: URL { self }
}
