import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``NetworkSession`` that sends every request through another session and records each exchange
/// to a file in the HTTP Archive format (HAR 1.2), which browsers' developer tools, proxies and
/// ``HARReplaySession`` read.
///
/// ```swift
/// let recorder = try HARRecordingSession(
///     wrapping: URLSession.shared, to: URL(fileURLWithPath: "Fixtures/users.har"),
///     redaction: .default.redactingHeaders("X-Api-Key"))
/// let client = APIClient(session: recorder)
/// ```
///
/// - Secrets: headers, query parameters and URL passwords that `redaction` names are redacted as they
///   are recorded (``Redaction/default`` unless told otherwise), and so is every header and query parameter
///   an ``AuthorizationMiddleware`` of the client placed (unless `redaction` is ``Redaction/none``); bodies
///   are recorded as they are.
/// - Bodies: UTF-8 text as text, anything else in base64 (`"encoding": "base64"`; for request bodies
///   the custom member `_encoding`).
/// - When the file is written: the initialiser writes an archive with no entries, and every exchange
///   rewrites the whole file atomically (a temporary file renamed over it) before its response is
///   returned, so the file on disk always parses and holds every exchange completed so far.
/// - Concurrency: requests run concurrently; the entries and the file are guarded by a lock, and
///   entries are kept in the order the requests started (the order a replay answers repeated requests).
/// - What is not recorded: an exchange whose session throws (a timeout, a cancellation), a response
///   that is not an `HTTPURLResponse` (the error or response is passed on unchanged), and a body sent as
///   an `httpBodyStream`, which can be read only once (the entry has no `postData`).
///
/// A file that cannot be written makes the exchange throw ``HTTPArchiveError/cannotWrite(path:reason:)``
/// instead of returning a response that the archive would silently miss.
public final class HARRecordingSession: NetworkSession, Sendable {
    /// The session that really sends the requests.
    public let base: any NetworkSession
    /// The file the archive is written to.
    public let fileURL: URL
    /// What is redacted as exchanges are recorded.
    public let redaction: Redaction

    /// The exchanges recorded so far, in the order their requests started; the file is written while holding
    /// them, so that two writes cannot interleave.
    private let entries = Locked<[(started: Date, entry: HTTPArchive.Entry)]>([])

    /// Starts a recording to `fileURL`, writing an archive with no entries (replacing any file there).
    ///
    /// - Parameters:
    ///   - base: The session that sends the requests, such as `URLSession.shared`.
    ///   - fileURL: The `.har` file to write.
    ///   - redaction: What to redact as exchanges are recorded. Default: ``Redaction/default``.
    /// - Throws: ``HTTPArchiveError/cannotWrite(path:reason:)``.
    public init(wrapping base: any NetworkSession, to fileURL: URL, redaction: Redaction = .default) throws {
        self.base = base
        self.fileURL = fileURL
        self.redaction = redaction
        try entries.withValue { try write($0) }
    }

    /// The number of exchanges recorded so far.
    public var recordedCount: Int { entries.current.count }

    /// Sends `request` through ``base``, records the exchange and writes the file, then returns the
    /// response.
    public func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await record(request) { try await base.data(for: request) }
    }

    /// Sends `request` through ``base``, which reads at most `limit` bytes of body (and stops early if it
    /// can), then records the exchange like ``data(for:)``. A body over the limit is not recorded.
    public func data(for request: URLRequest, upTo limit: Int) async throws -> (Data, URLResponse) {
        try await record(request) { try await base.data(for: request, upTo: limit) }
    }

    private func record(
        _ request: URLRequest, sending send: () async throws -> (Data, URLResponse)
    ) async throws -> (Data, URLResponse) {
        let started = Date()
        let clock = ContinuousClock()
        let start = clock.now
        // The client's, when it reports attempts; else one of this session's own, for the entry's timings.
        let timing = AttemptTimingRecorder.current ?? AttemptTimingRecorder()
        let (body, response) = try await AttemptTimingRecorder.$current.withValue(timing) { try await send() }
        let elapsed = start.duration(to: clock.now)
        guard let http = response as? HTTPURLResponse else { return (body, response) }
        // What the client's authorization middleware placed on the request is redacted, named or not.
        let redaction = redaction.merging(RedactionContext.current?.effective)
        let entry = HTTPArchive.Entry(
            request: request, response: http, body: body, started: started, duration: elapsed.inSeconds,
            timing: timing, since: start, redaction: redaction)
        try entries.withValue { entries in
            let index = entries.lastIndex { $0.started <= started }.map { $0 + 1 } ?? 0
            entries.insert((started, entry), at: index)
            try write(entries)
        }
        return (body, response)
    }

    /// Writes `entries` to the file; the caller holds them (``entries``).
    private func write(_ entries: [(started: Date, entry: HTTPArchive.Entry)]) throws {
        let archive = HTTPArchive(
            log: .init(
                version: "1.2", creator: .init(name: "QueryRequest", version: "1"), entries: entries.map(\.entry)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(archive).write(to: fileURL, options: .atomic)
        } catch {
            throw HTTPArchiveError.cannotWrite(path: fileURL.path, reason: "\(error)")
        }
    }

}
