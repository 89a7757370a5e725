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
/// Any other type conforms by providing ``baseURL``.
public protocol APIHost: Sendable {
    /// The URL that every request path is joined to. Throws when the host is not a valid URL.
    var baseURL: URL { get throws }
}
