import Foundation

/// What ``HARRecordingSession`` and ``HARReplaySession`` throw.
public enum HTTPArchiveError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The archive at `path` could not be written; `reason` says why.
    case cannotWrite(path: String, reason: String)
    /// The file at `path` is not an HTTP Archive the replay can use; `reason` names the member.
    case unreadableArchive(path: String, reason: String)
    /// No recorded exchange matches the request `method` `url` (the URL redacted as when recording);
    /// `rule` names the matching rule, such as "method and URL".
    case unmatchedRequest(method: String, url: String, rule: String)
    /// Every one of the `recorded` exchanges that match `method` `url` was already replayed.
    case exhausted(method: String, url: String, recorded: Int)

    /// The ``description``.
    public var errorDescription: String? { description }

    /// The error in words, naming what was refused and where.
    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write the HTTP Archive \(path): \(reason)"
        case .unreadableArchive(let path, let reason):
            "cannot replay \(path): \(reason)"
        case .unmatchedRequest(let method, let url, let rule):
            "no recorded exchange matches \(method) \(url) (matching by \(rule))"
        case .exhausted(let method, let url, let recorded):
            "\(method) \(url) was recorded \(recorded) time\(recorded == 1 ? "" : "s") and every recording was already replayed"
        }
    }
}
