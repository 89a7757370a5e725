import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why the client makes an attempt: the first, or a retry and what caused it.
public enum AttemptReason: Sendable, Hashable, CustomStringConvertible {
    /// The first attempt of a call to ``APIClient/send(_:progress:)``.
    case first
    /// A retry after the previous attempt's retryable status (408, 429, 500, 502, 503, 504).
    case retryAfterStatus(Int)
    /// A retry after the previous attempt failed in transport (a timeout, a lost connection…).
    case retryAfterTransportError(URLError.Code)
    /// The retry after a 401 made the client refresh its bearer token.
    case retryAfterTokenRefresh
    /// The first attempt of a reconnection of server-sent events (``APIClient/events(for:reconnection:)``)
    /// after the previous connection ended, with the last event ID it sends (empty when none).
    case reconnection(lastEventID: String)
    /// The request that follows a redirect with this status (301, 302, 303, 307 or 308), as the client's
    /// ``RedirectPolicy`` allowed: its URL is the redirect's `Location`.
    case redirect(status: Int)
    /// An attempt of ``APIClient/download(_:to:ifExists:checkpoint:progress:)`` that asks for the body from this
    /// byte on (`Range: bytes=N-`, with `If-Range`), after a lost connection or from a ``DownloadCheckpoint``.
    case resumption(fromByte: Int64)

    /// `first`, `retry after status 503`, `retry after transport error -1001`, `retry after token refresh`,
    /// `reconnection after event "42"`, `redirect after status 302`, `resumption from byte 1048576`.
    public var description: String {
        switch self {
        case .first: "first"
        case .redirect(let status): "redirect after status \(status)"
        case .resumption(let offset): "resumption from byte \(offset)"
        case .retryAfterStatus(let status): "retry after status \(status)"
        case .retryAfterTransportError(let code): "retry after transport error \(code.rawValue)"
        case .retryAfterTokenRefresh: "retry after token refresh"
        case .reconnection(let lastEventID):
            lastEventID.isEmpty ? "reconnection" : "reconnection after event \(lastEventID.debugDescription)"
        }
    }
}
