import Foundation
import QueryRequest
import TestSupport
import Testing

/// What the echo server received, as it reports it.
struct Echo: Decodable, Sendable {
    let method: String
    let path: String
    let query: String?
    let items: [[String]]
    let headers: [[String]]
    let body: String
    let attempt: Int

    /// The value of the first header called `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.first?.lowercased() == name.lowercased() }?.last
    }

    /// The body exactly as received.
    var bodyData: Data? { Data(base64Encoded: body) }
}

/// A request to the echo server, decoded as ``Echo``.
struct EchoRequest<Parameters: Encodable & Sendable>: Request {
    typealias Response = Echo
    var method: HTTPMethod = .get
    let host: Loopback
    var path = "/echo"
    var query: Parameters
    var setting: APISetting = .default
    var headers: [String: String] = [:]
}

extension EchoRequest where Parameters == EmptyQuery {
    init(
        method: HTTPMethod = .get, host: Loopback, path: String = "/echo", setting: APISetting = .default,
        headers: [String: String] = [:]
    ) {
        self.init(method: method, host: host, path: path, query: EmptyQuery(), setting: setting, headers: headers)
    }
}
