import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIClient {
    /// What ``download(_:to:ifExists:checkpoint:progress:)`` does when its destination already exists.
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
    /// permissions) in `destination`'s directory, which must exist, or to the `checkpoint`'s file, and renamed
    /// to `destination` only once the whole body has arrived — and, when the server sent `Content-Length`
    /// (without a `Content-Encoding`), exactly that many bytes of it. The rename is atomic on the same volume,
    /// so the destination is either untouched or complete. On any failure — the connection lost mid-body, a
    /// status or media type the request does not accept, a file-system error, cancellation — the
    /// temporary file is removed (a checkpoint's file is kept when it can be resumed) and the destination is
    /// left as it was. The file keeps owner-only permissions (`0600`). A process killed mid-download leaves
    /// the temporary file behind, as nothing can remove it then.
    ///
    /// Everything else is as in ``stream(_:)``: middleware see every attempt, retries happen until the
    /// head of a final response arrives, and an unacceptable response is read whole (within the response
    /// size limit) and thrown with its body, never written to the file. The accepted body is not bound by
    /// the client's response size limit (``APIClient/defaultMaximumResponseSize`` unless set): only a
    /// limit the request declares itself (``APISetting/maximumResponseSize``) applies to it.
    ///
    /// A connection lost mid-body (a retryable transport error, `URLError(.unknown)` — FoundationNetworking's
    /// word for it —, or a body shorter than its `Content-Length`) does not end the download while the retry
    /// policy allows more. A `GET` whose response can be resumed goes on from the byte where it stopped: one
    /// with a strong validator (an `ETag` not marked weak, or else a `Last-Modified` at least a second older
    /// than the response's `Date`), a body not content-encoded, and no `Accept-Ranges: none`. The next attempt
    /// asks for the rest (`Range: bytes=N-`) provided the representation is unchanged (`If-Range` with that
    /// validator), and is, as middleware see in ``MiddlewareContext/reason``, a
    /// ``AttemptReason/resumption(fromByte:)``:
    /// - a 206 whose `Content-Range` starts at that byte is appended, and the returned response is that 206;
    /// - a 200 (the resource changed, or the server serves no ranges) is written from the first byte again,
    ///   never spliced onto the old bytes;
    /// - a 416 whose `Content-Range` (`bytes */N`) says every byte is here ends the download; another 416, or
    ///   a 206 of another range, starts it again from the first byte.
    ///
    /// Any other download (another method, a response without a validator) starts again from its first
    /// byte. Either way only an idempotent method goes on (or any, with
    /// ``RetryPolicy/retriesNonIdempotentRequests``), at most ``RetryPolicy/maximumResumes`` times per call,
    /// after the policy's delay; the client's policy is ``RetryPolicy/never`` unless set, which resumes nothing.
    ///
    /// With a `checkpoint`, what arrived is kept there when the call fails or is cancelled (or the app ends),
    /// and a later call with the same checkpoint goes on from it (``DownloadCheckpoint``).
    ///
    /// `progress`, called on a serial queue of the call's own (as for ``send(_:progress:)``), gets the body
    /// bytes received as they are read and
    /// written (``TransferProgress/bytesReceived``) and the total when the server said
    /// (``TransferProgress/totalBytesToReceive``); it counts on across resumes (the bytes already held
    /// included), and starts again from zero only when the body does.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - destination: A file URL; its directory must exist.
    ///   - existing: What to do when `destination` exists: ``ExistingDestination/refuse`` (the default)
    ///     or ``ExistingDestination/replace``.
    ///   - checkpoint: Where to keep the bytes received, for a later call to resume from: `nil` (the default)
    ///     writes a temporary file that no failure leaves behind.
    ///   - progress: Called with the transfer's progress as the body arrives.
    /// - Returns: The response, whose ``Response/value`` is `destination`, where its body now is.
    /// - Throws: ``APIError``, and nothing else; ``APIError/fileSystem(path:error:)`` names the file that
    ///   could not be created, written or moved.
    @discardableResult
    public func download<R: Request>(
        _ request: R, to destination: URL, ifExists existing: ExistingDestination = .refuse,
        checkpoint: DownloadCheckpoint? = nil, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Response<URL> {
        try await ProgressReporter.reporting(to: progress) {
            try await presentingErrors { () async throws(APIError) -> Response<URL> in
                let prepared = try prepare(request)
                let response = try await download(
                    prepared, declaredErrorBody: R.ErrorBody.self, name: RequestName(of: R.self), to: destination,
                    ifExists: existing, checkpoint: checkpoint)
                return Response(value: destination, httpResponse: response, requested: prepared.urlRequest.url)
            }
        }
    }

    /// Downloads a prepared request's body into `destination`.
    func download<ErrorBody: Sendable>(
        _ prepared: PreparedRequest, declaredErrorBody: ErrorBody.Type, name: RequestName, to destination: URL,
        ifExists existing: ExistingDestination, checkpoint: DownloadCheckpoint? = nil
    ) async throws(APIError) -> HTTPURLResponse {
        let path = try PartialDownload.path(of: destination)
        if existing == .refuse, PartialDownload.exists(path) { throw PartialDownload.destinationExists(path) }
        if PartialDownload.isDirectory(path) { throw .fileSystem(path: path, error: POSIXError(.EISDIR)) }
        // Made before anything is sent, so that a directory that cannot take the file fails at once.
        let file: PartialDownload
        var resumption: DownloadResumption?
        if let checkpoint {
            let kept = try PartialDownload.path(of: checkpoint.file)
            // The file is renamed into place: the same path cannot be both, and another volume cannot take it.
            if kept == path { throw .fileSystem(path: kept, error: POSIXError(.EINVAL)) }
            if !PartialDownload.sameVolume(kept, path) { throw .fileSystem(path: kept, error: POSIXError(.EXDEV)) }
            file = try PartialDownload(checkpoint: checkpoint)
            // Only a record of this URL resumes; anything else starts from the first byte.
            resumption = checkpoint.recorded.flatMap { $0.url == prepared.urlRequest.url?.absoluteString ? $0 : nil }
            if resumption == nil { try file.truncate(to: 0) }
        } else {
            file = try PartialDownload(beside: path)
        }
        do throws(APIError) {
            let response = try await receive(
                prepared, declaredErrorBody: ErrorBody.self, name: name, into: file, resuming: &resumption)
            if Task.isCancelled { throw .cancelled }
            try file.finish()
            try file.move(to: path, replacing: existing == .replace)
            return response
        } catch {
            // A checkpoint keeps what can be resumed; nothing else is left behind.
            if checkpoint != nil, resumption != nil, file.length > 0 { file.keep() } else { file.discard() }
            throw error
        }
    }

    /// Streams the body into `file`, resuming or restarting it after a lost connection while the policy
    /// allows; `resumption` is what the bytes held can be resumed with, kept up to date.
    private func receive<ErrorBody: Sendable>(
        _ prepared: PreparedRequest, declaredErrorBody: ErrorBody.Type, name: RequestName,
        into file: PartialDownload, resuming resumption: inout DownloadResumption?
    ) async throws(APIError) -> HTTPURLResponse {
        let policy = retryPolicy(for: prepared.setting)
        let mayGoOn = policy.mayRetry(prepared.method)
        let maximumResumes = policy.resumeBudget
        var resumes = 0
        // A request with a `Range` of its own gets what it asked for, and is never resumed by the client.
        let mayAskForRanges = prepared.urlRequest.value(forHTTPHeaderField: "Range") == nil
        // Only a limit the request declares binds a download; the client's is for bodies held in memory.
        let limit = prepared.setting.maximumResponseSize.map { max($0, 0) } ?? Int.max
        let attempts = DownloadAttempts((retries: 0, attempts: 0, reason: .first))
        // The head of the body being written, for a 416 that says it is complete.
        var head: HTTPURLResponse?
        while true {
            let offset = mayAskForRanges ? resumption.map { $0.start(holding: file.length) } ?? 0 : 0
            if offset != file.length { try file.truncate(to: offset) }
            if offset > 0 { attempts.withValue { $0.reason = .resumption(fromByte: offset) } }
            ProgressReporter.current?.holding(offset, of: resumption?.length)
            let attempt = offset > 0 ? prepared.adding(resumption?.fields(from: offset) ?? []) : prepared
            let streamed: Response<ResponseBody>
            do throws(APIError) {
                streamed = try await stream(
                    attempt, declaredErrorBody: ErrorBody.self, name: name, limit: limit, earlier: attempts)
            } catch .unacceptableStatus(let failure) where offset > 0 && failure.response.statusCode == 416 {
                // Every byte is here when the representation has exactly as many; otherwise start again.
                if let head, DownloadResumption.unsatisfiedLength(of: failure.response) == file.length {
                    return head
                }
                try restart(file, &resumption)
                continue
            }
            let response = streamed.httpResponse
            if offset > 0, resumption?.accepts(response, from: offset) != true {
                // A 200 is the whole body (changed, or no ranges), written from the first byte; a 206 of another
                // range cannot be used.
                guard response.statusCode != 206 else {
                    streamed.body.cancel()
                    try restart(file, &resumption)
                    continue
                }
                try file.truncate(to: 0)
                ProgressReporter.current?.holding(0, of: nil)
            }
            if file.length == 0 {
                resumption =
                    mayAskForRanges
                    ? DownloadResumption(of: response, requested: prepared.urlRequest.url, method: prepared.method)
                    : nil
                try file.record(resumption)
            }
            head = response
            do throws(APIError) {
                try await write(streamed, into: file, method: prepared.method, request: attempt.urlRequest)
                return response
            } catch {
                guard mayGoOn, resumes < maximumResumes, case .transport(let urlError) = error,
                    Self.isWorthRestarting(urlError, under: policy)
                else { throw error }
                resumes += 1
                attempts.withValue { $0.reason = .retryAfterTransportError(urlError.code) }
            }
            do {
                try await backoff.sleep(backoff.delay(beforeRetry: resumes, under: policy))
            } catch {
                throw .cancelled
            }
        }
    }

    /// Empties `file` and forgets its resumption, for a download that asked for a range the server could not
    /// give as asked (a 416, or a 206 of another range) and starts again from the first byte. Not one of the
    /// policy's resumes, as nothing was lost: the next attempt asks for the whole body, which cannot end so.
    private func restart(_ file: PartialDownload, _ resumption: inout DownloadResumption?) throws(APIError) {
        resumption = nil
        try file.truncate(to: 0)
        try file.record(nil)
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

/// The retries and attempts a download's exchanges have made so far, and why the next attempt is made: an exchange
/// that resumes or restarts the body goes on from them, so that the retries before each body share one budget and
/// middleware see the attempts numbered on.
typealias DownloadAttempts = Locked<(retries: Int, attempts: Int, reason: AttemptReason)>

extension APIClient.PreparedRequest {
    /// This request with `fields` set on it, on every attempt (a rebuilt one too).
    func adding(_ fields: [(name: String, value: String)]) -> Self {
        guard !fields.isEmpty else { return self }
        func withFields(_ request: URLRequest) -> URLRequest {
            var request = request
            for field in fields { request.setValue(field.value, forHTTPHeaderField: field.name) }
            return request
        }
        let rebuild = self.rebuild.map { rebuild in { () throws(APIError) -> URLRequest in withFields(try rebuild()) } }
        return Self(
            urlRequest: withFields(urlRequest), rebuild: rebuild, method: method, setting: setting,
            requestDecoder: requestDecoder)
    }
}
