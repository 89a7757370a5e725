import Foundation
import QueryRequest
import Testing

@testable import GeneratedConstructsAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated `Cookie` header and multipart body read by an implementation nobody here wrote: Werkzeug's
/// cookie and form parsers (Python). Skipped with a note when python3 or Werkzeug is missing, failing instead
/// when `QUERY_REQUIRE_PEERS=1` (CI, as in the root package's `Peer`).
@Suite struct WerkzeugPeerTests {
    /// Reads `{"cookie", "contentType", "body" (base64)}` from standard input; prints the cookies (values
    /// percent-decoded) and each form part's name, file name, content type and text.
    static let script = #"""
        import base64, io, json, signal, sys, urllib.parse
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        from werkzeug.http import parse_cookie
        from werkzeug.formparser import parse_form_data
        request = json.load(sys.stdin)
        cookies = {name: urllib.parse.unquote(value, errors="strict") for name, value in parse_cookie(request["cookie"]).items()}
        body = base64.b64decode(request["body"])
        environ = {"REQUEST_METHOD": "POST", "CONTENT_TYPE": request["contentType"], "CONTENT_LENGTH": str(len(body)), "wsgi.input": io.BytesIO(body)}
        _, form, files = parse_form_data(environ)
        parts = [[name, None, None, value] for name, value in form.items(multi=True)]
        parts += [[name, f.filename, f.content_type, base64.b64encode(f.read()).decode()] for name, f in files.items(multi=True)]
        json.dump({"cookies": cookies, "parts": sorted(parts, key=lambda part: part[0])}, sys.stdout)
        """#

    struct Reading: Decodable {
        var cookies: [String: String]
        var parts: [[String?]]
    }

    @Test func werkzeugReadsTheCookiesAndPartsBack() throws {
        let day = try #require(CalendarDate("2024-02-29"))
        let events = ListEventsRequest(
            day: day, session: #"a b;c="d"%é,\名前"#, theme: .dark, since: CalendarDate(year: 2023, month: 12, day: 1))
        let cookie = try #require(try events.makeURLRequest().value(forHTTPHeaderField: "Cookie"))
        let form = AddAttachmentRequest.Form(
            photo: Data([0x89, 0x50, 0x4E, 0x47]), scan: Data("%PDF".utf8), caption: "Party 🎉", taken: day)
        let upload = try AddAttachmentRequest(eventId: 1, form: form).makeURLRequest()
        guard let reading = try Self.read(cookie: cookie, multipart: upload) else { return }
        #expect(reading.cookies == ["session": #"a b;c="d"%é,\名前"#, "theme": "dark", "since": "2023-12-01"])
        #expect(
            reading.parts == [
                ["caption", nil, nil, "Party 🎉"],
                ["photo", "photo.png", "image/png", Data([0x89, 0x50, 0x4E, 0x47]).base64EncodedString()],
                ["scan", "scan.pdf", "application/pdf", Data("%PDF".utf8).base64EncodedString()],
                ["taken", nil, nil, "2024-02-29"],
            ])
    }

    /// Werkzeug's reading, or `nil` when the peer is missing on a developer's machine.
    static func read(cookie: String, multipart request: URLRequest) throws -> Reading? {
        guard isAvailable() else {
            if ProcessInfo.processInfo.environment["QUERY_REQUIRE_PEERS"] == "1" {
                Issue.record("python3 with Werkzeug is required (QUERY_REQUIRE_PEERS=1): pip install werkzeug")
            } else {
                print("note: skipped WerkzeugPeerTests: python3 with Werkzeug is missing (pip install werkzeug)")
            }
            return nil
        }
        let input: [String: String] = [
            "cookie": cookie, "contentType": try #require(request.value(forHTTPHeaderField: "Content-Type")),
            "body": try #require(request.httpBody).base64EncodedString(),
        ]
        let output = try #require(try run(["-c", script], input: JSONEncoder().encode(input)))
        #expect(output.status == 0, "\(String(decoding: output.standardError, as: UTF8.self))")
        return try JSONDecoder().decode(Reading.self, from: output.standardOutput)
    }

    static func isAvailable() -> Bool {
        (try? run(["-c", "import werkzeug.http, werkzeug.formparser"], input: Data()))??.status == 0
    }

    /// `python3` with these arguments and standard input, stopped with SIGKILL after `timeout` seconds (then
    /// `nil`): Foundation's `Process` may start it with SIGTERM blocked.
    static func run(
        _ arguments: [String], input: Data, timeout: TimeInterval = 60
    ) throws -> (status: Int32, standardOutput: Data, standardError: Data)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let (standardInput, standardOutput, standardError) = (Pipe(), Pipe(), Pipe())
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
        // Both outputs are read while the process runs, so that neither pipe fills up and blocks it.
        let outputs = OutputCollector()
        let group = DispatchGroup()
        for (index, pipe) in [standardOutput, standardError].enumerated() {
            DispatchQueue.global().async(group: group) {
                outputs.set(index, pipe.fileHandleForReading.readDataToEndOfFile())
            }
        }
        guard exited.wait(timeout: .now() + timeout) == .success else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            _ = group.wait(timeout: .now() + 5)
            return nil
        }
        _ = group.wait(timeout: .now() + 5)
        return (process.terminationStatus, outputs.get(0), outputs.get(1))
    }

    /// The two outputs, written from the reading threads.
    final class OutputCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var data: [Data] = [Data(), Data()]

        func set(_ index: Int, _ value: Data) { lock.withLock { data[index] = value } }
        func get(_ index: Int) -> Data { lock.withLock { data[index] } }
    }
}
