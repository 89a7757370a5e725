import Foundation
import QueryRequest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request whose every part is a stored property, so a test states only what it varies.
struct Endpoint<QueryParameters: Encodable & Sendable, Host: APIHost>: Request {
    var host: Host
    var path: String
    var query: QueryParameters
    var method: HTTPMethod = .get
    var setting: APISetting = .default
    var headers: [String: String] = [:]
    var body: RequestBody? = nil
    var queryEncoder = QueryEncoder()
}

extension Endpoint where QueryParameters == EmptyQuery {
    init(
        host: Host, path: String, method: HTTPMethod = .get, setting: APISetting = .default,
        headers: [String: String] = [:], body: RequestBody? = nil
    ) {
        self.init(
            host: host, path: path, query: EmptyQuery(), method: method, setting: setting, headers: headers, body: body)
    }
}

extension Endpoint where QueryParameters == EmptyQuery, Host == Hosts {
    init(
        _ path: String, method: HTTPMethod = .get, setting: APISetting = .default, headers: [String: String] = [:],
        body: RequestBody? = nil
    ) {
        self.init(host: .test, path: path, method: method, setting: setting, headers: headers, body: body)
    }
}

/// The built URL's text, for exact comparisons.
func builtURL(_ path: String, host: some APIHost = Hosts.test) throws -> String {
    try Endpoint(host: host, path: path).makeURLRequest().url?.absoluteString ?? "<no URL>"
}
