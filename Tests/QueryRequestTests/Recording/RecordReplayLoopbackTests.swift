import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records real exchanges with the Python echo server, checks the archive with Python's `json`, stops
/// the server, and replays the archive without it.
@Suite(.enabled(if: Peer.python3.shouldRun, "needs python3 for the loopback server"), .timeLimit(.minutes(5)))
struct RecordReplayLoopbackTests {
    static let apiKey = "k3yS3cr3tQ9wE8rT7yU6iO5pA4sD"
    static let token = "t0kenS3cr3tZ1xC2vB3nM4qW5eR6"

    /// The requests recorded and replayed: a GET with a secret header and query parameter, sent twice
    /// (the server counts attempts, so the two responses differ), a POST with JSON and one with bytes.
    struct Exchanges {
        let host: Loopback
        let key = "record-\(UUID().uuidString)"

        struct Query: Encodable, Sendable {
            var page = 2
            var apiKey = RecordReplayLoopbackTests.apiKey

            enum CodingKeys: String, CodingKey {
                case page
                case apiKey = "api_key"
            }
        }

        var get: TypedRequest<EchoRequest<Query>, Data> {
            EchoRequest(
                host: host, path: "/users", query: Query(),
                headers: ["Authorization": "Bearer \(token)", "X-Echo-Key": key]
            ).returning(Data.self)
        }

        var postJSON: TypedRequest<Upload, Data> {
            Upload(host: host, payload: Data(#"{"name":"Ann","note":"é"}"#.utf8), contentType: "application/json")
                .returning(Data.self)
        }

        var postBytes: TypedRequest<Upload, Data> {
            Upload(host: host, payload: Data([0, 0xFF, 0x27, 0x0A]), contentType: "application/octet-stream")
                .returning(Data.self)
        }

        func sendAll(with client: APIClient) async throws -> [Data] {
            [
                try await client.send(get), try await client.send(get), try await client.send(postJSON),
                try await client.send(postBytes),
            ]
        }
    }

    /// A request that carries a body and its Content-Type, built by hand.
    typealias Upload = LoopbackIntegrationTests.Upload

    private func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString).har")
    }

    @Test func recordsRealTrafficAndReplaysItWithoutTheServer() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await LoopbackServer.start("echo_server.py")
        let exchanges = Exchanges(host: server.host)
        let recorded: [Data]
        do {
            defer { server.stop() }
            let recorder = try HARRecordingSession(
                wrapping: URLSession.shared, to: file, redaction: .default.redactingQueryParameters("api_key"))
            recorded = try await exchanges.sendAll(with: APIClient(session: recorder))
            #expect(recorder.recordedCount == 4)
        }
        // The server answered each request with what it received: the secrets reached it.
        let first = try JSONDecoder().decode(Echo.self, from: recorded[0])
        #expect(first.header("Authorization") == "Bearer \(Self.token)")
        #expect(first.attempt == 1)
        #expect(try JSONDecoder().decode(Echo.self, from: recorded[1]).attempt == 2)

        // Python reads the archive, finds every member HAR 1.2 requires, and no secret.
        let check = try await onThreadOfItsOwn {
            try Subprocess.run(
                "python3", arguments: [TestFiles.script("check_har.py"), file.path, Self.apiKey, Self.token],
                timeout: 30)
        }
        #expect(check.status == 0, "\(check.text)\(check.errorText)")
        #expect(check.text == "ok 4\n")

        // The server is gone: the replay answers every request from the file, in recorded order.
        let replay = try HARReplaySession(
            contentsOf: file, redaction: .default.redactingQueryParameters("api_key"))
        let replayed = try await exchanges.sendAll(with: APIClient(session: replay))
        #expect(replayed == recorded)
        #expect(replay.unreplayed.isEmpty)

        // A fifth identical GET finds every recording of it used.
        let fifth = try exchanges.get.makeURLRequest()
        await #expect {
            try await replay.data(for: fifth)
        } throws: { error in
            guard case .exhausted(let request) = error as? HTTPArchiveError else { return false }
            return request.method == "GET" && request.recorded == 2
                && request.url.hasSuffix("/users?page=2&api_key=REDACTED")
        }
    }

    @Test func theArchiveHoldsTheExchangesAsRecorded() async throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try await LoopbackServer.start("echo_server.py")
        defer { server.stop() }
        let exchanges = Exchanges(host: server.host)
        let recorder = try HARRecordingSession(
            wrapping: URLSession.shared, to: file, redaction: .default.redactingQueryParameters("api_key"))
        _ = try await exchanges.sendAll(with: APIClient(session: recorder))

        let archive = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let log = try #require(archive["log"] as? [String: Any])
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(log["version"] as? String == "1.2")
        #expect(entries.count == 4)
        let request = try #require(entries.first?["request"] as? [String: Any])
        #expect(request["url"] as? String == "\(server.baseURL.absoluteString)/users?page=2&api_key=REDACTED")
        let headers = try #require(request["headers"] as? [[String: String]])
        #expect(headers.contains(["name": "Authorization", "value": "REDACTED"]))
        #expect(
            request["queryString"] as? [[String: String]] == [
                ["name": "page", "value": "2"], ["name": "api_key", "value": "REDACTED"],
            ])
        let json = try #require(entries[2]["request"] as? [String: Any])
        let jsonBody = try #require(json["postData"] as? [String: Any])
        #expect(jsonBody["text"] as? String == #"{"name":"Ann","note":"é"}"#)
        #expect(jsonBody["mimeType"] as? String == "application/json")
        let bytes = try #require((entries[3]["request"] as? [String: Any])?["postData"] as? [String: Any])
        #expect(bytes["text"] as? String == "AP8nCg==")
        #expect(bytes["_encoding"] as? String == "base64")
        let response = try #require(entries.first?["response"] as? [String: Any])
        #expect(response["status"] as? Int == 200)
        #expect(response["statusText"] as? String == "OK")
        let content = try #require(response["content"] as? [String: Any])
        #expect(content["mimeType"] as? String == "application/json")
        #expect((content["text"] as? String)?.contains(#""attempt": 1"#) == true)
    }
}
