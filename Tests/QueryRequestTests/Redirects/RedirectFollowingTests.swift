import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request of any method to `https://api.example.com<path>`, with an optional JSON body, decoded as nothing.
struct RedirectedRequest: Request {
    var method: HTTPMethod = .get
    let host = StubHost.api
    var path = "/start"
    var body: RequestBody? = nil
    var setting: APISetting = .default
    var headers: [String: String] = [:]
}

/// A session that answers every request to a URL in `redirects` (compared without its query, which
/// middleware may add to) with that redirect, and every other one with an empty 200.
func redirectingSession(_ redirects: [String: (status: Int, location: String)]) -> StubNetworkSession {
    StubNetworkSession { request in
        let url = try #require(request.url).absoluteString
        if let redirect = redirects[String(url.prefix { $0 != "?" })] {
            return .init(status: redirect.status, headers: ["Location": redirect.location])
        }
        return .init(status: 200)
    }
}

/// The client follows redirects itself: RFC 9110 §15.4 for methods and bodies, its policy for which ones.
@Suite(.timeLimit(.minutes(5))) struct RedirectFollowingTests {
    static let start = "https://api.example.com/start"

    @Test(arguments: [301, 302, 303, 307, 308])
    func aGetFollowsEveryRedirectStatus(status: Int) async throws {
        let session = redirectingSession([Self.start: (status, "/next?x=1")])
        try await APIClient(session: session).send(RedirectedRequest())
        #expect(session.requests.map { $0.url?.absoluteString } == [Self.start, "https://api.example.com/next?x=1"])
        #expect(session.requests.map(\.httpMethod) == ["GET", "GET"])
    }

    /// POST, PUT and PATCH with a JSON body, through each status: what the second request is.
    @Test(arguments: [
        (301, "POST", "GET", false), (302, "POST", "GET", false), (303, "POST", "GET", false),
        (307, "POST", "POST", true), (308, "POST", "POST", true),
        (301, "PUT", "PUT", true), (302, "PUT", "PUT", true), (303, "PUT", "GET", false),
        (307, "PUT", "PUT", true), (308, "PUT", "PUT", true),
        (301, "PATCH", "PATCH", true), (302, "PATCH", "PATCH", true), (303, "PATCH", "GET", false),
        (307, "PATCH", "PATCH", true), (308, "PATCH", "PATCH", true),
        (303, "DELETE", "GET", false), (303, "HEAD", "HEAD", false),
    ])
    func theMethodAndBodyFollowTheStatus(status: Int, method: String, expectedMethod: String, keepsBody: Bool)
        async throws
    {
        let session = redirectingSession([Self.start: (status, "https://api.example.com/next")])
        let body = HTTPMethod(rawValue: method).rawValue == "HEAD" ? nil : RequestBody.json(["name": "Ada"])
        try await APIClient(session: session).send(
            RedirectedRequest(method: HTTPMethod(rawValue: method), body: body, headers: ["Content-Language": "en"]))
        let second = try #require(session.requests.last)
        #expect(second.httpMethod == expectedMethod)
        if method == "HEAD" {
            #expect(second.httpBody == nil, "a HEAD has no body to keep or drop")
        } else if keepsBody {
            #expect(second.httpBody == Data(#"{"name":"Ada"}"#.utf8))
            #expect(second.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(second.value(forHTTPHeaderField: "Content-Language") == "en")
        } else {
            #expect(second.httpBody == nil && second.httpBodyStream == nil)
            #expect(second.value(forHTTPHeaderField: "Content-Type") == nil, "a dropped body takes its headers")
            #expect(second.value(forHTTPHeaderField: "Content-Language") == nil)
        }
    }

    @Test func aStreamedBodyIsMadeAgainForA307() async throws {
        let made = Locked(0)
        let session = redirectingSession([Self.start: (307, "/next")])
        let request = RedirectedRequest(
            method: .post,
            body: .stream(contentType: "text/plain", length: 5) {
                made.update { $0 += 1 }
                return [Data("hello".utf8)].async
            })
        // A stub reads no stream: read each one here, as a server would.
        let bodies = Locked<[Data]>([])
        let reading = StubNetworkSession { request in
            if request.httpBodyStream != nil {
                let body = try await StreamBodyTests.drain(request.httpBodyStream).data
                bodies.update { $0.append(body) }
            }
            return try await session.reply(to: request)
        }
        try await APIClient(session: reading).send(request)
        #expect(bodies.current == [Data("hello".utf8), Data("hello".utf8)])
        #expect(made.current == 2, "each hop makes the sequence anew")
    }

    @Test func aStreamedBodyTurnedIntoAGetTakesItsFramingAlong() async throws {
        let session = redirectingSession([Self.start: (303, "/next")])
        let request = RedirectedRequest(
            method: .post, body: .stream(contentType: "text/plain", length: 5) { [Data("hello".utf8)].async })
        try await APIClient(session: session).send(request)
        let first = try #require(session.requests.first)
        #expect(first.value(forHTTPHeaderField: "Content-Length") == "5")
        let second = try #require(session.requests.last)
        #expect(second.httpMethod == "GET")
        #expect(second.httpBodyStream == nil)
        #expect(second.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(second.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
    }

    @Test func aRelativeLocationResolvesAgainstTheURLThatAnswered() async throws {
        let session = redirectingSession([
            Self.start: (302, "a/b"), "https://api.example.com/a/b": (302, "../c%20d?q=1"),
        ])
        try await APIClient(session: session).send(RedirectedRequest())
        #expect(session.requests.last?.url?.absoluteString == "https://api.example.com/c%20d?q=1")
    }

    @Test func aLocationWithRawSpacesAndNonASCIIIsReadAsBrowsersReadIt() async throws {
        let session = redirectingSession([Self.start: (302, "/files/a b/é")])
        try await APIClient(session: session).send(RedirectedRequest())
        #expect(session.requests.last?.url?.absoluteString == "https://api.example.com/files/a%20b/%C3%A9")
    }

    @Test func aRedirectWithoutLocationIsTheAnswer() async throws {
        let session = StubNetworkSession(.init(status: 302))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session).send(RedirectedRequest())
        }
        guard case .unacceptableStatus(let failure)? = error, failure.statusCode == 302 else {
            Issue.record("expected the 302 itself, got \(String(describing: error))")
            return
        }
        #expect(session.requests.count == 1)
    }

    @Test(arguments: [300, 304, 305, 306])
    func otherThreeHundredsAreNotFollowed(status: Int) async throws {
        let session = StubNetworkSession(.init(status: status, headers: ["Location": "/next"]))
        let client = APIClient(session: session, validation: ResponseValidation(statusCodes: 200..<400))
        try await client.send(RedirectedRequest())
        #expect(session.requests.count == 1)
    }

    @Test(arguments: ["mailto:someone@example.com", "ftp://files.example.com/x", "http://", "data:,hello"])
    func aLocationThatIsNotAnHTTPURLIsAnError(location: String) async throws {
        let session = StubNetworkSession(.init(status: 302, headers: ["Location": location]))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session).send(RedirectedRequest())
        }
        guard case .redirect(.invalidLocation(let text, let response))? = error else {
            Issue.record("expected invalidLocation, got \(String(describing: error))")
            return
        }
        #expect(text == location)
        #expect(response.statusCode == 302)
        #expect(error?.response?.statusCode == 302)
        #expect(session.requests.count == 1)
    }

    // MARK: The limit

    @Test func theDefaultLimitIsTwentyRedirects() async throws {
        // /0 → /1 → … : 20 redirects are followed, the 21st throws.
        let session = StubNetworkSession { request in
            let step = Int(try #require(request.url).lastPathComponent) ?? 0
            return .init(status: 302, headers: ["Location": "/\(step + 1)"])
        }
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session).send(RedirectedRequest(path: "/0"))
        }
        guard case .redirect(.tooManyRedirects(let limit, let response))? = error else {
            Issue.record("expected tooManyRedirects, got \(String(describing: error))")
            return
        }
        #expect(limit == 20 && RedirectPolicy.defaultLimit == 20)
        #expect(response.url?.path == "/20")
        #expect(session.requests.count == 21)
        #expect(error?.description.contains("more than 20 times") == true)
    }

    @Test func aLimitOfItsOwn() async throws {
        let session = redirectingSession([
            Self.start: (302, "/1"), "https://api.example.com/1": (302, "/2"), "https://api.example.com/2": (302, "/3"),
        ])
        try await APIClient(session: session, redirectPolicy: .follow(limit: 3)).send(RedirectedRequest())
        #expect(session.requests.count == 4)
        let limited = APISetting(redirectPolicy: .follow(limit: 2))
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session).send(RedirectedRequest(setting: limited))
        }
        guard case .redirect(.tooManyRedirects(2, _))? = error else {
            Issue.record("expected tooManyRedirects(2), got \(String(describing: error))")
            return
        }
    }

    @Test func aLoopEndsAtTheLimit() async throws {
        let session = redirectingSession([Self.start: (307, "/start")])
        await #expect(throws: APIError.self) {
            try await APIClient(session: session, redirectPolicy: .follow(limit: 5)).send(RedirectedRequest())
        }
        #expect(session.requests.count == 6)
    }

    // MARK: Policies

    @Test func neverLeavesTheRedirectToTheCaller() async throws {
        let session = redirectingSession([Self.start: (301, "/moved")])
        let client = APIClient(session: session, redirectPolicy: .never)
        let error = await #expect(throws: APIError.self) { try await client.send(RedirectedRequest()) }
        guard case .unacceptableStatus(let failure)? = error, failure.statusCode == 301 else {
            Issue.record("expected the 301, got \(String(describing: error))")
            return
        }
        #expect(failure.response.value(forHTTPHeaderField: "Location") == "/moved")
        // Accepted as a status, it is a response like any other.
        let accepting = APISetting(validation: ResponseValidation(statusCodes: 200..<400))
        let answer = try await client.response(for: RedirectedRequest(setting: accepting))
        #expect(answer.statusCode == 301)
        #expect(session.requests.count == 2)
    }

    @Test func aRequestsOwnPolicyWinsOverTheClients() async throws {
        let session = redirectingSession([Self.start: (302, "/next")])
        let client = APIClient(session: session, redirectPolicy: .never)
        try await client.send(RedirectedRequest(setting: APISetting(redirectPolicy: .follow)))
        #expect(session.requests.count == 2)
    }

    @Test func sameOriginFollowsOnlyWithinTheOrigin() async throws {
        // The same origin written another way (host case, the default port), then another origin.
        let session = redirectingSession([
            Self.start: (302, "https://API.example.com:443/inside"),
            "https://API.example.com:443/inside": (302, "https://cdn.example.com/outside"),
        ])
        let client = APIClient(
            session: session, validation: ResponseValidation(statusCodes: 200..<400),
            redirectPolicy: .sameOrigin)
        let response = try await client.response(for: RedirectedRequest())
        #expect(response.statusCode == 302)
        #expect(response.value(forHTTPHeaderField: "Location") == "https://cdn.example.com/outside")
        #expect(session.requests.map { $0.url?.host?.lowercased() } == ["api.example.com", "api.example.com"])
    }

    @Test func aCustomPolicySeesEachHopAndDecides() async throws {
        let session = redirectingSession([
            Self.start: (307, "/second"), "https://api.example.com/second": (302, "https://other.example.com/x"),
        ])
        let hops = Locked<[RedirectHop]>([])
        let policy = RedirectPolicy.custom { hop in
            hops.update { $0.append(hop) }
            return hop.leavesOrigin ? .stop : .follow
        }
        let client = APIClient(
            session: session, validation: ResponseValidation(statusCodes: 200..<400), redirectPolicy: policy)
        let response = try await client.response(
            for: RedirectedRequest(method: .post, body: .json(["a": 1]), headers: ["Authorization": "Bearer s"]))
        #expect(response.statusCode == 302)
        let seen = hops.current
        #expect(seen.map(\.number) == [1, 2])
        #expect(seen.map(\.statusCode) == [307, 302])
        #expect(seen.map(\.from.absoluteString) == [Self.start, "https://api.example.com/second"])
        #expect(seen.map(\.leavesOrigin) == [false, true])
        #expect(seen.map(\.sendsCredentials) == [true, false])
        #expect(seen[0].request.httpMethod == "POST" && seen[0].request.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(seen[1].request.httpMethod == "GET", "302 turns POST into GET")
        #expect(seen[1].request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(seen[1].request.url?.absoluteString == "https://other.example.com/x")
    }

    @Test func aCustomPolicyCanSendARequestOfItsOwn() async throws {
        let session = redirectingSession([Self.start: (302, "/moved")])
        let policy = RedirectPolicy.custom { hop in
            var changed = hop.request
            changed.url = URL(string: "https://api.example.com/chosen")
            changed.setValue("1", forHTTPHeaderField: "X-Redirected")
            return .follow(changed)
        }
        try await APIClient(session: session, redirectPolicy: policy).send(RedirectedRequest())
        let second = try #require(session.requests.last)
        #expect(second.url?.path == "/chosen")
        #expect(second.value(forHTTPHeaderField: "X-Redirected") == "1")
    }

    @Test func aCustomPolicyCannotSendCredentialsElsewhere() async throws {
        let session = redirectingSession([Self.start: (302, "/moved")])
        let policy = RedirectPolicy.custom { hop in
            var changed = hop.request
            changed.url = URL(string: "https://elsewhere.example.com/x")
            return .follow(changed)
        }
        let client = APIClient(session: session, tokenProvider: FixedToken(value: "secret"), redirectPolicy: policy)
        try await client.send(RedirectedRequest(setting: APISetting(requiresAuthorization: true)))
        let second = try #require(session.requests.last)
        #expect(second.url?.host == "elsewhere.example.com")
        #expect(second.value(forHTTPHeaderField: "Authorization") == nil)
    }

    @Test func aCustomPolicyThatThrowsFailsTheRequest() async throws {
        struct Refused: Error {}
        let session = redirectingSession([Self.start: (302, "/moved")])
        let client = APIClient(session: session, redirectPolicy: .custom { _ in throw Refused() })
        let error = await #expect(throws: APIError.self) { try await client.send(RedirectedRequest()) }
        guard case .redirect(.policyFailed(let underlying, let response))? = error else {
            Issue.record("expected policyFailed, got \(String(describing: error))")
            return
        }
        #expect(underlying is Refused)
        #expect(response.statusCode == 302)
    }

    @Test func fromHTTPSToHTTPIsRefusedUnlessAllowed() async throws {
        let session = redirectingSession([Self.start: (301, "http://api.example.com/plain")])
        let error = await #expect(throws: APIError.self) {
            try await APIClient(session: session).send(RedirectedRequest())
        }
        guard case .redirect(.insecureRedirect(let url, let response))? = error else {
            Issue.record("expected insecureRedirect, got \(String(describing: error))")
            return
        }
        #expect(url.absoluteString == "http://api.example.com/plain")
        #expect(response.statusCode == 301)
        #expect(session.requests.count == 1)
        #expect(error?.description.contains("allowingInsecureRedirects()") == true)

        let allowing = APIClient(session: session, redirectPolicy: .follow.allowingInsecureRedirects())
        try await allowing.send(RedirectedRequest())
        #expect(session.requests.last?.url?.absoluteString == "http://api.example.com/plain")
    }

    @Test func policiesCompareByWhatTheyDo() {
        #expect(RedirectPolicy.follow == .follow(limit: 20))
        #expect(RedirectPolicy.follow != .follow(limit: 5))
        #expect(RedirectPolicy.never != .sameOrigin)
        #expect(RedirectPolicy.follow != .follow.allowingInsecureRedirects())
        let custom = RedirectPolicy.custom { _ in .follow }
        #expect(custom == custom)
        #expect(custom != .custom { _ in .follow }, "two closures are two policies")
        #expect(APISetting(redirectPolicy: .never) != APISetting())
    }

    // MARK: What users see of each hop

    @Test func eachHopIsAnAttemptWithItsReason() async throws {
        let session = redirectingSession([
            Self.start: (301, "/a"), "https://api.example.com/a": (307, "/b"),
        ])
        let attempts = Locked<[APIClient.Attempt]>([])
        let lines = Locked<[String]>([])
        let client = APIClient(
            session: session,
            middleware: [
                LoggingMiddleware(destination: .custom { message in lines.update { $0.append(message.text) } })
            ],
            onAttempt: { attempt in attempts.update { $0.append(attempt) } })
        try await client.send(RedirectedRequest())
        #expect(attempts.current.map(\.number) == [1, 2, 3])
        #expect(attempts.current.map(\.reason) == [.first, .redirect(status: 301), .redirect(status: 307)])
        #expect(attempts.current.map(\.statusCode) == [301, 307, 200])
        #expect(attempts.current.map { $0.request.url?.path } == ["/start", "/a", "/b"])
        #expect(lines.current.count == 3)
        #expect(lines.current[1].hasPrefix("GET https://api.example.com/a → 307"))
        #expect(lines.current[1].hasSuffix("attempt 2, redirect after status 301)"))
    }

    @Test func eachHopIsAnEntryOfTheRecording() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let session = redirectingSession([Self.start: (302, "/next")])
        let recorder = try HARRecordingSession(wrapping: session, to: file)
        try await APIClient(session: recorder).send(RedirectedRequest())
        let archive = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let entries = try #require((archive["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        let responses = entries.compactMap { $0["response"] as? [String: Any] }
        let requests = entries.compactMap { $0["request"] as? [String: Any] }
        #expect(responses.compactMap { $0["status"] as? Int } == [302, 200])
        #expect(requests.compactMap { $0["url"] as? String } == [Self.start, "https://api.example.com/next"])
        #expect(responses.first?["redirectURL"] as? String == "/next")

        // Replayed, the client follows the recorded redirect again.
        let replay = try HARReplaySession(contentsOf: file)
        try await APIClient(session: replay).send(RedirectedRequest())
        #expect(replay.unreplayed.isEmpty)
    }

    @Test func aRetryStartsAgainFromTheRequestItself() async throws {
        let answers = Locked<[String: [StubNetworkSession.Reply]]>([
            Self.start: [.init(status: 302, headers: ["Location": "/next"])],
            "https://api.example.com/next": [.init(status: 503), .init(status: 200)],
        ])
        let session = StubNetworkSession { request in
            let url = try #require(request.url).absoluteString
            return answers.update { replies in
                let all = replies[url] ?? [.init(status: 404)]
                if all.count > 1 { replies[url] = Array(all.dropFirst()) }
                return all[0]
            }
        }
        let client = APIClient(session: session, backoff: recordingBackoff(into: Locked([])))
        try await client.send(RedirectedRequest(setting: APISetting(retryPolicy: RetryPolicy(maximumRetries: 1))))
        #expect(session.requests.map { $0.url?.path } == ["/start", "/next", "/start", "/next"])
    }

    @Test func aRedirectAMiddlewareAnswersWithIsFollowedLikeTheServers() async throws {
        // A cache that answers with a stored 301, say.
        let session = StubNetworkSession(.json(#"{"id": 1, "name": "Ada"}"#))
        let cache = ClosureMiddleware { request, _, next in
            guard request.url?.path == "/users/42" else { return try await next(request) }
            let moved = httpResponse(301, url: request.url, headers: ["Location": "/users/v2/42"])
            return ClientResponse(response: moved, body: Data())
        }
        let member = try await APIClient(session: session, middleware: [cache]).send(GetMember())
        #expect(member.name == "Ada")
        #expect(session.requests.map { $0.url?.path } == ["/users/v2/42"])
    }

    // MARK: A session that follows redirects itself

    @Test func aSessionThatFollowsItselfIsRefusedUnderAPolicyOfTheUsers() async throws {
        // What a URLSession with a delegate of its own, or an HTTPClient that follows redirects, answers.
        let following = StubNetworkSession { _ in .init(status: 200) }
        let moved = MovedSession(base: following, to: URL(string: "https://cdn.example.com/final")!)
        try await APIClient(session: moved).send(RedirectedRequest())  // the default policy lets it be

        let client = APIClient(session: moved, redirectPolicy: .never)
        let error = await #expect(throws: APIError.self) { try await client.send(RedirectedRequest()) }
        guard case .redirect(.followedBySession(let requested, let answered))? = error else {
            Issue.record("expected followedBySession, got \(String(describing: error))")
            return
        }
        #expect(requested.absoluteString == Self.start)
        #expect(answered.absoluteString == "https://cdn.example.com/final")
        #expect(error?.description.contains("redirectConfiguration: .disallow") == true)
    }
}

/// A session whose responses come from `url`, as if it had followed a redirect there.
struct MovedSession: NetworkSession {
    let base: any NetworkSession
    let to: URL

    func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        let (body, response) = try await base.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        return (body, HTTPURLResponse(url: to, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])!)
    }
}

extension Array where Element: Sendable {
    /// The elements as an `AsyncSequence`.
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}

extension NetworkSession {
    /// The session's answer to `request`, as a stub's reply.
    func reply(to request: URLRequest) async throws -> StubNetworkSession.Reply {
        let (body, response) = try await data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields { headers["\(name)"] = "\(value)" }
        return .init(status: http.statusCode, headers: headers, body: body)
    }
}
