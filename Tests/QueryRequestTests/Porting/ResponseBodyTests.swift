import Foundation
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Any response body can be read: text, bytes, JSON, and other formats through a ResponseDecoder.

struct TextRequest: Request {
    typealias Response = String
    let host = StubHost.api
    let path = "/text"
}

struct BytesRequest: Request {
    typealias Response = Data
    let host = StubHost.api
    let path = "/bytes"
}

/// A format the client does not know: `key=value` lines.
struct KeyValueDecoder: ResponseDecoder {
    func decode<Value>(_ type: Value.Type, from body: Data, response: HTTPURLResponse) throws -> Value {
        guard type == [String: String].self else {
            throw ResponseDecodingError.unsupportedType(type, decoder: "KeyValueDecoder")
        }
        var result: [String: String] = [:]
        for line in String(decoding: body, as: UTF8.self).split(separator: "\n") {
            let pair = line.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no = in \(line)"))
            }
            result[String(pair[0])] = String(pair[1])
        }
        return result as! Value
    }
}

@Suite(.timeLimit(.minutes(5))) struct ResponseBodyTests {
    @Test func aStringResponseIsReadAsUTF8TextByDefault() async throws {
        let session = StubNetworkSession(.init(headers: ["Content-Type": "text/plain"], body: Data("héllo ✓".utf8)))
        #expect(try await APIClient(session: session).send(TextRequest()) == "héllo ✓")
    }

    @Test func aStringResponseHonoursTheCharsetOfContentType() async throws {
        let latin1 = Data([0x63, 0x61, 0x66, 0xE9])  // "café" in ISO-8859-1
        let session = StubNetworkSession(
            .init(headers: ["Content-Type": "text/csv; charset=\"ISO-8859-1\""], body: latin1))
        #expect(try await APIClient(session: session).send(TextRequest()) == "café")
    }

    @Test func invalidTextIsATypedErrorThatKeepsTheBody() async throws {
        let body = Data([0x61, 0xFF, 0x62])
        let session = StubNetworkSession(.init(headers: ["Content-Type": "text/plain; charset=utf-8"], body: body))
        await #expect {
            try await APIClient(session: session).send(TextRequest())
        } throws: { error in
            guard case .decoding(let failure) = error as? APIError else { return false }
            return failure.body == body && "\(error)".contains("not valid utf-8 text")
        }
    }

    @Test func anUnknownCharsetIsATypedErrorNotAGuess() async throws {
        let session = StubNetworkSession(
            .init(headers: ["Content-Type": "text/plain; charset=koi8-r"], body: Data([0xC1])))
        await #expect {
            try await APIClient(session: session).send(TextRequest())
        } throws: { error in
            guard case .decoding = error as? APIError else { return false }
            return "\(error)".contains("koi8-r")
        }
    }

    @Test func aDataResponseIsTheBodyAsItIs() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2])
        let session = StubNetworkSession(.init(headers: ["Content-Type": "image/png"], body: png), .init(status: 200))
        let client = APIClient(session: session)
        #expect(try await client.send(BytesRequest()) == png)
        #expect(try await client.send(BytesRequest()) == Data(), "an empty body is empty data, not an error")
    }

    @Test func aRequestsOwnDecoderReadsItsFormat() async throws {
        struct Settings: Request {
            typealias Response = [String: String]
            let host = StubHost.api
            let path = "/settings"
            var responseDecoder: KeyValueDecoder { KeyValueDecoder() }
        }
        let session = StubNetworkSession(.init(body: Data("theme=dark\nlang=fr".utf8)))
        #expect(try await APIClient(session: session).send(Settings()) == ["theme": "dark", "lang": "fr"])
    }

    @Test func aCustomResponseDecoderReadsOneTypeWithAFunction() async throws {
        struct Lines: Request {
            typealias Response = [Substring]
            let host = StubHost.api
            let path = "/lines"
            var responseDecoder: some ResponseDecoder {
                CustomResponseDecoder { body, _ in String(decoding: body, as: UTF8.self).split(separator: "\n") }
            }
        }
        let session = StubNetworkSession(.init(body: Data("a\nb".utf8)))
        #expect(try await APIClient(session: session).send(Lines()) == ["a", "b"])
    }

    @Test func theClientsDecoderServesEveryRequest() async throws {
        struct Settings: Request {
            typealias Response = [String: String]
            let host = StubHost.api
            let path = "/settings"
        }
        let session = StubNetworkSession(.init(body: Data("a=1".utf8)))
        let client = APIClient(session: session, decoder: KeyValueDecoder())
        #expect(try await client.send(Settings()) == ["a": "1"])
    }

    @Test func aDecoderErrorIsADecodingErrorWithTheBodyKept() async throws {
        struct Settings: Request {
            typealias Response = [String: String]
            let host = StubHost.api
            let path = "/settings"
        }
        let body = Data("no-equals-sign".utf8)
        let session = StubNetworkSession(.init(body: body))
        await #expect {
            try await APIClient(session: session, decoder: KeyValueDecoder()).send(Settings())
        } throws: { error in
            guard case .decoding(let failure) = error as? APIError, case .dataCorrupted(let context) = failure.error
            else { return false }
            return failure.body == body && context.debugDescription.contains("no = in")
        }
    }

    @Test func aTypeTheDecoderDoesNotReadIsNamedInTheError() async throws {
        struct Opaque: Sendable {}
        struct OpaqueRequest: Request {
            typealias Response = Opaque
            let host = StubHost.api
            let path = "/opaque"
        }
        let session = StubNetworkSession(.json("{}"))
        await #expect {
            try await APIClient(session: session).send(OpaqueRequest())
        } throws: { error in
            guard case .decoding = error as? APIError else { return false }
            return "\(error)".contains("JSONDecoder cannot decode") && "\(error)".contains("Opaque")
        }
    }

    @Test func errorBodiesFollowTheSameRules() async throws {
        struct Plain: Request {
            typealias ErrorBody = String
            let host = StubHost.api
            let path = "/plain"
        }
        let session = StubNetworkSession(
            .init(status: 503, headers: ["Content-Type": "text/plain"], body: Data("down".utf8)))
        await #expect {
            try await APIClient(session: session).send(Plain())
        } throws: { error in
            (error as? APIError)?.apiError(as: String.self) == "down"
        }
    }
}
