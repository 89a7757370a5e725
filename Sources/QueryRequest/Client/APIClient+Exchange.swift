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

    /// Sends `request` until it gets a response that is final: each attempt through the middleware
    /// and the session, retrying as ``APISetting`` allows and once more after a token refresh. `rebuild`
    /// makes the request again for the attempts after the first, when its body is a stream read once.
    func exchange(
        _ request: URLRequest, rebuild: (() throws(APIError) -> URLRequest)?, method: HTTPMethod,
        setting: APISetting, requestName: RequestName
    ) async throws(APIError) -> (HTTPURLResponse, Data) {
        if setting.requiresAuthorization, !authorizes {
            throw .authorization(APIError.AuthorizationProblem.noAuthorizationMiddleware)
        }
        let mayRetry = method.isIdempotent || setting.retriesNonIdempotentRequests
        let maximumRetries = max(setting.retryCount, 0)
        let limit = max(setting.maximumResponseSize ?? maximumResponseSize, 0)
        // Only the bearer middleware keeps state between attempts: a client without middleware needs none.
        let state = middleware.isEmpty ? nil : SendState()
        var retries = 0
        var attemptNumber = 0
        var reason = AttemptReason.first
        while true {
            if Task.isCancelled { throw .cancelled }
            attemptNumber += 1
            let request = attemptNumber > 1 ? try rebuild?() ?? request : request
            let context = MiddlewareContext(
                name: requestName, method: method, setting: setting, attempt: attemptNumber, reason: reason,
                sendState: state)
            let outcome: Result<ClientResponse, APIError>
            do {
                outcome = .success(
                    try await MiddlewareChain.run(middleware[...], request: request, context: context) {
                        sent throws(APIError) in
                        try await attempt(sent, context: context, limit: limit)
                    })
            } catch {
                outcome = .failure(error)
            }

            switch outcome {
            case .failure(let error):
                guard mayRetry, retries < maximumRetries, case .transport(let urlError) = error,
                    Self.isWorthRetrying(urlError)
                else { throw error }
                retries += 1
                reason = .retryAfterTransportError(urlError.code)
                try await wait(backoff.delay(beforeRetry: retries))

            case .success(let answer):
                let response = answer.response
                if state?.takeRetryAfterRefresh() == true {
                    reason = .retryAfterTokenRefresh
                    continue
                }
                guard mayRetry, retries < maximumRetries, Self.retryableStatuses.contains(response.statusCode) else {
                    return (response, answer.body)
                }
                let delay: Duration
                if let retryAfter = RetryAfter.delay(in: response) {
                    // The server asked for a longer wait than we are willing to make: let the caller see
                    // its answer now rather than retrying before the server said to.
                    guard retryAfter <= backoff.maximumRetryAfter else { return (response, answer.body) }
                    delay = retryAfter
                } else {
                    delay = backoff.delay(beforeRetry: retries + 1)
                }
                retries += 1
                reason = .retryAfterStatus(response.statusCode)
                try await wait(delay)
            }
        }
    }

    /// Sends one request through the session, the end of the middleware chain, and reports it to the
    /// `onAttempt` hook.
    private func attempt(
        _ request: URLRequest, context: MiddlewareContext, limit: Int
    ) async throws(APIError) -> ClientResponse {
        let clock = ContinuousClock()
        let start = clock.now
        var result: Result<(response: HTTPURLResponse, body: Data), APIError>
        do {
            let (body, response) = try await AsyncSequenceInputStream.whileSending(request) {
                try await session.data(for: request, upTo: limit)
            }
            if let response = response as? HTTPURLResponse {
                result = .success((response, body))
            } else {
                var info: [String: Any] = [:]
                info[NSURLErrorFailingURLErrorKey] = request.url
                result = .failure(.transport(URLError(.badServerResponse, userInfo: info)))
            }
        } catch let tooLarge as ResponseTooLargeError {
            if let response = tooLarge.response as? HTTPURLResponse {
                result = .failure(.responseTooLarge(limit: tooLarge.limit, response: response))
            } else {
                result = .failure(Self.transportError(tooLarge, sending: request))
            }
        } catch {
            result = .failure(Self.transportError(error, sending: request))
        }
        // A streamed body that failed: the server got no complete request, whatever the session answered.
        if let bodyFailure = RequestBodyStreamError.recorded(in: request) {
            result = .failure(.invalidRequest(bodyFailure))
        }
        let duration = clock.now - start
        if let progress = ProgressReporter.current, case .success(let exchange) = result {
            let expected = exchange.response.expectedContentLength
            progress.finish(
                sent: Int64(Attempt.bodySize(of: request)), received: Int64(exchange.body.count),
                expectedToReceive: expected >= 0 ? expected : nil)
        }
        onAttempt?(Attempt(request: request, context: context, duration: duration, outcome: result))
        return try result.map { ClientResponse(response: $0.response, body: $0.body) }.get()
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
