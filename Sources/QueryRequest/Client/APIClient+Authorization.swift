import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// The token provider's current token.
    func currentToken() async throws(APIError) -> String {
        guard let tokenProvider else { throw .authorization(APIError.TokenProblem.noTokenProvider) }
        do {
            return try await tokenProvider.token()
        } catch {
            throw Self.authorizationError(error)
        }
    }

    /// A token newer than the one sent with an attempt of `generation`, refreshing it if no one has.
    func newToken(after generation: Int) async throws(APIError) -> String {
        guard let tokenProvider else { throw .authorization(APIError.TokenProblem.noTokenProvider) }
        do {
            return try await refresher.refreshedToken(after: generation, using: tokenProvider)
        } catch {
            throw Self.authorizationError(error)
        }
    }

    /// Sets `Authorization: Bearer <token>`, replacing any the request had.
    static func authorize(_ request: inout URLRequest, with token: String) throws(APIError) {
        // `URLRequest.setValue` silently drops a value with CR, LF or NUL: refuse it instead of
        // sending the request without its token.
        let isSendable =
            !token.isEmpty && token.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        guard isSendable else { throw .authorization(APIError.TokenProblem.unsendableToken) }
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    }

    private static func authorizationError(_ error: any Error) -> APIError {
        if error is CancellationError || Task.isCancelled || (error as? URLError)?.code == .cancelled {
            return .cancelled
        }
        return .authorization(error)
    }
}
