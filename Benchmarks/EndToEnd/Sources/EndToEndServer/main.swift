// The loopback server of the end-to-end benchmark: Hummingbird 2 on 127.0.0.1, in a process of its own, so that
// the benchmark's getrusage counts the client alone.
//
//     EndToEndServer [--port N]     (0, the default, picks a free port; the first line printed names it)
//
// - `GET /items?q=swift%20client&page=2&per_page=20&sort=updated&tags=server,linux,nio` answers 200 with a fixed
//   JSON array of 12 items (about 1 KB), and 400 when the query is not exactly that.
// - `POST /items` with the JSON body `{"name":"widget","price":9.5,"tags":["new","sale"]}` (any key order)
//   answers 201 with `{"id":101,"name":"widget"}`, and 400 for any other body or a `Content-Type` that is not
//   `application/json`.
// - `GET /stats` answers `{"cpu_us":N}`: the server process's CPU time so far (user + system, microseconds), so
//   that the benchmark can show what each request cost the server.
import EndToEndFixtures
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The expected query, percent-decoded, as Hummingbird hands it over.
let expectedQuery: [(String, String)] = [
    ("q", Fixture.q), ("page", String(Fixture.page)), ("per_page", String(Fixture.perPage)),
    ("sort", Fixture.sort), ("tags", Fixture.tags.joined(separator: ",")),
]

let itemsBody: ByteBuffer = {
    let items = (1...Fixture.itemCount).map { index in
        Item(
            id: index, name: "Item number \(index)", price: Double(index) * 1.25,
            tags: index.isMultiple(of: 2) ? ["server", "linux"] : ["client"], available: index % 3 != 0)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    // swift-format-ignore: NeverUseForceTry
    return ByteBuffer(data: try! encoder.encode(items))
}()
let createdBody: ByteBuffer = {
    // swift-format-ignore: NeverUseForceTry
    ByteBuffer(data: try! JSONEncoder().encode(Created(id: Fixture.createdID, name: Fixture.newItem.name)))
}()

func json(_ body: ByteBuffer, status: HTTPResponse.Status) -> Response {
    Response(status: status, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: body))
}

func badRequest(_ reason: String) -> Response {
    Response(status: .badRequest, body: ResponseBody(byteBuffer: ByteBuffer(string: reason + "\n")))
}

let router = Router()
router.get("items") { request, _ -> Response in
    let parameters = request.uri.queryParameters
    guard parameters.count == expectedQuery.count else {
        return badRequest("expected \(expectedQuery.count) query parameters, got \(parameters.count)")
    }
    for (name, value) in expectedQuery where parameters.getAll(name) != [value] {
        return badRequest("query parameter \(name): expected \(value), got \(parameters.getAll(name))")
    }
    return json(itemsBody, status: .ok)
}
router.post("items") { request, _ -> Response in
    guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
        return badRequest("expected Content-Type application/json, got \(request.headers[.contentType] ?? "none")")
    }
    let body = try await request.body.collect(upTo: 4096)
    guard let item = try? JSONDecoder().decode(NewItem.self, from: Data(buffer: body)), item == Fixture.newItem else {
        return badRequest("unexpected body \(String(buffer: body))")
    }
    return json(createdBody, status: .created)
}
router.get("stats") { _, _ -> Response in
    json(ByteBuffer(string: "{\"cpu_us\":\(Int(cpuMicroseconds()))}"), status: .ok)
}

let port: Int = {
    guard let index = CommandLine.arguments.firstIndex(of: "--port"), index + 1 < CommandLine.arguments.count else {
        return 0
    }
    guard let value = Int(CommandLine.arguments[index + 1]) else {
        FileHandle.standardError.write(Data("--port takes a number\n".utf8))
        exit(2)
    }
    return value
}()

var logger = Logger(label: "EndToEndServer")
logger.logLevel = .warning
let app = Application(
    router: router,
    configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: nil),
    onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        let line = "listening on 127.0.0.1:\(bound), items body \(itemsBody.readableBytes) bytes\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    },
    logger: logger
)
try await app.runService()
