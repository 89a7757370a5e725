import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Signs each attempt with your own function, given the request in a canonical form.
///
/// The library has no cryptography of its own: `sign` receives a ``CanonicalRequest`` and returns the
/// headers to add (a signature, a key id…), computed with whatever your app uses (CryptoKit,
/// swift-crypto, a platform API):
///
/// ```swift
/// let signing = RequestSigningMiddleware(signedHeaders: ["host", "x-date"]) { canonical in
///     let signature = hmacSHA256Hex(key: secret, message: canonical.text + "\n" + sha256Hex(canonical.body))
///     return ["X-Signature": "keyId=\"app\",signature=\"\(signature)\""]
/// }
/// let client = APIClient(middleware: [DateHeader(), signing])
/// ```
///
/// Middleware before this one (such as one setting `X-Date`) have run when it signs; a signed header the
/// request does not carry fails with
/// ``AuthorizationError/unsendableCredential(middleware:reason:)``, as does a header `sign`
/// returns that cannot be sent. Each attempt (each retry too) is signed again.
public struct RequestSigningMiddleware: AuthorizationMiddleware {
    /// A request in the form a signature is computed over.
    ///
    /// Its ``text`` is these lines, joined by `\n`:
    ///
    /// | Line | Example | Rule |
    /// |---|---|---|
    /// | method | `POST` | as sent |
    /// | path | `/v1/users/a%20b` | percent-encoded as sent; `/` when empty |
    /// | query | `a=1&b=x%2Fy&b=z` | the query's pairs as sent, sorted by name then value (byte order) |
    /// | one line per signed header | `host:api.example.com` | the name in lower case, `:`, the value trimmed |
    /// | signed header names | `host;x-date` | lower case, in the order given, joined by `;` |
    ///
    /// The body is not in the text: ``body`` is the digest input, to hash as your scheme requires.
    public struct CanonicalRequest: Sendable, Hashable {
        /// The method, such as `GET`.
        public let method: String
        /// The percent-encoded path as sent; `/` when the URL has none.
        public let path: String
        /// The query's `name=value` pairs, percent-encoded as sent, sorted by name then value.
        public let sortedQuery: String
        /// The signed headers, names in lower case, values trimmed of spaces and tabs, in the order given.
        public let headers: [SignedHeader]
        /// The body as sent (empty for none): the input of your body digest.
        public let body: Data

        /// The canonical text: method, path, sorted query, headers and signed header names, one per line.
        public var text: String {
            var lines = [method, path, sortedQuery]
            lines += headers.map { "\($0.name):\($0.value)" }
            lines.append(headers.map(\.name).joined(separator: ";"))
            return lines.joined(separator: "\n")
        }
    }

    /// One signed header of a ``CanonicalRequest``.
    public struct SignedHeader: Sendable, Hashable {
        /// The name, in lower case.
        public let name: String
        /// The value, trimmed of leading and trailing spaces and tabs.
        public let value: String
    }

    /// The names of the headers to sign, in order; `host` is the URL's authority.
    public let signedHeaders: [String]
    /// Which requests are signed.
    public let scope: AuthorizationScope
    private let sign: @Sendable (CanonicalRequest) async throws -> [String: String]

    /// Creates a middleware that signs requests with `sign`.
    ///
    /// - Parameters:
    ///   - signedHeaders: The headers whose values the signature covers (`host` names the URL's
    ///     authority); each must be on the request when it is signed.
    ///   - scope: Which requests are signed: by default those whose setting has
    ///     ``APISetting/requiresAuthorization``.
    ///   - sign: Computes the headers to add from the canonical request.
    public init(
        signedHeaders: [String], scope: AuthorizationScope = .requestsRequiringAuthorization,
        sign: @escaping @Sendable (CanonicalRequest) async throws -> [String: String]
    ) {
        self.signedHeaders = signedHeaders
        self.scope = scope
        self.sign = sign
    }

    /// The canonical form of `request`, as ``intercept(_:context:next:)`` passes it to `sign`.
    public func canonicalRequest(for request: URLRequest) throws(APIError) -> CanonicalRequest {
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw problem("the request has no URL")
        }
        guard request.httpBodyStream == nil else {
            throw problem("the body is a stream, whose bytes cannot be read for a signature before sending")
        }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let pairs = (components.percentEncodedQuery ?? "").split(separator: "&", omittingEmptySubsequences: true)
            .map { pair -> (name: Substring, value: Substring) in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }
            .sorted { lhs, rhs in
                lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
                    || (lhs.name == rhs.name && lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8))
            }
        let sortedQuery = pairs.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        var headers: [SignedHeader] = []
        for name in signedHeaders {
            let lowercased = name.lowercased()
            let value: String?
            if lowercased == "host" {
                value = components.percentEncodedHost.map { host in components.port.map { "\(host):\($0)" } ?? host }
            } else {
                value = request.value(forHTTPHeaderField: name)
            }
            guard let value else { throw problem("the signed header \"\(name)\" is not on the request") }
            headers.append(
                SignedHeader(name: lowercased, value: value.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))))
        }
        return CanonicalRequest(
            method: request.httpMethod ?? "GET", path: path, sortedQuery: sortedQuery, headers: headers,
            body: request.httpBody ?? Data())
    }

    /// Signs the request, adds the headers `sign` returned, and sends it.
    public func intercept(
        _ request: URLRequest, context: MiddlewareContext, next: (URLRequest) async throws -> ClientResponse
    ) async throws -> ClientResponse {
        guard scope.includes(context.setting) else { return try await next(request) }
        let canonical = try canonicalRequest(for: request)
        let added: [String: String]
        do {
            added = try await sign(canonical)
        } catch {
            if error is CancellationError || Task.isCancelled { throw APIError.cancelled }
            throw APIError.authorization(error)
        }
        var request = request
        for (name, value) in added.sorted(by: { $0.key < $1.key }) {
            guard HTTPGrammar.isToken(name), isSendableCredential(value) else {
                throw problem("the signing function returned header \"\(name)\" with a value that cannot be sent")
            }
            request.setValue(value, forHTTPHeaderField: name)
        }
        return try await next(request)
    }

    private func problem(_ reason: String) -> APIError {
        .authorization(
            AuthorizationError.unsendableCredential(middleware: "RequestSigningMiddleware", reason: reason))
    }
}
