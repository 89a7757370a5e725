import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// The retry policy of a request with `setting`: its own, or the client's.
    func retryPolicy(for setting: APISetting) -> RetryPolicy {
        setting.retryPolicy ?? retryPolicy
    }

    /// Sends `request` until it gets a response that is final: each attempt through the middleware
    /// and the session, following redirects as the ``RedirectPolicy`` allows, retrying as the ``RetryPolicy``
    /// allows and once more after a token refresh. `rebuild` makes the request again for the attempts after
    /// the first, when its body is a stream read once.
    ///
    /// With `streaming`, an accepted response (by `validation`'s status codes) comes back as soon as its
    /// head arrives, with its ``ClientResponse/body`` streaming; any other is read whole. `reason` is
    /// the first attempt's (a reconnection of server-sent events says so).
    func exchange(
        _ original: URLRequest, rebuild: (() throws(APIError) -> URLRequest)?, method: HTTPMethod,
        setting: APISetting, requestName: RequestName, state: SendState?, streaming: Streaming? = nil,
        reason: AttemptReason = .first
    ) async throws(APIError) -> ClientResponse {
        if setting.requiresAuthorization, !authorizes {
            throw .authorization(AuthorizationError.noAuthorizationMiddleware)
        }
        let policy = retryPolicy(for: setting)
        let mayRetry = policy.mayRetry(method)
        let maximumRetries = policy.retryBudget
        let limit = max(setting.maximumResponseSize ?? maximumResponseSize, 0)
        var redirects = RedirectChain(policy: setting.redirectPolicy ?? redirectPolicy)
        // Only the default policy lets a session follow a redirect on its own.
        let refusesSessionRedirects = setting.redirectPolicy.map { $0 != .follow } ?? !redirectPolicyIsDefault
        // The redirect being followed: its request replaces the request's own until the next retry.
        var hop: RedirectChain.Hop?
        // A download that restarts its body goes on from the count of its earlier exchanges.
        let earlier = streaming?.earlier?.current
        var retries = earlier?.retries ?? 0
        var attemptNumber = earlier?.attempts ?? 0
        var reason = earlier?.reason ?? reason
        defer { streaming?.earlier?.withValue { $0 = (retries, attemptNumber, reason) } }
        while true {
            if Task.isCancelled { throw .cancelled }
            attemptNumber += 1
            let request: URLRequest
            if let hop {
                request = hop.request
            } else if attemptNumber > 1, let rebuild {
                request = try rebuild()
            } else {
                request = original
            }
            let context = MiddlewareContext(
                name: requestName, method: method, setting: setting, attempt: attemptNumber, reason: reason,
                sendsCredentials: hop?.sendsCredentials ?? true, sendState: state)
            let outcome: Result<ClientResponse, APIError>
            do {
                outcome = .success(
                    try await MiddlewareChain.run(chain[...], request: request, context: context) {
                        request throws(APIError) in
                        try await attempt(
                            request, context: context, limit: limit, streaming: streaming,
                            refusesSessionRedirects: refusesSessionRedirects)
                    })
            } catch {
                outcome = .failure(error)
            }

            switch outcome {
            case .failure(let error):
                guard mayRetry, retries < maximumRetries, case .transport(let urlError) = error,
                    policy.isWorthRetrying(urlError)
                else { throw error }
                retries += 1
                reason = .retryAfterTransportError(urlError.code)
                hop = nil
                redirects.restart()
                try await wait(backoff.delay(beforeRetry: retries, under: policy))

            case .success(let answer):
                let response = answer.response
                if state?.takeRetryAfterRefresh() == true {
                    answer.body.cancel()
                    reason = .retryAfterTokenRefresh
                    hop = nil
                    redirects.restart()
                    continue
                }
                redirects.noteAnswered(response, to: request)
                if RedirectChain.isFollowed(response.statusCode),
                    let next = try await redirects.hop(after: response, to: request, rebuild: rebuild, state: state)
                {
                    answer.body.cancel()
                    hop = next
                    reason = .redirect(status: next.status)
                    continue
                }
                guard mayRetry, retries < maximumRetries, policy.retryableStatusCodes.contains(response.statusCode)
                else {
                    return answer
                }
                // Not this answer: stop its transfer, if it is still running.
                answer.body.cancel()
                let delay: Duration
                if let retryAfter = RetryAfter.delay(in: response) {
                    // The server asked for a longer wait than we are willing to make: let the caller see
                    // its answer now rather than retrying before the server said to.
                    guard retryAfter <= policy.maximumRetryAfter else { return answer }
                    delay = retryAfter
                } else {
                    delay = backoff.delay(beforeRetry: retries + 1, under: policy)
                }
                retries += 1
                reason = .retryAfterStatus(response.statusCode)
                hop = nil
                redirects.restart()
                try await wait(delay)
            }
        }
    }

    /// How a call that streams its response reads each attempt's.
    struct Streaming {
        /// Which statuses are handed over streamed; the others are read whole.
        let validation: ResponseValidation
        /// The largest body handed over, counted as the chunks are read.
        let limit: Int
        /// The retries and attempts of a download's earlier exchanges, which this one continues.
        var earlier: DownloadAttempts? = nil
    }

    /// Sends one request through the session, the end of the middleware chain, and reports it to the
    /// `onAttempt` hook.
    private func attempt(
        _ request: URLRequest, context: MiddlewareContext, limit: Int, streaming: Streaming?,
        refusesSessionRedirects: Bool
    ) async throws(APIError) -> ClientResponse {
        // A middleware of the user's may have put a credential on a hop that may not have one.
        let request =
            context.sendsCredentials
            ? request : (context.sendState?.credentials ?? CredentialNames()).removed(from: request)
        let clock = ContinuousClock()
        let start = clock.now
        // Only made for a client that reports its attempts: nobody else reads it.
        let timing = onAttempt == nil ? nil : AttemptTimingRecorder()
        var result: Result<ClientResponse, APIError>
        do {
            let answer = try await AsyncSequenceInputStream.whileSending(request) { () async throws -> ClientResponse in
                guard redactionContext.hidesMoreThanTheDefault || timing != nil else {
                    return try await send(request, limit, streaming)
                }
                // A session that writes the request down (a recording) hides what the client hides.
                return try await RedactionContext.$current.withValue(redactionContext) {
                    try await AttemptTimingRecorder.$current.withValue(timing) {
                        try await send(request, limit, streaming)
                    }
                }
            }
            result = .success(answer)
        } catch {
            result = .failure(Self.apiError(error, response: nil, sending: request))
        }
        // A streamed body that failed: the server got no complete request, whatever the session answered.
        if let bodyFailure = request.recordedBodyFailure {
            if case .success(let answer) = result { answer.body.cancel() }
            result = .failure(.invalidRequest(bodyFailure))
        }
        // A session that followed a redirect itself went around the policy: only the default one allows it.
        if refusesSessionRedirects, case .success(let answer) = result, let requested = request.url,
            let answered = answer.response.url, !RedirectChain.isSameResource(requested, answered)
        {
            answer.body.cancel()
            result = .failure(.redirect(.followedBySession(requested: requested, answered: answered)))
        }
        let duration = clock.now - start
        if let progress = ProgressReporter.current, case .success(let answer) = result, let whole = answer.body.data {
            let expected = answer.response.expectedContentLength
            progress.finish(
                sent: Int64(Attempt.bodySize(of: request)), received: Int64(whole.count),
                expectedToReceive: expected >= 0 ? expected : nil)
        }
        onAttempt?(
            Attempt(
                request: request, context: context, duration: duration, timing: Attempt.Timing(timing, since: start),
                outcome: result.map { (response: $0.response, body: $0.body.data ?? Data()) },
                redaction: redactionContext))
        return try result.get()
    }

    /// The session's answer to `request`: read whole, or for a streaming call as ``exchangeStreaming``.
    /// Inlined: an async call of its own costs a task frame on every attempt.
    @inline(__always)
    private func send(_ request: URLRequest, _ limit: Int, _ streaming: Streaming?) async throws -> ClientResponse {
        if let streaming {
            return try await exchangeStreaming(request, limit: limit, streaming: streaming)
        }
        let (body, response) = try await session.data(for: request, upTo: limit)
        return ClientResponse(response: try Self.httpResponse(response, to: request), body: body)
    }

    /// The session's answer to `request` for a streaming call: as soon as its head arrives when its status
    /// is accepted, else read whole.
    private func exchangeStreaming(
        _ request: URLRequest, limit: Int, streaming: Streaming
    ) async throws -> ClientResponse {
        let (body, urlResponse) = try await session.stream(for: request, upTo: streaming.limit)
        // Any session returns here at the head; URLSession noted it already, a little earlier.
        AttemptTimingRecorder.current?.noteResponseStart()
        let response = try Self.httpResponse(urlResponse, to: request)
        let checked = ResponseBody(
            source: CheckedBodySource(
                body, response: response, request: request, limit: streaming.limit, reportsProgress: false))
        guard streaming.validation.accepts(statusCode: response.statusCode) else {
            // Read whole, within the client's usual limit: retries, refreshes and errors need the body.
            let whole = try await Self.collect(checked, of: response, sending: request, upTo: limit)
            return ClientResponse(response: response, body: whole)
        }
        return ClientResponse(response: response, body: checked)
    }

    /// `response` as an `HTTPURLResponse`; anything else is a bad server response.
    private static func httpResponse(_ response: URLResponse, to request: URLRequest) throws -> HTTPURLResponse {
        guard let response = response as? HTTPURLResponse else {
            var info: [String: Any] = [:]
            info[NSURLErrorFailingURLErrorKey] = request.url
            throw APIError.transport(URLError(.badServerResponse, userInfo: info))
        }
        return response
    }

    /// The body's bytes: those of a body held whole as they are (the session bounded them as it read them, and
    /// a middleware's own answer is taken as given), a streamed body read whole, failing once it passes `limit`.
    static func collect(
        _ body: ResponseBody, of response: HTTPURLResponse, sending request: URLRequest, upTo limit: Int
    ) async throws(APIError) -> Data {
        if let data = body.data { return data }
        do {
            return try await body.collect(upTo: limit)
        } catch {
            throw apiError(error, response: response, sending: request)
        }
    }

    /// What an error thrown while sending `request` or reading its body (of `response`, once it came) means
    /// to the caller: the one place a body over its limit (a session's ``ResponseTooLargeError``, or
    /// ``ResponseBody/TooLargeError`` from ``ResponseBody/collect(upTo:)``) becomes
    /// ``APIError/responseTooLarge(limit:response:)``; an ``APIError`` is passed on, anything else is a
    /// transport failure (``transportError(_:sending:)``).
    static func apiError(_ error: any Error, response: HTTPURLResponse?, sending request: URLRequest) -> APIError {
        switch error {
        case let error as APIError:
            return error
        case let tooLarge as ResponseTooLargeError:
            guard let response = tooLarge.response as? HTTPURLResponse ?? response else {
                return transportError(tooLarge, sending: request)
            }
            return .responseTooLarge(limit: tooLarge.limit, response: response)
        case let tooLarge as ResponseBody.TooLargeError:
            guard let response else { return transportError(tooLarge, sending: request) }
            return .responseTooLarge(limit: tooLarge.limit, response: response)
        default:
            return transportError(error, sending: request)
        }
    }

    /// What a session's error means: cancellation in either form, or a transport failure, which then
    /// names the request's URL so that its message can say where it failed.
    static func transportError(_ error: any Error, sending request: URLRequest) -> APIError {
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
