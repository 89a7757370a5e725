import Foundation

/// What ``HARRecordingSession`` and ``HARReplaySession`` throw.
public enum HTTPArchiveError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The archive at `path` could not be written; `reason` says why.
    case cannotWrite(path: String, reason: String)
    /// The file at `path` is not an HTTP Archive the replay can use; `reason` names the member.
    case unreadableArchive(path: String, reason: String)
    /// No recorded exchange matches the request.
    case unmatchedRequest(UnmatchedRequest)
    /// Every recorded exchange that matches the request was already replayed.
    case exhausted(ExhaustedRequest)

    /// A request no recorded exchange matches: ``HTTPArchiveError/unmatchedRequest(_:)``.
    public struct UnmatchedRequest: Sendable, Hashable {
        /// The request's method.
        public let method: String
        /// The request's URL, redacted as when recording.
        public let url: String
        /// The matching rule, such as "method and URL".
        public let rule: String

        /// Creates the value, for a test that throws one.
        public init(method: String, url: String, rule: String) {
            self.method = method
            self.url = url
            self.rule = rule
        }
    }

    /// A request whose recordings were all replayed: ``HTTPArchiveError/exhausted(_:)``.
    public struct ExhaustedRequest: Sendable, Hashable {
        /// The request's method.
        public let method: String
        /// The request's URL, redacted as when recording.
        public let url: String
        /// How many recorded exchanges match it.
        public let recorded: Int

        /// Creates the value, for a test that throws one.
        public init(method: String, url: String, recorded: Int) {
            self.method = method
            self.url = url
            self.recorded = recorded
        }
    }

    /// The ``description``.
    public var errorDescription: String? { description }

    /// The error in words, naming what was refused and where.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write the HTTP Archive \(path): \(reason)"
        case .unreadableArchive(let path, let reason):
            "cannot replay \(path): \(reason)"
        case .unmatchedRequest(let request):
            "no recorded exchange matches \(request.method) \(request.url) (matching by \(request.rule))"
        case .exhausted(let request):
            "\(request.method) \(request.url) was recorded \(request.recorded) time\(request.recorded == 1 ? "" : "s") "
                + "and every recording was already replayed"
        }
    }
}
