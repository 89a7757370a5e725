import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Multipart bodies sent over a real connection to `Tests/Scripts/multipart_server.py` on 127.0.0.1,
/// which parses them with Werkzeug and says what arrived.
@Suite(.enabled(if: Peer.python3.shouldRun, "needs python3 with Werkzeug"), .timeLimit(.minutes(5)))
struct MultipartLoopbackTests {
    struct Arrival: Decodable {
        let headers: [[String]]
        let received: Int
        let fields: [[String]]
        let files: [[String]]

        func header(_ name: String) -> String? {
            headers.first { $0.first?.lowercased() == name.lowercased() }?.last
        }
    }

    struct Profile: Encodable, Sendable {
        let name: String
        let tags: [String]
    }

    /// Starts the server, runs `body` with its URL, and always stops it.
    private func withServer<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
        try await LoopbackServer.run("multipart_server.py") { host in
            try await body(host.baseURL.appendingPathComponent("upload"))
        }
    }

    private func send(_ request: URLRequest) async throws -> (Arrival, HTTPURLResponse) {
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
        return (try JSONDecoder().decode(Arrival.self, from: data), http)
    }

    @Test func aFileStreamedFromDiskArrivesWholeWithTheFields() async throws {
        let contents = MultipartFileTests.sample(count: 3 * 1024 * 1024 + 17)
        let file = try MultipartFileTests.TemporaryFile(contents, name: "r\u{E9}sum\u{E9}.pdf")
        defer { file.remove() }
        var encoder = QueryEncoder()
        encoder.arrayEncodingStrategy = .brackets
        var form = MultipartForm(fields: Profile(name: "Ann \"A\"", tags: ["x", "y"]), encoder: encoder)
        form.append(.file(name: "doc", contentType: "application/pdf", contentsOf: file.url))
        let body = try form.encode()
        #expect(body.streamsFromDisk)

        try await withServer { url in
            var request = URLRequest(url: url, timeoutInterval: 60)
            request.httpMethod = "POST"
            try body.attach(to: &request)
            let (arrival, _) = try await send(request)
            #expect(arrival.fields == [["name", "Ann \"A\""], ["tags[]", "x"], ["tags[]", "y"]])
            #expect(arrival.files.count == 1)
            let sent = try #require(arrival.files.first)
            #expect(Array(sent.prefix(3)) == ["doc", "r\u{E9}sum\u{E9}.pdf", "application/pdf"])
            #expect(Data(base64Encoded: sent[3]) == contents)
            #expect(Int64(arrival.received) == body.contentLength)
            // Sent by a data task of URLSession's own, with its length and never chunked, on Linux too.
            #expect(arrival.header("Content-Length") == String(body.contentLength))
            #expect(arrival.header("Transfer-Encoding") == nil)
        }
    }

    @Test func anInMemoryFormBuiltByARequestArrivesWithItsExactLength() async throws {
        try await withServer { url in
            struct Upload: Request {
                let method: HTTPMethod = .post
                let host: Loopback
                let path = "/upload"
                let form: MultipartForm
                var body: RequestBody? { .multipart(form) }
            }
            struct Loopback: APIHost {
                let baseURL: URL
            }
            var form = MultipartForm()
            form.append(.text(name: "note", value: "line 1\r\nline 2\n"))
            form.append(.file(name: "bytes", filename: "b.bin", data: Data([0, 0x0D, 0x0A, 0x2D, 0x2D, 0xFF])))
            let request = try Upload(host: Loopback(baseURL: url.deletingLastPathComponent()), form: form)
                .makeURLRequest()
            let (arrival, _) = try await send(request)
            #expect(arrival.fields == [["note", "line 1\r\nline 2\n"]])
            #expect(arrival.files.first?.prefix(3) == ["bytes", "b.bin", "application/octet-stream"])
            #expect(arrival.files.first.map { Data(base64Encoded: $0[3]) } == Data([0, 0x0D, 0x0A, 0x2D, 0x2D, 0xFF]))
            #expect(arrival.header("Content-Length") == String(arrival.received))
        }
    }

    @Test func aFileThatContainsTheBoundaryFailsTheUploadInsteadOfSendingAnotherForm() async throws {
        var contents = MultipartFileTests.sample(count: 200_000)
        contents.append(contentsOf: Data("\r\n--qr-fence--\r\n".utf8))
        contents.append(MultipartFileTests.sample(count: 200_000))
        let file = try MultipartFileTests.TemporaryFile(contents)
        defer { file.remove() }
        var form = try MultipartForm(boundary: "qr-fence")
        form.append(.file(name: "doc", contentsOf: file.url))
        let body = try form.encode()
        try await withServer { url in
            var request = URLRequest(url: url, timeoutInterval: 30)
            request.httpMethod = "POST"
            try body.attach(to: &request)
            do {
                let (data, response) = try await URLSession.shared.data(for: request)
                // The server may answer the part it got: it must not have read a complete form.
                let status = (response as? HTTPURLResponse)?.statusCode
                #expect(status != 200, "the server parsed \(String(decoding: data, as: UTF8.self).prefix(300))")
            } catch {
                // The transport failed the upload: what should happen.
            }
        }
    }

    /// Sends a multipart form, through the client.
    struct FormUpload: Request {
        let method: HTTPMethod = .post
        let host: Loopback
        let path = "/upload"
        let form: MultipartForm
        var body: RequestBody? { .multipart(form) }
    }

    @Test func throughTheClientTheBoundaryInAFileIsATypedErrorNamingThePartAndTheFile() async throws {
        var contents = MultipartFileTests.sample(count: 200_000)
        contents.append(contentsOf: Data("--qr-fence".utf8))
        contents.append(MultipartFileTests.sample(count: 200_000))
        let file = try MultipartFileTests.TemporaryFile(contents)
        defer { file.remove() }
        var form = try MultipartForm(boundary: "qr-fence")
        form.append(.text(name: "note", value: "first"))
        form.append(.file(name: "doc", contentsOf: file.url))
        try await LoopbackServer.run("multipart_server.py") { host in
            let error = await #expect(throws: APIError.self) {
                try await APIClient().send(FormUpload(host: host, form: form))
            }
            guard case .invalidRequest(let failure as MultipartFormError)? = error else {
                Issue.record("expected the form's error, got \(String(describing: error))")
                return
            }
            #expect(
                failure == .invalidPart(.init(index: 1, name: "doc", problem: .boundaryInFile(path: file.url.path))))
            #expect(error?.description.contains(file.url.path) == true)
        }
    }
}
