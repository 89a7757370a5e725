import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension AsyncHTTPClientSession {
    /// The AsyncHTTPClient request for `request`: its method, URL, headers and body.
    static func makeRequest(_ request: URLRequest) throws -> HTTPClientRequest {
        guard let url = request.url else { throw URLError(.badURL) }
        guard request.httpBodyStream == nil else {
            throw URLError(
                .unsupportedURL,
                userInfo: [
                    NSLocalizedDescriptionKey: "AsyncHTTPClientSession does not send httpBodyStream bodies yet.",
                    NSURLErrorFailingURLErrorKey: url,
                ])
        }
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.httpMethod ?? "GET")
        // Sorted, so that the order on the wire does not change from one process to the next.
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            outgoing.headers.add(name: name, value: value)
        }
        if let body = request.httpBody {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        return outgoing
    }

    /// The request's timeout as a `TimeAmount`: a non-finite or negative one reads as 60 s, the
    /// `URLRequest` default, and it is kept within 1 ms…1 year.
    static func timeout(of request: URLRequest) -> TimeAmount {
        let seconds = request.timeoutInterval
        guard seconds.isFinite, seconds > 0 else { return .seconds(60) }
        return .milliseconds(Int64(min(max(seconds, 0.001), 31_536_000) * 1000))
    }

    /// The response headers as `HTTPURLResponse` takes them; a header given more than once has its values
    /// joined with ", ", as `URLSession` does.
    static func headerFields(_ headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        var canonicalNames: [String: String] = [:]
        for (name, value) in headers {
            let key = name.lowercased()
            if let existing = canonicalNames[key] {
                fields[existing] = fields[existing].map { "\($0), \(value)" } ?? value
            } else {
                canonicalNames[key] = name
                fields[name] = value
            }
        }
        return fields
    }
}
