import Foundation
import PropertyHarness
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request carrying secrets where ``Redaction`` must hide them: headers named by the default set or by
/// the user (in any case), query parameters named by the user (in any case, sometimes percent-encoded),
/// and a URL password; beside them, plain headers and parameters that must stay as they are.
struct RedactionCase: SwiftSourceConvertible {
    /// A secret: a name, and a value whose `core` (24 random letters and digits) appears raw in any
    /// spelling of the value, so a substring search for the core finds any leak of it.
    struct Secret {
        var name: String
        var prefix: String
        var core: String
        var value: String { prefix + core }
    }

    var secretHeaders: [Secret]
    var plainHeaders: [(name: String, value: String)]
    var secretQuery: [Secret]
    var plainQuery: [(name: String, value: String)]
    /// The query names the user configures, in another case than the request's.
    var configuredHeaderNames: [String]
    var configuredQueryNames: [String]
    var password: String?
    /// Whether the secret query names are written percent-encoded (`%61pi_key`) in the URL.
    var encodesNames: Bool

    var redaction: Redaction {
        var redaction = Redaction.default
        for name in configuredHeaderNames { redaction = redaction.redactingHeaders(name) }
        for name in configuredQueryNames { redaction = redaction.redactingQueryParameters(name) }
        return redaction
    }

    var secretCores: [String] { (secretHeaders + secretQuery).map(\.core) + (password.map { [$0] } ?? []) }

    func urlRequest() throws -> URLRequest {
        var components = URLComponents()
        components.scheme = "https"
        components.host = "api.example.com"
        components.path = "/v1/items"
        if let password {
            components.user = "ann"
            components.password = password
        }
        var items = plainQuery.map { URLQueryItem(name: $0.name, value: $0.value) }
        for (index, secret) in secretQuery.enumerated() {
            items.insert(URLQueryItem(name: secret.name, value: secret.value), at: index % (items.count + 1))
        }
        components.queryItems = items.isEmpty ? nil : items
        guard var text = components.url?.absoluteString else { throw PropertyFailure("no URL for \(swiftSource)") }
        if encodesNames {
            // Spell each secret name's first letter as an escape: the server reads the same name.
            for secret in secretQuery {
                let first = secret.name.unicodeScalars.first!
                let escaped = "%" + String(first.value, radix: 16, uppercase: true)
                text = text.replacingOccurrences(
                    of: "?\(secret.name)=", with: "?\(escaped)\(secret.name.dropFirst())=")
                text = text.replacingOccurrences(
                    of: "&\(secret.name)=", with: "&\(escaped)\(secret.name.dropFirst())=")
            }
        }
        guard let url = URL(string: text) else { throw PropertyFailure("no URL for \(text.swiftSource)") }
        var request = URLRequest(url: url)
        for header in plainHeaders { request.setValue(header.value, forHTTPHeaderField: header.name) }
        for secret in secretHeaders { request.setValue(secret.value, forHTTPHeaderField: secret.name) }
        return request
    }

    var swiftSource: String {
        func secrets(_ list: [Secret]) -> String {
            "[" + list.map { "(\($0.name.swiftSource), \($0.value.swiftSource))" }.joined(separator: ", ") + "]"
        }
        func pairs(_ list: [(name: String, value: String)]) -> String {
            "[" + list.map { "(\($0.name.swiftSource), \($0.value.swiftSource))" }.joined(separator: ", ") + "]"
        }
        return """
            RedactionCase(secretHeaders: \(secrets(secretHeaders)), plainHeaders: \(pairs(plainHeaders)), \
            secretQuery: \(secrets(secretQuery)), plainQuery: \(pairs(plainQuery)), \
            configuredHeaderNames: \(configuredHeaderNames), configuredQueryNames: \(configuredQueryNames), \
            password: \(password?.swiftSource ?? "nil"), encodesNames: \(encodesNames))
            """
    }
}

enum RedactionGen {
    static let alphanumerics = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".unicodeScalars)

    /// 24 random letters and digits: a chance collision with other text is out of the question.
    static let core: Gen<String> = Gen<Unicode.Scalar>.element(of: alphanumerics).array(count: 24).map {
        var text = ""
        text.unicodeScalars.append(contentsOf: $0)
        return text
    }

    /// What comes before the core in a value: nothing, a scheme word, or characters that a URL escapes.
    static let prefix: Gen<String> = .frequency([
        (3, .constant("")), (2, .element(of: ["Bearer ", "Basic ", "session=", "k="])),
        (2, .element(of: ["&", "=", "#", " ", "+", "%", ";x=", "\u{E9}", "a/b?c", "'\""])),
    ])

    /// `name` with each letter's case flipped at random.
    static func anyCase(_ name: String) -> Gen<String> {
        Gen<Bool>.bool.array(count: name.count).map { flips in
            String(zip(name, flips).map { $1 ? Character($0.uppercased()) : Character($0.lowercased()) })
        }
    }

    /// A header or query name the user redacts: a common one, or a random identifier.
    static let userName: Gen<String> = .frequency([
        (1, .element(of: ["X-Api-Key", "X-Auth-Token", "api_key", "access_token", "sig"])),
        (2, Gen<String>.identifier(averageLength: 8).map { "s" + $0 }),
    ])

    static let cases: Gen<RedactionCase> = Gen { source in
        let defaultSecrets = Gen<Int>.int(in: 0...3).run(source)
        let userHeaders = Gen<Int>.int(in: 0...2).run(source)
        let userQueries = Gen<Int>.int(in: 0...3).run(source)
        var usedNames = Set<String>()
        func fresh(_ gen: Gen<String>) -> String {
            for _ in 0..<8 {
                let name = gen.run(source)
                if usedNames.insert(name.lowercased()).inserted { return name }
            }
            let name = "n\(usedNames.count)"
            usedNames.insert(name)
            return name
        }
        var secretHeaders: [RedactionCase.Secret] = []
        var configuredHeaders: [String] = []
        var defaultNames = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"]
        for _ in 0..<defaultSecrets {
            let name = defaultNames.remove(at: Gen<Int>.int(in: 0...(defaultNames.count - 1)).run(source))
            usedNames.insert(name.lowercased())
            secretHeaders.append(
                .init(name: anyCase(name).run(source), prefix: prefix.run(source), core: core.run(source)))
        }
        for _ in 0..<userHeaders {
            let name = fresh(userName.map { $0.replacingOccurrences(of: "_", with: "-") })
            configuredHeaders.append(anyCase(name).run(source))
            secretHeaders.append(
                .init(name: anyCase(name).run(source), prefix: prefix.run(source), core: core.run(source)))
        }
        var secretQuery: [RedactionCase.Secret] = []
        var configuredQueries: [String] = []
        for _ in 0..<userQueries {
            let name = fresh(userName)
            configuredQueries.append(anyCase(name).run(source))
            secretQuery.append(
                .init(name: anyCase(name).run(source), prefix: prefix.run(source), core: core.run(source)))
        }
        let plainValue = Gen<String>.hostileString().map { value in
            // URLRequest silently drops a header value with CR, LF or NUL: such a header is not sent at all.
            String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" })
        }
        let plainHeaders = (0..<Gen<Int>.int(in: 0...3).run(source)).map { _ in
            (name: fresh(Gen<String>.identifier().map { "X-Plain-" + $0 }), value: plainValue.run(source))
        }
        let plainQuery = (0..<Gen<Int>.int(in: 0...3).run(source)).map { _ in
            (
                name: fresh(Gen<String>.identifier().map { "plain_" + $0 }),
                value: Gen<String>.hostileString().run(source)
            )
        }
        let password = Gen<Bool>.bool(probability: 0.3).run(source) ? core.run(source) : nil
        return RedactionCase(
            secretHeaders: secretHeaders, plainHeaders: plainHeaders, secretQuery: secretQuery, plainQuery: plainQuery,
            configuredHeaderNames: configuredHeaders, configuredQueryNames: configuredQueries, password: password,
            encodesNames: Gen<Bool>.bool(probability: 0.3).run(source))
    }
}

@Suite(.timeLimit(.minutes(20))) struct RedactionProperties {
    /// No redacted secret appears in the redacted request (URL, headers) nor in its `curl` command, while
    /// every plain header and query parameter is kept as it was.
    @Test func noRedactedSecretLeaks() async {
        var property = Property(
            "no redacted secret leaks into a cURL command or a redacted request", RedactionGen.cases
        ) {
            try $0.checkRedaction()
        }
        property.classify = { redactionCase in
            var labels: [String] = []
            if !redactionCase.secretHeaders.isEmpty { labels.append("secret header") }
            if !redactionCase.secretQuery.isEmpty { labels.append("secret query parameter") }
            if redactionCase.password != nil { labels.append("URL password") }
            if redactionCase.encodesNames && !redactionCase.secretQuery.isEmpty { labels.append("escaped query name") }
            if redactionCase.secretQuery.contains(where: { !$0.prefix.isEmpty }) {
                labels.append("query value with a prefix")
            }
            return labels
        }
        // Each floor: its label's rate over 100,000 cases and the probability that a correct generator
        // misses it at the run's count (extending the run) and at the extended count (failing it).
        property.coverage = [
            // rate 93.1 %; miss 2.3e-60 at 200, < 1e-300 at 3,200
            .atLeast(0.5, "secret header"),
            // rate 77.5 %; miss 2.8e-17 at 200, 7.7e-242 at 3,200
            .atLeast(0.5, "secret query parameter"),
            // rate 29.9 %; miss 6.8e-07 at 200, 4.3e-81 at 3,200
            .atLeast(0.15, "URL password"),
            // rate 23.2 %; miss 9.5e-07 at 200, 1.3e-78 at 3,200
            .atLeast(0.1, "escaped query name"),
            // rate 61.1 %; miss 6.8e-19 at 200, 1.7e-267 at 3,200
            .atLeast(0.3, "query value with a prefix"),
        ]
        await check(property)
    }
}

extension RedactionCase {
    func checkRedaction() throws {
        let request = try urlRequest()
        let redaction = self.redaction
        let redacted = redaction.redactedRequest(request)
        let curl = request.cURLCommand(redacting: redaction)
        let url = redacted.url?.absoluteString ?? ""
        let headerText = (redacted.allHTTPHeaderFields ?? [:]).map { "\($0.key): \($0.value)" }.joined(separator: "\n")
        for core in secretCores {
            try require(!curl.contains(core), "the secret \(core) leaked into \(curl.swiftSource)")
            try require(!url.contains(core), "the secret \(core) leaked into the URL \(url.swiftSource)")
            try require(
                !headerText.contains(core), "the secret \(core) leaked into the headers \(headerText.swiftSource)")
        }
        // The default property redacts the default headers whatever the user configured.
        for secret in secretHeaders where Redaction.default.redactsHeader(secret.name) {
            try require(!request.cURLCommand.contains(secret.core), "cURLCommand leaked \(secret.name)")
        }
        for secret in secretHeaders {
            try requireEqual(
                redacted.value(forHTTPHeaderField: secret.name), Redaction.placeholder, "the value of \(secret.name)")
        }
        // Nothing else changed: plain headers and parameters, the path and the host.
        for header in plainHeaders {
            try requireEqual(
                redacted.value(forHTTPHeaderField: header.name), request.value(forHTTPHeaderField: header.name),
                "the plain header \(header.name)")
        }
        let original = URLComponents(url: try require(request.url), resolvingAgainstBaseURL: false)
        let after = URLComponents(url: try require(redacted.url), resolvingAgainstBaseURL: false)
        try requireEqual(after?.host, original?.host, "the host")
        try requireEqual(after?.percentEncodedPath, original?.percentEncodedPath, "the path")
        let plainNames = Set(plainQuery.map(\.name))
        try requireEqual(
            after?.percentEncodedQueryItems?.filter { plainNames.contains($0.name) },
            original?.percentEncodedQueryItems?.filter { plainNames.contains($0.name) }, "the plain query items")
        try requireEqual(
            after?.percentEncodedQueryItems?.count, original?.percentEncodedQueryItems?.count, "the query item count")
        try requireEqual(after?.user, original?.user, "the user name")
    }
}

/// `value`, or a failure naming what was missing.
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw PropertyFailure("an unexpected nil") }
    return value
}
