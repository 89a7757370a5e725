import Foundation
import GeneratedValidatedAPI
import QueryRequest
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every operation of `Tests/Documents/ValidatedAPI.yaml`, through its generated request, `APIClient` and
/// `URLSession`, to a server that validates each request against that same document with openapi-core
/// (`ValidatingServer`). A request is accepted when openapi-core finds nothing wrong in its path, query, headers,
/// security, content type and body; the server then answers what it read, so each test also checks that the
/// values arrived unchanged, and decodes an answer that keeps to the document.
///
/// What openapi-core 0.23.1 cannot read although the generated request follows the specification is listed in
/// `knownValidatorLimitations`, which expects those refusals, so that a newer openapi-core that reads them fails
/// the test and gets them moved here.
@Suite(.enabled(if: ValidatorPeer.shouldRun))
struct ValidatedRequestTests {
    /// The operations openapi-core accepts, each sent by a test below with its answer checked.
    static let acceptedOperations: Set<String> = [
        "showThing", "queryForm", "queryNamesAndFormats", "queryDelimited", "queryDeep", "sendHeaders",
        "createThing", "submitForm", "uploadDocument", "putBlob",
        "secureHeaderKey", "secureQueryKey", "secureBearer", "secureBasic",
    ]
    /// The operations openapi-core 0.23.1 refuses although their requests follow the specification
    /// (`knownValidatorLimitations`). With the accepted ones: every operation of the document.
    static let refusedByTheValidator: Set<String> = [
        "queryFormObject", "querySpacedObject", "queryDelimitedExploded", "uploadNumbers",
    ]

    @Test func pathParametersOfEachKind() async throws {
        try await withServer { server in
            let client = APIClient(hostOverride: server.host)
            let received = try await accepted(
                ShowThingRequest(thingId: 42, kind: .oddOne, label: "a/b c?d#e%f&g=h+i é"), by: client)
            #expect(received.operation == "showThing")
            #expect(
                received.path
                    == .object([
                        "thingId": .string("42"), "kind": .string("odd-one"), "label": .string("a/b c?d#e%f&g=h+i é"),
                    ]))
        }
    }

    @Test func queryParametersInEveryStyleTheValidatorReads() async throws {
        try await withServer { server in
            let client = APIClient(hostOverride: server.host)
            let form = try await accepted(
                QueryFormRequest(
                    query: .init(
                        text: "a+b & c=d", count: 2, flag: false, kind: .fancy, words: ["x y", "z/é"],
                        numbers: [1, -2, 3], box: Point(x: 3, y: 4), pageSize: 20)), by: client)
            #expect(
                form.query
                    == .object([
                        "text": .string("a+b & c=d"), "count": .number(2), "flag": .bool(false),
                        "kind": .string("fancy"), "words": strings(["x y", "z/é"]),
                        "numbers": .array([.number(1), .number(-2), .number(3)]),
                        "box": .object(["x": .number(3), "y": .number(4)]), "page[size]": .number(20),
                    ]))
            // Only the required ones.
            let minimal = try await accepted(QueryFormRequest(query: .init(text: "t", words: ["w"])), by: client)
            #expect(minimal.query == .object(["text": .string("t"), "words": strings(["w"])]))

            // A name with a dot (the request nests with brackets, so the dot stays), and formats.
            let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            let formats = try await accepted(
                QueryNamesAndFormatsRequest(
                    query: .init(
                        filterName: "a.b [c]", since: Date(timeIntervalSince1970: 1_706_695_200), id: id, ratio: 0.5,
                        big: 5_000_000_000, kinds: [.plain, .oddOne])), by: client)
            #expect(
                formats.query
                    == .object([
                        "filter.name": .string("a.b [c]"), "since": .string("2024-01-31T10:00:00+00:00"),
                        "id": .string(id.uuidString.lowercased()), "ratio": .number(0.5), "big": .number(5_000_000_000),
                        "kinds": strings(["plain", "odd-one"]),
                    ]))

            let delimited = try await accepted(
                QueryDelimitedRequest(
                    query: .init(spaced: ["a", "b,c"], piped: ["d e", "f&g"], pipedPoint: Point(x: 5, y: 6))),
                by: client)
            #expect(
                delimited.query
                    == .object([
                        // openapi-core splits spaceDelimited values on the text "%20" after decoding it, so the
                        // values come back as one (Docs/Generator.md, "Testing the generator").
                        "spaced": strings(["a b,c"]), "piped": strings(["d e", "f&g"]),
                        "pipedPoint": .object(["x": .number(5), "y": .number(6)]),
                    ]))

            let deep = try await accepted(
                QueryDeepRequest(
                    query: .init(filter: Filter(name: "n [1]&=", minimum: 3, kind: .plain), range: Point(x: 1, y: 2))),
                by: client)
            #expect(
                deep.query
                    == .object([
                        "filter": .object(["name": .string("n [1]&="), "minimum": .number(3), "kind": .string("plain")]
                        ),
                        "range": .object(["x": .number(1), "y": .number(2)]),
                    ]))
        }
    }

    @Test func headerParametersOfEachKind() async throws {
        try await withServer { server in
            let client = APIClient(hostOverride: server.host)
            let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
            let received = try await accepted(
                SendHeadersRequest(
                    xTrace: "a b&c=d", xRequestID: id, xLimit: 3, xVerbose: true, xKind: .oddOne, xTags: ["x", "y"],
                    xKinds: [.fancy, .oddOne], xSizes: [1, -2]),
                by: client)
            #expect(
                received.headers
                    == .object([
                        "X-Trace": .string("a b&c=d"), "X-Request-ID": .string(id.uuidString.lowercased()),
                        "X-Limit": .number(3), "X-Verbose": .bool(true), "X-Kind": .string("odd-one"),
                        "X-Tags": strings(["x", "y"]), "X-Kinds": strings(["fancy", "odd-one"]),
                        "X-Sizes": .array([.number(1), .number(-2)]),
                    ]))
            let minimal = try await accepted(SendHeadersRequest(xTrace: "t", xRequestID: id), by: client)
            #expect(
                minimal.headers
                    == .object(["X-Trace": .string("t"), "X-Request-ID": .string(id.uuidString.lowercased())]))
        }
    }

    @Test func bodiesOfEachMediaType() async throws {
        try await withServer { server in
            let client = APIClient(hostOverride: server.host)
            for thing in [
                Thing(name: "cup", kind: .plain, size: Size(width: 3, height: 4), note: nil),
                Thing(
                    name: "tray é", kind: .oddOne, size: Size(width: 0, height: 1, unit: .in), note: "fragile",
                    tags: ["a", "b"], shape: .square(Square(kind: .square, side: 2.5)), weight: 0.25, active: true),
                Thing(
                    name: "ball", kind: .fancy, size: Size(width: 1, height: 1, unit: .cm), note: nil,
                    shape: .circle(Circle(kind: .circle, radius: 1.5))),
            ] {
                // The server answers the body it read, as the document's Thing.
                #expect(try await accepted(CreateThingRequest(body: thing), by: client) == thing)
            }

            let form = try await accepted(
                SubmitFormRequest(form: .init(name: "a&b=c+d é", age: 7, kind: .fancy, subscribed: true)), by: client)
            #expect(
                form.body
                    == .object([
                        "name": .string("a&b=c+d é"), "age": .number(7), "kind": .string("fancy"),
                        "subscribed": .bool(true),
                    ]))

            let multipart = try await accepted(
                UploadDocumentRequest(form: .init(title: "Report é", tags: ["x", "y z"], file: Data("%PDF".utf8))),
                by: client)
            #expect(
                multipart.body
                    == .object(["title": .string("Report é"), "tags": strings(["x", "y z"]), "file": .string("%PDF")]))

            let blobID = try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000A"))
            _ = try await accepted(PutBlobRequest(blobId: blobID, body: Data([0, 1, 2, 255])), by: client)
        }
    }

    /// Each scheme's middleware, from the generated `APISecurity`, satisfies the operation that requires it.
    @Test func securitySchemes() async throws {
        try await withServer { server in
            let headerKey = APIClient(hostOverride: server.host, middleware: [APISecurity.headerKey("key-1")])
            #expect(try await accepted(SecureHeaderKeyRequest(), by: headerKey).operation == "secureHeaderKey")
            let queryKey = APIClient(hostOverride: server.host, middleware: [APISecurity.queryKey("key 2&")])
            #expect(try await accepted(SecureQueryKeyRequest(), by: queryKey).operation == "secureQueryKey")
            let bearer = APIClient(
                hostOverride: server.host, middleware: [APISecurity.bearer(tokenProvider: FixedToken())])
            #expect(try await accepted(SecureBearerRequest(), by: bearer).operation == "secureBearer")
            let basic = APIClient(
                hostOverride: server.host, middleware: [APISecurity.basic(username: "ann", password: "p:ss é")])
            #expect(try await accepted(SecureBasicRequest(), by: basic).operation == "secureBasic")

            // Without credentials the validator refuses them: the acceptance above is the middleware's doing.
            let plain = APIClient(hostOverride: server.host)
            for path in ["/secure/header-key", "/secure/query-key", "/secure/bearer", "/secure/basic"] {
                let (status, text) = try await sendByHand(path: path, to: server)
                #expect(status == 400, "\(path): \(text)")
                #expect(text.contains("SecurityValidationError"), "\(path): \(text)")
            }
            // The client itself refuses to send a request that requires authorization without middleware.
            await #expect(throws: APIError.self) { try await plain.send(SecureBearerRequest()) }
        }
    }

    /// Requests that follow the specification but that openapi-core 0.23.1 cannot read: each is refused with
    /// the error below. The generated wire forms are the specification's (`GeneratedCodeTests`'
    /// `QueryStyleRoundTripTests` checks each); the causes are in openapi-core's `deserializing` package.
    @Test func knownValidatorLimitations() async throws {
        try await withServer { server in
            let client = APIClient(hostOverride: server.host)
            // form, explode, object: `x=1&y=2`. openapi-core looks the parameter up by its own name.
            try await refused(
                QueryFormObjectRequest(query: .init(point: Point(x: 1, y: 2))), by: client,
                because: "Missing required query parameter: point")
            // spaceDelimited object: `spacedPoint=x%201%20y%202`. openapi-core splits the decoded value on "%20".
            try await refused(
                QuerySpacedObjectRequest(query: .init(spacedPoint: Point(x: 1, y: 2))), by: client,
                because: "'x' is a required property")
            // spaceDelimited and pipeDelimited arrays with explode (`a=1&a=2`, as form): "not available".
            try await refused(
                QueryDelimitedExplodedRequest(query: .init(spacedExploded: ["a", "b"], pipedExploded: [1, 2])),
                by: client, because: "not available")
            // A number in a multipart body is a text part (text/plain, the specification's default), which
            // openapi-core validates as the string "3" without reading it as a number.
            try await refused(
                UploadNumbersRequest(form: .init(pages: 3, draft: true)), by: client,
                because: "'3' is not of type 'integer'")
        }
    }

    /// Requests built by hand that break the document are refused: the validator bites.
    @Test func wrongRequestsAreRefused() async throws {
        try await withServer { server in
            let cases: [(path: String, method: String, contentType: String?, body: String?, error: String)] = [
                ("/query/form?words=a", "GET", nil, nil, "Missing required query parameter: text"),
                (
                    "/query/form?text=t&words=a&count=many", "GET", nil, nil,
                    "Failed to cast value to integer type: many"
                ),
                ("/query/deep?filter%5Bminimum%5D=1", "GET", nil, nil, "'name' is a required property"),
                ("/things/forty-two/plain/x", "GET", nil, nil, "Path parameter error: thingId"),
                ("/things/42/unlisted/x", "GET", nil, nil, "'unlisted' is not one of"),
                ("/headers", "GET", nil, nil, "Missing required header parameter: X-Trace"),
                ("/things", "POST", "application/json", #"{"name":1}"#, "1 is not of type 'string'"),
                (
                    "/things", "POST", "application/json",
                    #"{"name":"n","kind":"plain","size":{"width":-1,"height":1},"note":null}"#,
                    "-1 is less than the minimum of 0"
                ),
                (
                    "/things", "POST", "application/json",
                    #"{"name":"n","kind":"plain","size":{"width":1,"height":1}}"#,
                    "'note' is a required property"
                ),
                ("/things", "POST", "text/plain", "cup", "mimetype not found: text/plain"),
                (
                    "/forms/urlencoded", "POST", "application/x-www-form-urlencoded", "name=n&age=old",
                    "Failed to cast value to integer type: old"
                ),
                ("/nowhere", "GET", nil, nil, "PathNotFound"),
                ("/things", "DELETE", nil, nil, "OperationNotFound"),
            ]
            for testCase in cases {
                let (status, text) = try await sendByHand(
                    path: testCase.path, method: testCase.method, contentType: testCase.contentType,
                    body: testCase.body, to: server)
                #expect(status == 400, "\(testCase.method) \(testCase.path): \(status) \(text)")
                #expect(text.contains(testCase.error), "\(testCase.method) \(testCase.path): \(text)")
            }
        }
    }

    /// Seeded random values with the characters URLs and forms treat specially, for each style and place.
    @Test func sampledValuesArriveUnchanged() async throws {
        // The property suites' variable, decimal or 0x hex; a fixed seed otherwise.
        let seed =
            ProcessInfo.processInfo.environment["QUERY_PBT_SEED"].flatMap { text in
                text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
            } ?? 20_261_202
        var random = SplitMix64(seed: seed)
        try await withServer { server in
            let client = APIClient(hostOverride: server.host)
            for round in 0..<25 {
                let note = "seed \(seed), round \(round)"
                // Path: any text but the dot segments, which the library refuses to send.
                var label = random.text()
                while label == "." || label == ".." { label = random.text() }
                let path = try await accepted(
                    ShowThingRequest(
                        thingId: Int64.random(in: -1_000...1_000, using: &random), kind: .plain, label: label),
                    by: client, note)
                #expect(path.path?.object?["label"] == .string(label), "\(note)")

                // form: anything in a value; the unexploded object's values are numbers.
                let text = random.text()
                let words = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.text() }
                let box = Point(
                    x: Int.random(in: -99...99, using: &random), y: Int.random(in: -99...99, using: &random))
                let form = try await accepted(
                    QueryFormRequest(query: .init(text: text, words: words, box: box)), by: client, note)
                #expect(
                    form.query
                        == .object([
                            "text": .string(text), "words": strings(words),
                            "box": .object(["x": .number(Double(box.x)), "y": .number(Double(box.y))]),
                        ]), "\(note)")

                // Delimited: a value cannot hold its own delimiter (the specification has no escape for it), and
                // openapi-core splits space-delimited values on the text "%20".
                let spaced = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.text(without: " %") }
                let piped = (0..<Int.random(in: 1...3, using: &random)).map { _ in random.text(without: "|") }
                let delimited = try await accepted(
                    QueryDelimitedRequest(query: .init(spaced: spaced, piped: piped)), by: client, note)
                #expect(
                    delimited.query
                        == .object(["spaced": strings([spaced.joined(separator: " ")]), "piped": strings(piped)]),
                    "\(note)")

                let name = random.text()
                let deep = try await accepted(
                    QueryDeepRequest(query: .init(filter: Filter(name: name))), by: client, note)
                #expect(deep.query == .object(["filter": .object(["name": .string(name)])]), "\(note)")

                // Headers: visible ASCII with inner spaces (a field value cannot start or end with one); the
                // array's elements without the comma that joins them.
                let trace = random.text(from: SplitMix64.headerCharacters)
                let tags = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                    random.text(from: SplitMix64.headerCharacters, without: ", ")
                }
                let headers = try await accepted(
                    SendHeadersRequest(xTrace: trace, xRequestID: UUID(), xTags: tags), by: client, note)
                #expect(headers.headers?.object?["X-Trace"] == .string(trace), "\(note)")
                #expect(headers.headers?.object?["X-Tags"] == strings(tags), "\(note)")

                let formName = random.text()
                let submitted = try await accepted(
                    SubmitFormRequest(form: .init(name: formName, age: round)), by: client, note)
                #expect(submitted.body?.object?["name"] == .string(formName), "\(note)")

                let title = random.text()
                let uploaded = try await accepted(
                    UploadDocumentRequest(form: .init(title: title, file: Data(random.text().utf8))), by: client, note)
                #expect(uploaded.body?.object?["title"] == .string(title), "\(note)")
            }
        }
    }
}

/// The operations `ValidatedRequestTests` sends are the document's, all of them (needs no validator).
@Suite struct ValidatedDocumentTests {
    @Test func theTestsSendEveryOperationOfTheDocument() throws {
        let text = try String(contentsOfFile: ValidatingServer.documentPath, encoding: .utf8)
        let identifiers = text.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("operationId:") else { return nil }
            return trimmed.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces)
        }
        #expect(
            Set(identifiers)
                == ValidatedRequestTests.acceptedOperations.union(ValidatedRequestTests.refusedByTheValidator))
        #expect(ValidatedRequestTests.acceptedOperations.isDisjoint(with: ValidatedRequestTests.refusedByTheValidator))
    }
}

// MARK: - Helpers

/// Starts a validating server for `body` and stops it afterwards, whatever happens.
private func withServer(_ body: (ValidatingServer) async throws -> Void) async throws {
    let server = try await ValidatingServer.start()
    do {
        try await body(server)
    } catch {
        await server.stop()
        throw error
    }
    await server.stop()
}

/// Sends `request` and returns its decoded answer; a refusal is recorded with the validator's text.
private func accepted<R: Request>(
    _ request: R, by client: APIClient, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation
) async throws -> R.Response {
    do {
        return try await client.send(request)
    } catch let error as APIError {
        let text = error.responseBody.map { String(decoding: $0, as: UTF8.self) } ?? "\(error)"
        Issue.record("\(R.self) was refused (\(note)): \(text)", sourceLocation: sourceLocation)
        throw error
    }
}

/// Sends `request` and expects openapi-core to refuse it with `reason` in its text.
private func refused<R: Request>(
    _ request: R, by client: APIClient, because reason: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    do {
        _ = try await client.send(request)
        Issue.record(
            "openapi-core now accepts \(R.self): move its operation to ValidatedRequestTests.acceptedOperations",
            sourceLocation: sourceLocation)
    } catch let error as APIError {
        let text = error.responseBody.map { String(decoding: $0, as: UTF8.self) } ?? "\(error)"
        #expect(error.statusCode == 400, "\(R.self): \(text)", sourceLocation: sourceLocation)
        #expect(text.contains(reason), "\(R.self): \(text)", sourceLocation: sourceLocation)
    }
}

/// A request built by hand, without the library: its status and body text.
private func sendByHand(
    path: String, method: String = "GET", contentType: String? = nil, body: String? = nil, to server: ValidatingServer
) async throws -> (Int, String) {
    let url = try #require(URL(string: "http://127.0.0.1:\(server.port)\(path)"))
    var request = URLRequest(url: url, timeoutInterval: 30)
    request.httpMethod = method
    if let contentType { request.setValue(contentType, forHTTPHeaderField: "Content-Type") }
    if let body { request.httpBody = Data(body.utf8) }
    let (data, response) = try await URLSession.shared.data(for: request)
    let status = try #require(response as? HTTPURLResponse).statusCode
    return (status, String(decoding: data, as: UTF8.self))
}

private func strings(_ values: [String]) -> AnyJSONValue {
    .array(values.map(AnyJSONValue.string))
}

extension AnyJSONValue {
    fileprivate var object: [String: AnyJSONValue]? {
        if case .object(let members) = self { members } else { nil }
    }
}

private struct FixedToken: TokenProvider {
    func token() async throws -> String { "token-1" }
    func refreshToken() async throws -> String { "token-2" }
}

/// A small seeded generator (SplitMix64), so that a failing round replays with its seed.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// Letters, and what URLs, forms and JSON treat specially: delimiters, escapes, brackets, non-ASCII.
    static let textCharacters: [Character] = Array(
        "aZ09 &=+/?#%,|;:@!$'()*[]{}<>\"\\^`~.-_é名😀\u{301}")
    /// Visible ASCII and the space.
    static let headerCharacters: [Character] = (0x20...0x7E).map { Character(Unicode.Scalar($0)) }

    /// 1 to 8 characters of `characters` but those in `excluded`, never starting or ending with a space.
    mutating func text(from characters: [Character] = textCharacters, without excluded: String = "") -> String {
        let allowed = characters.filter { !excluded.contains($0) }
        var result = ""
        for _ in 0..<Int.random(in: 1...8, using: &self) {
            result.append(allowed[Int.random(in: 0..<allowed.count, using: &self)])
        }
        let trimmed = result.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "x" : trimmed
    }
}
