import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a client hides in the text it writes: the ``Redaction`` it was made with, and every header and query
/// parameter name its ``AuthorizationMiddleware`` were seen to place (an API key, a signature), which are
/// secrets whether or not the redaction names them. Shared by the client's copies; names only grow.
///
/// A session that writes requests down (``HARRecordingSession``) finds it in ``current`` while the client's
/// request is sent.
final class RedactionContext: Sendable {
    /// The context of the client whose attempt the session is sending, when it hides more than
    /// ``Redaction/default`` does.
    @TaskLocal static var current: RedactionContext?

    /// The redaction the client was made with.
    let redaction: Redaction
    /// Whether ``redaction`` is ``Redaction/default``, worked out once.
    private let redactionIsDefault: Bool
    private let names = Locked(CredentialNames())

    init(_ redaction: Redaction) {
        self.redaction = redaction
        redactionIsDefault = redaction == .default
    }

    /// The credential names noted so far, the standard ones included.
    var credentials: CredentialNames { names.current }

    /// Notes what an authorization middleware placed when it turned `request` into `next`; whether it placed
    /// anything.
    func noteCredentials(placedBetween request: URLRequest, and next: URLRequest) -> Bool {
        let before = request.allHTTPHeaderFields ?? [:]
        guard next.allHTTPHeaderFields ?? [:] != before || next.url != request.url else { return false }
        names.withValue { $0.note(placedBetween: request, and: next) }
        return true
    }

    /// The redaction to write text with: the client's, and every credential name noted (``Redaction/none``
    /// stays none).
    var effective: Redaction { redaction.including(credentials) }

    /// Whether this context hides more than ``Redaction/default``: only then is it shared with the session.
    var hidesMoreThanTheDefault: Bool {
        !redactionIsDefault || names.withValue { $0.hasNamesBeyondTheStandardOnes }
    }
}
