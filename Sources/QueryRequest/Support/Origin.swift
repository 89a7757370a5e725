import Foundation

/// The scheme, host and port of an `http` or `https` URL, the default port filled in (80, 443) and the
/// scheme and host in lower case: what decides whether two URLs are the same server, for redirects and
/// for pagination links. `https://h` and `https://H:443/x` have the same origin; `http://h` does not.
struct Origin: Hashable, Sendable, CustomStringConvertible {
    let scheme: String
    let host: String
    let port: Int

    /// The origin of `url`; `nil` for a URL that is not `http` or `https` or has no host.
    init?(_ url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.percentEncodedHost?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = components.port ?? (scheme == "https" ? 443 : 80)
    }

    /// Whether the scheme is `https`.
    var isSecure: Bool { scheme == "https" }

    /// `scheme://host:port`.
    var description: String { "\(scheme)://\(host):\(port)" }
}
