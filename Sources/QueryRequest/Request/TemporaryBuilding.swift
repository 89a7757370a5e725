import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// TEMPORARY scaffolding so that other work can compile against `Request` while the real, safe URL
// building is written. It is replaced (and this file deleted) by the request-building work.

extension APIHost where Self: RawRepresentable, RawValue == String {
    public var baseURL: URL {
        get throws {
            let text = rawValue.contains("://") ? rawValue : "https://" + rawValue
            guard let url = URL(string: text) else { throw URLError(.badURL) }
            return url
        }
    }
}

extension Request {
    public func makeURLRequest() throws -> URLRequest {
        let query = try queryEncoder.encodeToString(self.query)
        let base = try host.baseURL.absoluteString
        guard let url = URL(string: base + path + (query.isEmpty ? "" : "?" + query)) else {
            throw URLError(.badURL)
        }
        var request = URLRequest(url: url, cachePolicy: setting.cachePolicy, timeoutInterval: setting.timeout)
        request.httpMethod = method.rawValue
        for (name, value) in setting.headers.merging(headers, uniquingKeysWith: { $1 }) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }
}
