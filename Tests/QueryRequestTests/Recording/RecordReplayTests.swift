import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Recording through a ``StubNetworkSession`` and replaying: bodies, matching rules and errors.
@Suite(.timeLimit(.minutes(5))) struct RecordReplayTests {
    private func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).har")
    }

    private func request(_ method: String, _ url: String, body: Data? = nil) throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.httpBody = body
        return request
    }

    @Test func binaryBodiesRoundTripThroughBase64() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let stub = StubNetworkSession(.init(status: 201, headers: ["Content-Type": "image/png"], body: bytes))
        let recorder = try HARRecordingSession(wrapping: stub, to: file)
        let upload = try request("PUT", "https://api.example.com/v1/image#top", body: Data([0xC3, 0x28]))
        _ = try await recorder.data(for: upload)

        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""encoding" : "base64""#))
        #expect(text.contains(#""_encoding" : "base64""#))
        #expect(!text.contains("#top"))

        let replay = try HARReplaySession(contentsOf: file, matching: .methodURLAndBody)
        let (body, response) = try await replay.data(for: upload)
        #expect(body == bytes)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 201)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(http.url == upload.url)
    }

    @Test func cookiesAreListedOnlyWhenTheirHeadersAreNotRedacted() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        var login = try request("GET", "https://ann:pw@api.example.com/me")
        login.setValue("a=1; b=2", forHTTPHeaderField: "Cookie")
        let reply = StubNetworkSession.Reply(headers: ["Set-Cookie": "s=xyz; Path=/; HttpOnly"])
        for redaction in [Redaction.default, .none] {
            _ = try await HARRecordingSession(wrapping: StubNetworkSession(reply), to: file, redaction: redaction)
                .data(for: login)
            let archive = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            let entry = try #require(((archive?["log"] as? [String: Any])?["entries"] as? [[String: Any]])?.first)
            let request = try #require(entry["request"] as? [String: Any])
            let response = try #require(entry["response"] as? [String: Any])
            if redaction == .default {
                #expect(request["cookies"] as? [[String: String]] == [])
                #expect(response["cookies"] as? [[String: String]] == [])
                #expect(request["url"] as? String == "https://ann:REDACTED@api.example.com/me")
            } else {
                #expect(
                    request["cookies"] as? [[String: String]] == [
                        ["name": "a", "value": "1"], ["name": "b", "value": "2"],
                    ])
                #expect(response["cookies"] as? [[String: String]] == [["name": "s", "value": "xyz"]])
                #expect(request["url"] as? String == "https://ann:pw@api.example.com/me")
            }
        }
    }

    @Test func whatTheClientsAuthorizationMiddlewarePlacedIsRedactedWithoutBeingNamed() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let middleware: [any ClientMiddleware] = [
            APIKeyMiddleware("query-secret", in: .queryParameter("api_key"), scope: .everyRequest),
            APIKeyMiddleware("header-secret", in: .header("X-Api-Key"), scope: .everyRequest),
        ]
        let recorder = try HARRecordingSession(
            wrapping: StubNetworkSession(.json(#"{"id": 1, "name": "Ada"}"#)), to: file)
        _ = try await APIClient(session: recorder, middleware: middleware).send(GetMember())
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("api_key=REDACTED"))
        #expect(!text.contains("query-secret") && !text.contains("header-secret"))

        // Replayed through a client with the same middleware, the request matches its redacted entry.
        let replay = try HARReplaySession(contentsOf: file)
        let member = try await APIClient(session: replay, middleware: middleware).send(GetMember())
        #expect(member.name == "Ada")
    }

    @Test func matchingByBodyTellsRequestsApart() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let stub = StubNetworkSession(handler: { request in
            .json(#"{"echo":"\#(String(decoding: request.httpBody ?? Data(), as: UTF8.self))"}"#)
        })
        let recorder = try HARRecordingSession(wrapping: stub, to: file)
        for name in ["a", "b"] {
            _ = try await recorder.data(for: request("POST", "https://api.example.com/search", body: Data(name.utf8)))
        }
        let byBody = try HARReplaySession(contentsOf: file, matching: .methodURLAndBody)
        let (b, _) = try await byBody.data(for: request("POST", "https://api.example.com/search", body: Data("b".utf8)))
        #expect(String(decoding: b, as: UTF8.self) == #"{"echo":"b"}"#)
        #expect(byBody.unreplayed == ["POST https://api.example.com/search"])
        await #expect(
            throws: HTTPArchiveError.unmatchedRequest(
                .init(method: "POST", url: "https://api.example.com/search", rule: "method, URL and body"))
        ) {
            try await byBody.data(for: request("POST", "https://api.example.com/search", body: Data("c".utf8)))
        }
        // By method and URL only, the recordings answer in order whatever the body.
        let inOrder = try HARReplaySession(contentsOf: file)
        let (first, _) = try await inOrder.data(for: request("POST", "https://api.example.com/search"))
        #expect(String(decoding: first, as: UTF8.self) == #"{"echo":"a"}"#)
    }

    @Test func anUnmatchedRequestFailsLoudlyThroughTheClient() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        _ = try HARRecordingSession(wrapping: StubNetworkSession(), to: file)
        let replay = try HARReplaySession(contentsOf: file)
        struct Ping: Request {
            let host = URL(string: "https://api.example.com")!
            let path = "/ping"
        }
        await #expect {
            try await APIClient(session: replay).send(Ping())
        } throws: { error in
            guard case .transport(let urlError) = error as? APIError else { return false }
            let underlying = urlError.errorUserInfo[NSUnderlyingErrorKey] as? HTTPArchiveError
            return underlying
                == .unmatchedRequest(.init(method: "GET", url: "https://api.example.com/ping", rule: "method and URL"))
        }
        #expect(
            HTTPArchiveError.unmatchedRequest(
                .init(method: "GET", url: "https://api.example.com/ping", rule: "method and URL")
            )
            .description == "no recorded exchange matches GET https://api.example.com/ping (matching by method and URL)"
        )
    }

    @Test func concurrentExchangesAreAllRecorded() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let recorder = try HARRecordingSession(wrapping: StubNetworkSession(handler: { _ in .json("{}") }), to: file)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    _ = try await recorder.data(for: self.request("GET", "https://api.example.com/items/\(index)"))
                }
            }
            try await group.waitForAll()
        }
        let replay = try HARReplaySession(contentsOf: file)
        #expect(Set(replay.unreplayed) == Set((0..<20).map { "GET https://api.example.com/items/\($0)" }))
    }

    @Test func aFileThatCannotBeWrittenIsATypedError() throws {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x.har")
        #expect {
            try HARRecordingSession(wrapping: StubNetworkSession(), to: file)
        } throws: { error in
            guard case .cannotWrite(let path, _) = error as? HTTPArchiveError else { return false }
            return path == file.path
        }
    }

    @Test func anArchiveWithoutARequiredMemberNamesIt() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let archive = """
            {"log": {"version": "1.2", "creator": {"name": "x", "version": "1"}, "entries": [
              {"startedDateTime": "2026-01-01T00:00:00.000Z", "time": 1, "cache": {},
               "timings": {"send": 0, "wait": 1, "receive": 0},
               "request": {"method": "GET", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [],
                           "queryString": [], "headersSize": -1, "bodySize": 0},
               "response": {}}]}}
            """
        try Data(archive.utf8).write(to: file)
        #expect(
            throws: HTTPArchiveError.unreadableArchive(
                path: file.path, reason: "the member log.entries[0].request.url is missing")
        ) {
            try HARReplaySession(contentsOf: file)
        }
    }
}
