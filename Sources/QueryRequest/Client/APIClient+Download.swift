import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// What ``download(_:to:ifExists:progress:)`` does when its destination already exists.
    public enum ExistingDestination: Sendable, Hashable {
        /// Throw ``APIError/fileSystem(path:error:)`` with `CocoaError(.fileWriteFileExists)`, and leave
        /// the existing file alone: checked before the request is sent, and again, atomically, when the
        /// download moves into place (a file created meanwhile is not replaced).
        case refuse
        /// Replace it, atomically, once the whole body has arrived: until then it stays as it was, and
        /// after a failure it is untouched. A directory is never replaced: it is refused with `EISDIR`
        /// before anything is sent.
        case replace
    }

    /// Sends `request` and writes the response body to the file at `destination`, streamed to disk as it
    /// arrives: never held in memory, and not bound by the response size limit.
    ///
    /// ```swift
    /// let file = URL(fileURLWithPath: "/tmp/export.csv")
    /// try await client.download(ExportRequest(year: 2025), to: file, ifExists: .replace) { progress in
    ///     if let fraction = progress.fractionReceived { print("\(Int(fraction * 100)) %") }
    /// }
    /// ```
    ///
    /// The body is written to a hidden temporary file (`.queryrequest-download-<UUID>`, owner-only
    /// permissions) in `destination`'s directory, which must exist, and renamed to `destination` only
    /// once the whole body has arrived — and, when the server sent `Content-Length` (without a
    /// `Content-Encoding`), exactly that many bytes of it. The rename is atomic on the same volume, so the
    /// destination is either untouched or complete. On any failure — the connection lost mid-body, a
    /// status or media type the request does not accept, a file-system error, cancellation — the
    /// temporary file is removed and the destination is left as it was. The file keeps the temporary
    /// file's owner-only permissions (`0600`). A process killed mid-download leaves the temporary file
    /// behind, as nothing can remove it then.
    ///
    /// Everything else is as in ``stream(_:)``: middleware see every attempt, retries happen until the
    /// head of a final response arrives, and an unacceptable response is read whole (within the response
    /// size limit) and thrown with its body, never written to the file. The accepted body is not bound by
    /// the client's response size limit (``APIClient/defaultMaximumResponseSize`` unless set): only a
    /// limit the request declares itself (``APISetting/maximumResponseSize``) applies to it.
    ///
    /// A connection lost mid-body (a retryable transport error, `URLError(.unknown)` — FoundationNetworking's
    /// word for it —, or a body shorter than its `Content-Length`) restarts the download from its first byte, the temporary file emptied, under
    /// the rule of every retry: only for an idempotent method, or with
    /// ``RetryPolicy/retriesNonIdempotentRequests``, and within the same ``RetryPolicy/maximumRetries`` as the
    /// retries before the head (one budget for the whole call), after the policy's delay.
    ///
    /// `progress`, called on a serial queue of the call's own (as for ``send(_:progress:)``), gets the body
    /// bytes received as they are read and
    /// written (``TransferProgress/bytesReceived``) and the total when the server said
    /// (``TransferProgress/totalBytesToReceive``); a restart starts again from zero.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - destination: A file URL; its directory must exist.
    ///   - existing: What to do when `destination` exists: ``ExistingDestination/refuse`` (the default)
    ///     or ``ExistingDestination/replace``.
    ///   - progress: Called with the transfer's progress as the body arrives.
    /// - Returns: The response, whose ``Response/value`` is `destination`, where its body now is.
    /// - Throws: ``APIError``, and nothing else; ``APIError/fileSystem(path:error:)`` names the file that
    ///   could not be created, written or moved.
    @discardableResult
    public func download<R: Request>(
        _ request: R, to destination: URL, ifExists existing: ExistingDestination = .refuse,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Response<URL> {
        try await ProgressReporter.reporting(to: progress) {
            try await presentingErrors { () async throws(APIError) -> Response<URL> in
                let prepared = try prepare(request)
                let response = try await download(
                    prepared, declaredErrorBody: R.ErrorBody.self, name: RequestName(of: R.self), to: destination,
                    ifExists: existing)
                return Response(value: destination, httpResponse: response, requested: prepared.urlRequest.url)
            }
        }
    }

    /// Downloads a prepared request's body into `destination`.
    func download<ErrorBody: Sendable>(
        _ prepared: PreparedRequest, declaredErrorBody: ErrorBody.Type, name: RequestName, to destination: URL,
        ifExists existing: ExistingDestination
    ) async throws(APIError) -> HTTPURLResponse {
        let path = try PartialDownload.path(of: destination)
        if existing == .refuse, PartialDownload.exists(path) { throw PartialDownload.destinationExists(path) }
        if PartialDownload.isDirectory(path) { throw .fileSystem(path: path, error: POSIXError(.EISDIR)) }
        // Made before anything is sent, so that a directory that cannot take the file fails at once.
        let file = try PartialDownload(beside: path)
        do throws(APIError) {
            let response = try await receive(
                prepared, declaredErrorBody: ErrorBody.self, name: name, into: file)
            if Task.isCancelled { throw .cancelled }
            try file.finish()
            try file.move(to: path, replacing: existing == .replace)
            return response
        } catch {
            file.discard()
            throw error
        }
    }

    /// Streams the body into `file`, restarting it after a lost connection while the retry budget allows.
    private func receive<ErrorBody: Sendable>(
        _ prepared: PreparedRequest, declaredErrorBody: ErrorBody.Type, name: RequestName,
        into file: PartialDownload
    ) async throws(APIError) -> HTTPURLResponse {
        let policy = retryPolicy(for: prepared.setting)
        let mayRestart = policy.mayRetry(prepared.method)
        let maximumRetries = policy.retryBudget
        // Only a limit the request declares binds a download; the client's is for bodies held in memory.
        let limit = prepared.setting.maximumResponseSize.map { max($0, 0) } ?? Int.max
        let attempts = DownloadAttempts((retries: 0, attempts: 0, reason: .first))
        while true {
            let streamed = try await stream(
                prepared, declaredErrorBody: ErrorBody.self, name: name, limit: limit, earlier: attempts)
            do throws(APIError) {
                try await write(streamed, into: file, method: prepared.method, request: prepared.urlRequest)
                return streamed.httpResponse
            } catch {
                let retries = attempts.current.retries
                guard mayRestart, retries < maximumRetries, case .transport(let urlError) = error,
                    Self.isWorthRestarting(urlError, under: policy)
                else { throw error }
                attempts.withValue {
                    $0.retries = retries + 1
                    $0.reason = .retryAfterTransportError(urlError.code)
                }
                try file.empty()
                do {
                    try await backoff.sleep(backoff.delay(beforeRetry: retries + 1, under: policy))
                } catch {
                    throw .cancelled
                }
            }
        }
    }

    /// Transport failures after the head after which the body is downloaded again: those worth a retry,
    /// and `URLError(.unknown)`, which is how FoundationNetworking reports a connection lost mid-body
    /// ("transfer closed with 700000 bytes remaining to read", where Apple platforms say
    /// `networkConnectionLost`).
    static func isWorthRestarting(_ error: URLError, under policy: RetryPolicy) -> Bool {
        policy.isWorthRetrying(error) || error.code == .unknown
    }

    /// Writes the body of `streamed` to `file`, then checks its length against `Content-Length`.
    private func write(
        _ streamed: Response<ResponseBody>, into file: PartialDownload, method: HTTPMethod, request: URLRequest
    ) async throws(APIError) {
        var written: Int64 = 0
        do {
            for try await chunk in streamed.body {
                try file.append(chunk)
                written += Int64(chunk.count)
            }
        } catch {
            streamed.body.cancel()
            throw Self.apiError(error, response: streamed.httpResponse, sending: request)
        }
        if let announced = Self.announcedLength(of: streamed.httpResponse, method: method), announced != written {
            var info: [String: Any] = [:]
            info[NSURLErrorFailingURLErrorKey] = request.url
            info[NSUnderlyingErrorKey] = ContentLengthMismatch(announced: announced, received: written)
            throw .transport(URLError(.networkConnectionLost, userInfo: info))
        }
    }

    /// The body length `Content-Length` announces for the bytes handed over, when it says one: not for a
    /// `HEAD` request or a status without a body, and not for an encoded body, which the session decodes.
    static func announcedLength(of response: HTTPURLResponse, method: HTTPMethod) -> Int64? {
        let status = response.statusCode
        guard method.canonical != .head, status != 204, status != 304, status >= 200 else { return nil }
        if let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces),
            !encoding.isEmpty, encoding.lowercased() != "identity"
        {
            return nil
        }
        let length = response.expectedContentLength
        return length >= 0 ? length : nil
    }
}

/// The retries and attempts a download's exchanges have made so far, and why the next attempt is made: one that
/// restarts the body goes on from them, so that restarts and retries share one budget and middleware see the
/// attempts numbered on.
typealias DownloadAttempts = Locked<(retries: Int, attempts: Int, reason: AttemptReason)>
