import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// Statuses that say "try again later" rather than "this request is wrong".
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Transport failures that another attempt may not hit: timeouts, lost or refused connections, DNS.
    static func isWorthRetrying(_ error: URLError) -> Bool {
        switch error.code {
        case .timedOut, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .notConnectedToInternet:
            true
        default:
            false
        }
    }

    /// Sends `request` until it gets a response that is final: authorizing each attempt, refreshing the
    /// token once on 401 and retrying as ``APISetting`` allows.
    func exchange(
        _ request: URLRequest, method: HTTPMethod, setting: APISetting
    ) async throws(APIError) -> (HTTPURLResponse, Data) {
        let mayRetry = method.isIdempotent || setting.retriesNonIdempotentRequests
        let maximumRetries = max(setting.retryCount, 0)
        var retries = 0
        var attemptNumber = 0
        var hasRefreshed = false
        var refreshedToken: String?
        while true {
            if Task.isCancelled { throw .cancelled }
            attemptNumber += 1
            var sent = request
            var tokenGeneration = 0
            if setting.requiresAuthorization {
                tokenGeneration = await refresher.generation
                let token: String
                if let refreshedToken {
                    token = refreshedToken
                } else {
                    token = try await currentToken()
                }
                try Self.authorize(&sent, with: token)
            }
            refreshedToken = nil

            switch await attempt(sent, number: attemptNumber) {
            case .failure(let error):
                guard mayRetry, retries < maximumRetries, case .transport(let urlError) = error,
                    Self.isWorthRetrying(urlError)
                else { throw error }
                retries += 1
                try await wait(backoff.delay(beforeRetry: retries))

            case .success(let (response, body)):
                if response.statusCode == 401, setting.requiresAuthorization, setting.refreshesTokenOnUnauthorized,
                    !hasRefreshed
                {
                    hasRefreshed = true
                    refreshedToken = try await newToken(after: tokenGeneration)
                    continue
                }
                guard mayRetry, retries < maximumRetries, Self.retryableStatuses.contains(response.statusCode) else {
                    return (response, body)
                }
                let delay: Duration
                if let retryAfter = RetryAfter.delay(in: response) {
                    // The server asked for a longer wait than we are willing to make: let the caller see
                    // its answer now rather than retrying before the server said to.
                    guard retryAfter <= backoff.maximumRetryAfter else { return (response, body) }
                    delay = retryAfter
                } else {
                    delay = backoff.delay(beforeRetry: retries + 1)
                }
                retries += 1
                try await wait(delay)
            }
        }
    }

    /// Sends one attempt and reports it to the `onAttempt` hook.
    private func attempt(
        _ request: URLRequest, number: Int
    ) async -> Result<(response: HTTPURLResponse, body: Data), APIError> {
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<(response: HTTPURLResponse, body: Data), APIError>
        do {
            let (body, response) = try await session.data(for: request)
            if let response = response as? HTTPURLResponse {
                result = .success((response, body))
            } else {
                var info: [String: Any] = [:]
                info[NSURLErrorFailingURLErrorKey] = request.url
                result = .failure(.transport(URLError(.badServerResponse, userInfo: info)))
            }
        } catch {
            result = .failure(Self.transportError(error, sending: request))
        }
        let duration = clock.now - start
        onAttempt?(Attempt(request: request, number: number, duration: duration, outcome: result))
        return result
    }

    /// What a session's error means: cancellation in either form, or a transport failure, which then
    /// names the request's URL so that its message can say where it failed.
    private static func transportError(_ error: any Error, sending request: URLRequest) -> APIError {
        if error is CancellationError || Task.isCancelled { return .cancelled }
        var urlError = error as? URLError ?? URLError(.unknown, userInfo: [NSUnderlyingErrorKey: error])
        if urlError.code == .cancelled { return .cancelled }
        if urlError.failingURL == nil, let url = request.url {
            var info = urlError.userInfo
            info[NSURLErrorFailingURLErrorKey] = url
            urlError = URLError(urlError.code, userInfo: info)
        }
        return .transport(urlError)
    }

    private func wait(_ delay: Duration) async throws(APIError) {
        do {
            try await backoff.sleep(delay)
        } catch {
            throw .cancelled
        }
    }
}
