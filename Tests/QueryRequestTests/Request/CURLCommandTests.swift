import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(5))) struct CURLCommandTests {
    @Test func rendersAGet() throws {
        let urlRequest = try Endpoint("/search?q=it's", headers: ["Accept": "application/json"]).makeURLRequest()
        #expect(urlRequest.cURLCommand == #"curl 'https://test.jp/search?q=it'\''s' -H 'Accept: application/json'"#)
    }

    @Test func rendersAPostWithHeadersInNameOrderAndATextBody() throws {
        let urlRequest = try Endpoint(
            "/notes", method: .post, headers: ["X-Trace": "1", "Authorization": "Bearer t"],
            body: .data(Data("it's\n@notes.txt".utf8), contentType: "text/plain")
        ).makeURLRequest()
        #expect(
            urlRequest.cURLCommand
                == "curl -X 'POST' 'https://test.jp/notes' -H 'Authorization: REDACTED' -H 'Content-Type: text/plain' -H 'X-Trace: 1' --data-raw 'it'\\''s\n@notes.txt'"
        )
        #expect(urlRequest.cURLCommand(redacting: .none).contains("-H 'Authorization: Bearer t'"))
    }

    @Test func rendersHeadAndAnEmptyHeaderValue() throws {
        let urlRequest = try Endpoint("/x", method: .head, headers: ["X-Empty": ""]).makeURLRequest()
        #expect(urlRequest.cURLCommand == "curl --head 'https://test.jp/x' -H 'X-Empty;'")
    }

    @Test func pipesABinaryBodyThroughBase64() throws {
        let urlRequest = try Endpoint(
            "/upload", method: .put, body: .data(Data([0x00, 0xFF, 0x27]), contentType: "application/octet-stream")
        ).makeURLRequest()
        #expect(
            urlRequest.cURLCommand
                == "printf %s 'AP8n' | base64 -d | curl -X 'PUT' 'https://test.jp/upload' -H 'Content-Type: application/octet-stream' --data-binary @-"
        )
    }

    /// Runs the command in `sh` with `curl` replaced by a function that prints how many arguments it got,
    /// each argument followed by NUL, then the bytes piped into it.
    private func runWithFakeCurl(_ command: String) throws -> (arguments: [String], input: [UInt8]) {
        let fakeCurl = #"curl() { printf '%s\n' "$#"; for a in "$@"; do printf '%s\0' "$a"; done; cat; }; "#
        let output = try Subprocess.run("sh", arguments: ["-c", fakeCurl + command], timeout: 20)
        #expect(output.status == 0, "\(output.errorText)")
        var bytes = [UInt8](output.standardOutput)[...]
        let countLine = bytes.prefix { $0 != UInt8(ascii: "\n") }
        let count = try #require(Int(String(decoding: countLine, as: UTF8.self)))
        bytes = bytes.dropFirst(countLine.count + 1)
        var arguments: [String] = []
        for _ in 0..<count {
            let argument = bytes.prefix { $0 != 0 }
            arguments.append(String(decoding: argument, as: UTF8.self))
            bytes = bytes.dropFirst(argument.count + 1)
        }
        return (arguments, Array(bytes))
    }

    @Test func aShellReadsBackEveryArgumentExactly() throws {
        // A quote followed by a combining mark is one `Character`, but still a quote to the shell.
        let awkward = "it's \"quoted\" $HOME `id` \\ !x; a'b'' é '\u{301}; echo injected; echo '"
        let urlRequest = try Endpoint(
            "/q?v=\(segment: awkward)", method: "PATCH", headers: ["X-Awkward": awkward],
            body: .data(Data(awkward.utf8), contentType: "text/plain")
        ).makeURLRequest()
        let url = try #require(urlRequest.url?.absoluteString)
        let run = try runWithFakeCurl(urlRequest.cURLCommand)
        #expect(
            run.arguments == [
                "-X", "PATCH", url, "-H", "Content-Type: text/plain", "-H", "X-Awkward: \(awkward)",
                "--data-raw", awkward,
            ])
        #expect(run.input == [])
    }

    @Test func aShellPipesBackABinaryBodyExactly() throws {
        let bytes: [UInt8] = [0x00, 0x01, 0x27, 0x0A, 0xFF, 0x41]
        let urlRequest = try Endpoint(
            "/upload", method: .post, body: .data(Data(bytes), contentType: "application/octet-stream")
        ).makeURLRequest()
        let run = try runWithFakeCurl(urlRequest.cURLCommand)
        #expect(
            run.arguments == [
                "-X", "POST", "https://test.jp/upload", "-H", "Content-Type: application/octet-stream",
                "--data-binary", "@-",
            ])
        #expect(run.input == bytes)
    }
}
