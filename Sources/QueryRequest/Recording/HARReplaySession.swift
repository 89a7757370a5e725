import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``NetworkSession`` for tests that answers requests from an HTTP Archive (HAR 1.2), such as one
/// written by ``HARRecordingSession``, without any network.
///
/// ```swift
/// let replay = try HARReplaySession(contentsOf: URL(fileURLWithPath: "Fixtures/users.har"))
/// let client = APIClient(session: replay)
/// ```
///
/// Matching rules:
/// - A request matches a recorded entry with the same method and the same URL, compared as text after
///   the request's URL is redacted with ``redaction`` (as it was when recording) and without its
///   fragment; query parameters must be in the same order. With ``Matching/methodURLAndBody`` the
///   request body must also equal the recorded one: byte for byte, or as JSON values when both are JSON
///   (no body matches an entry without one).
/// - Each entry answers once, in the archive's order: repeated identical requests get the recorded
///   responses one after the other.
/// - A request that matches nothing throws ``HTTPArchiveError/unmatchedRequest(_:)``, and
///   one whose matching entries were all used throws ``HTTPArchiveError/exhausted(_:)``,
///   both naming the method and URL; the client reports them as transport errors.
///
/// A replayed response has the recorded status, headers (redacted ones say ``Redaction/placeholder``)
/// and body, and the URL of the request.
public final class HARReplaySession: NetworkSession, Sendable {
    /// What must agree between a request and a recorded entry.
    public struct Matching: Sendable, Hashable, CustomStringConvertible {
        let includesBody: Bool

        /// The method and the URL.
        public static let methodAndURL = Matching(includesBody: false)
        /// The method, the URL and the body: its bytes, or, when both bodies are JSON, their values (objects
        /// compared without regard to the order of their keys, which `JSONEncoder` does not keep for a
        /// `Dictionary`).
        public static let methodURLAndBody = Matching(includesBody: true)

        /// The rule in words, as errors name it.
        public var description: String { includesBody ? "method, URL and body" : "method and URL" }
    }

    private struct Recorded {
        let method: String
        let url: String
        let body: Data
        let status: Int
        let httpVersion: String
        let headers: [String: String]
        let responseBody: Data
    }

    /// The rule requests are matched by.
    public let matching: Matching
    /// The redaction applied to a request's URL before it is compared with the recorded URLs.
    public let redaction: Redaction

    private let recorded: [Recorded]
    /// Which of `recorded` were replayed already.
    private let used: Locked<[Bool]>

    /// Reads the archive at `fileURL`.
    ///
    /// - Parameters:
    ///   - fileURL: A `.har` file.
    ///   - matching: What must agree between a request and an entry. Default: method and URL.
    ///   - redaction: The redaction the archive was recorded with, applied to request URLs before
    ///     comparing them. Default: ``Redaction/default``.
    /// - Throws: ``HTTPArchiveError/unreadableArchive(path:reason:)`` naming the member that is missing
    ///   or malformed.
    public init(contentsOf fileURL: URL, matching: Matching = .methodAndURL, redaction: Redaction = .default) throws {
        self.matching = matching
        self.redaction = redaction
        let path = fileURL.path
        let archive: HTTPArchive
        do {
            archive = try JSONDecoder().decode(HTTPArchive.self, from: Data(contentsOf: fileURL))
        } catch let error as DecodingError {
            throw HTTPArchiveError.unreadableArchive(path: path, reason: Self.describe(error))
        } catch {
            throw HTTPArchiveError.unreadableArchive(path: path, reason: "\(error)")
        }
        var recorded: [Recorded] = []
        for (index, entry) in archive.log.entries.enumerated() {
            let member = "log.entries[\(index)]"
            let body = try entry.request.postData.map { postData in
                guard let body = HTTPArchive.body(text: postData.text, encoding: postData.encoding) else {
                    throw HTTPArchiveError.unreadableArchive(
                        path: path, reason: "\(member).request.postData.text is not valid \(postData.encoding ?? "")")
                }
                return body
            }
            guard
                let responseBody = HTTPArchive.body(
                    text: entry.response.content.text, encoding: entry.response.content.encoding)
            else {
                throw HTTPArchiveError.unreadableArchive(
                    path: path,
                    reason: "\(member).response.content.text is not valid \(entry.response.content.encoding ?? "")")
            }
            var headers: [String: String] = [:]
            for header in entry.response.headers {
                if let existing = headers.first(where: { $0.key.lowercased() == header.name.lowercased() }) {
                    headers[existing.key] = existing.value + ", " + header.value
                } else {
                    headers[header.name] = header.value
                }
            }
            recorded.append(
                Recorded(
                    method: entry.request.method.uppercased(), url: HTTPArchive.withoutFragment(entry.request.url),
                    body: body ?? Data(), status: entry.response.status, httpVersion: entry.response.httpVersion,
                    headers: headers, responseBody: responseBody))
        }
        self.recorded = recorded
        used = Locked(Array(repeating: false, count: recorded.count))
    }

    /// The method and URL of every entry not replayed yet, in the archive's order: a test can check
    /// that its code made every recorded request.
    public var unreplayed: [String] {
        zip(recorded, used.current).filter { !$1 }.map { "\($0.0.method) \($0.0.url)" }
    }

    /// Answers `request` with the first unused entry that matches it.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        let method = (request.httpMethod ?? "GET").uppercased()
        // Redacted as it was recorded: with what the client's authorization middleware placed, too.
        let redaction = redaction.merging(RedactionContext.current?.effective)
        let redactedURL = HTTPArchive.withoutFragment(redaction.redactedURL(url).absoluteString)
        let body = request.httpBody ?? Data()
        let entry: Recorded = try used.withValue { used in
            let candidates = recorded.indices.filter {
                recorded[$0].method == method && recorded[$0].url == redactedURL
                    && (!matching.includesBody || Self.sameBody(recorded[$0].body, body))
            }
            guard let index = candidates.first(where: { !used[$0] }) else {
                if candidates.isEmpty {
                    throw HTTPArchiveError.unmatchedRequest(
                        .init(method: method, url: redactedURL, rule: matching.description))
                }
                throw HTTPArchiveError.exhausted(
                    .init(method: method, url: redactedURL, recorded: candidates.count))
            }
            used[index] = true
            return recorded[index]
        }
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: entry.status, httpVersion: entry.httpVersion, headerFields: entry.headers)
        else { throw URLError(.badServerResponse) }
        return (entry.responseBody, response)
    }

    /// Whether two request bodies are the same: the same bytes, or the same JSON value (objects compared as
    /// sets of members: both are written out again with sorted keys and compared).
    static func sameBody(_ recorded: Data, _ sent: Data) -> Bool {
        if recorded == sent { return true }
        func canonical(_ body: Data) -> Data? {
            guard let first = body.first(where: { !$0.isJSONWhitespace }),
                first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
            else { return nil }
            guard let value = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else {
                return nil
            }
            return try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        }
        guard let lhs = canonical(recorded), let rhs = canonical(sent) else { return false }
        return lhs == rhs
    }

    /// A decoding error as the path of the member and what is wrong with it.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .drop { $0 == "." }.description
        }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "the member \(parent.isEmpty ? "" : parent + ".")\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let at = path(context)
            return "\(at.isEmpty ? "the file" : at): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

}

extension UInt8 {
    /// Whether this byte is JSON whitespace (RFC 8259 §2).
    fileprivate var isJSONWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
