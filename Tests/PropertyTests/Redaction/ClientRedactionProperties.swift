import Foundation
import PropertyHarness
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request sent through a client whose every kind of authorization middleware puts a secret on it, to a
/// session that answers in one of the ways that make the client write text: an error of each kind, a
/// redirect, a success.
struct ClientRedactionCase: SwiftSourceConvertible, Sendable {
    /// How the client puts `Authorization` on the request: a bearer token, or Basic credentials.
    enum Authorization: Sendable {
        case bearer(token: String)
        case basic(user: String, password: String)
    }

    /// What the session answers.
    enum Answer: CaseIterable, Sendable {
        case ok, notFound, wrongMediaType, undecodable, tooLarge, timedOut, redirectLoop, insecureRedirect
        case redirectElsewhere
    }

    var authorization: Authorization
    var keyHeader: (name: String, value: String)
    var keyQuery: (name: String, value: String)
    var signatureHeader: (name: String, value: String)
    /// A query parameter of the request's own that the client's ``Redaction`` names.
    var declaredSecret: (name: String, value: String)
    var answer: Answer

    /// The 24-character core of each secret: any spelling of the secret (raw, percent-encoded) contains it.
    var cores: [String] {
        var cores = [keyHeader.value, keyQuery.value, signatureHeader.value, declaredSecret.value].map(Self.core)
        switch authorization {
        case .bearer(let token): cores.append(Self.core(token))
        case .basic(let user, let password): cores += [Self.core(user), Self.core(password)]
        }
        return cores
    }

    /// What a Basic header carries, base64-encoded: never written out either.
    var basicBase64: String? {
        guard case .basic(let user, let password) = authorization else { return nil }
        return Data(
            "\(user.precomposedStringWithCanonicalMapping):\(password.precomposedStringWithCanonicalMapping)".utf8
        )
        .base64EncodedString()
    }

    static func core(_ secret: String) -> String { String(secret.suffix(24)) }

    var swiftSource: String {
        let authorizationSource: String
        switch authorization {
        case .bearer(let token): authorizationSource = ".bearer(token: \(token.swiftSource))"
        case .basic(let user, let password):
            authorizationSource = ".basic(user: \(user.swiftSource), password: \(password.swiftSource))"
        }
        func pair(_ pair: (name: String, value: String)) -> String {
            "(\(pair.name.swiftSource), \(pair.value.swiftSource))"
        }
        return """
            ClientRedactionCase(authorization: \(authorizationSource), keyHeader: \(pair(keyHeader)), \
            keyQuery: \(pair(keyQuery)), signatureHeader: \(pair(signatureHeader)), \
            declaredSecret: \(pair(declaredSecret)), answer: .\(answer))
            """
    }
}

enum ClientRedactionGen {
    /// A secret: a prefix that a URL or a header writes in some other way, then a 24-character core.
    static let secret: Gen<String> = RedactionGen.prefix.zip(RedactionGen.core).map { $0 + $1 }

    /// A secret that can be sent in a header: no control characters, which `URLRequest` would drop.
    static let headerSecret: Gen<String> = secret.map { String($0.unicodeScalars.filter { $0.value >= 0x20 }) }

    /// Text with characters that Unicode normalisation changes (é written as e + U+0301, Å…), and a core.
    static let decomposable: Gen<String> = Gen<String>.element(of: [
        "", "e\u{301}", "\u{C5}", "A\u{30A}", "\u{1E9B}\u{323}",
    ])
    .zip(RedactionGen.core).map { $0 + $1 }

    static let cases: Gen<ClientRedactionCase> = Gen { source in
        let authorization: ClientRedactionCase.Authorization =
            Gen<Bool>.bool.run(source)
            ? .bearer(token: headerSecret.run(source))
            : .basic(user: decomposable.run(source), password: decomposable.run(source))
        return ClientRedactionCase(
            authorization: authorization,
            keyHeader: ("X-Key-" + Gen<String>.identifier().run(source), headerSecret.run(source)),
            keyQuery: ("key_" + Gen<String>.identifier().run(source), secret.run(source)),
            signatureHeader: ("X-Signature-" + Gen<String>.identifier().run(source), headerSecret.run(source)),
            declaredSecret: ("declared_" + Gen<String>.identifier().run(source), secret.run(source)),
            answer: Gen<ClientRedactionCase.Answer>.element(of: ClientRedactionCase.Answer.allCases).run(source))
    }
}

/// The request of a case: its own query holds the declared secret and a plain parameter.
struct RedactionProbe: Request {
    typealias Response = [String: Int]
    let host = URL(string: "https://api.example.com")!
    let path = "/v1/things"
    let query: [String: String]
    let setting: APISetting
}

extension ClientRedactionCase {
    /// Sends the case's request and returns every text the library wrote about it: the error's description,
    /// each attempt's line and `curl` command, the log lines, and the recorded archive.
    func texts() throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redaction-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder = try HARRecordingSession(wrapping: session(), to: file)
        let log = LockedTexts()
        let attempts = LockedTexts()
        var middleware: [any ClientMiddleware] = []
        var tokenProvider: (any TokenProvider)?
        switch authorization {
        case .bearer(let token): tokenProvider = StaticToken(token: token)
        case .basic(let user, let password):
            middleware.append(BasicAuthorizationMiddleware(username: user, password: password, scope: .everyRequest))
        }
        let signature = signatureHeader
        middleware += [
            APIKeyMiddleware(keyHeader.value, in: .header(keyHeader.name), scope: .everyRequest),
            APIKeyMiddleware(keyQuery.value, in: .queryParameter(keyQuery.name), scope: .everyRequest),
            RequestSigningMiddleware(signedHeaders: ["host"], scope: .everyRequest) { _ in
                [signature.name: signature.value]
            },
            LoggingMiddleware(level: .debug, destination: .custom { log.append($0.text) }),
        ]
        let client = APIClient(
            session: recorder, tokenProvider: tokenProvider, middleware: middleware,
            validation: answer == .wrongMediaType ? ResponseValidation(contentTypes: ["application/json"]) : .default,
            maximumResponseSize: answer == .tooLarge ? 4 : APIClient.defaultMaximumResponseSize,
            redaction: .default.redactingQueryParameters(declaredSecret.name),
            redirectPolicy: .follow(limit: 2),
            onAttempt: { attempt in
                attempts.append(attempt.description)
                attempts.append(attempt.cURLCommand)
            })
        let request = RedactionProbe(
            query: [declaredSecret.name: declaredSecret.value, "page": "2"],
            setting: APISetting(requiresAuthorization: true))
        let errorText: String = try waitingOffThePool {
            do {
                _ = try await client.send(request)
                return ""
            } catch {
                return "\(error)\n\(error.localizedDescription)"
            }
        }
        let archive = try String(contentsOf: file, encoding: .utf8)
        return [errorText] + log.all + attempts.all + [archive]
    }

    /// A session that answers as ``answer`` says.
    func session() -> StubNetworkSession {
        let answer = self.answer
        return StubNetworkSession { request in
            let url = try #require(request.url)
            switch answer {
            case .ok: return .json(#"{"count": 1}"#)
            case .notFound: return .json(#"{"error": "missing"}"#, status: 404)
            case .wrongMediaType:
                return .init(status: 200, headers: ["Content-Type": "text/html"], body: Data("<p>".utf8))
            case .undecodable: return .json(#"["not", "an", "object"]"#)
            case .tooLarge: return .json(#"{"count": 123456789}"#)
            case .timedOut:
                return .failure(URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: url]))
            case .redirectLoop:
                // The same URL, query (and the key in it) included, as `return 302 $request_uri` would.
                return .init(status: 302, headers: ["Location": url.absoluteString])
            case .insecureRedirect:
                return .init(status: 301, headers: ["Location": "http" + url.absoluteString.dropFirst(5)])
            case .redirectElsewhere:
                guard url.host == "api.example.com" else { return .json(#"{"count": 2}"#) }
                return .init(
                    status: 307,
                    headers: ["Location": "https://mirror.example.com" + url.path + "?" + (url.query ?? "")])
            }
        }
    }

    func checkRedaction() throws {
        let texts = try texts().joined(separator: "\n")
        for core in cores where texts.contains(core) {
            throw PropertyFailure("the secret \(core) was written out:\n\(texts)")
        }
        if let base64 = basicBase64, texts.contains(base64) {
            throw PropertyFailure("the Basic credentials \(base64) were written out:\n\(texts)")
        }
    }
}

/// A token provider with one token.
struct StaticToken: TokenProvider {
    let token: String
    func token() async throws -> String { token }
    func refreshToken() async throws -> String { token }
}

/// Texts written from several threads.
final class LockedTexts: @unchecked Sendable {
    // `@unchecked Sendable` is sound: `texts` is only read or written while holding `lock`.
    private let lock = NSLock()
    private var texts: [String] = []
    func append(_ text: String) {
        lock.lock()
        texts.append(text)
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return texts
    }
}

@Suite(.timeLimit(.minutes(20))) struct ClientRedactionProperties {
    /// No secret an authorization middleware put on a request, nor one the client's redaction names,
    /// appears in any text the library writes about the request, whatever happened to it.
    @Test func noSecretIsWrittenOutWhateverHappens() async {
        var property = Property(
            "no secret of a request is written out by the library", ClientRedactionGen.cases
        ) {
            try $0.checkRedaction()
        }
        property.classify = { redactionCase in
            var labels = ["\(redactionCase.answer)"]
            if case .basic = redactionCase.authorization { labels.append("basic") } else { labels.append("bearer") }
            return labels
        }
        // Nine answers drawn evenly, and a coin for the authorization. Over 100,000 cases each answer's rate is
        // 10.9–11.3 % (the least, "redirectLoop"/"timedOut" 10.9 %, misses 2.3e-4 at 200 cases and 2.8e-42 at
        // 3,200); "basic" 49.8 % and "bearer" 50.2 % (misses 1.3e-8 at 200, 1.6e-107 at 3,200).
        property.coverage =
            ClientRedactionCase.Answer.allCases.map { .atLeast(0.04, "\($0)") }
            + [.atLeast(0.3, "basic"), .atLeast(0.3, "bearer")]
        await check(property)
    }
}
