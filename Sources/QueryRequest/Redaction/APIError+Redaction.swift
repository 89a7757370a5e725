import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIError {
    /// This error with every URL it names redacted by `redaction`, as the client throws it: the response's URL
    /// (the response copied, with the same status and headers, only when its URL has something to hide), a
    /// transport error's failing URL, and a redirect's URLs and `Location`. Everything else is kept as it is.
    func redactingURLs(with redaction: Redaction) -> APIError {
        guard redaction != .none else { return self }
        switch self {
        case .transport(let error):
            return .transport(redaction.redactingFailingURL(of: error))
        case .unacceptableStatus(let failure):
            return .unacceptableStatus(
                UnacceptableStatus(
                    statusCode: failure.statusCode, response: redaction.redactingURL(of: failure.response),
                    body: failure.body, apiError: failure.apiError, credentialsNotSentBy: failure.credentialsNotSentBy))
        case .unacceptableContentType(let failure):
            return .unacceptableContentType(
                UnacceptableContentType(
                    mediaType: failure.mediaType, response: redaction.redactingURL(of: failure.response),
                    body: failure.body))
        case .rejectedResponse(let rejection):
            return .rejectedResponse(
                RejectedResponse(
                    error: rejection.error, response: redaction.redactingURL(of: rejection.response),
                    body: rejection.body))
        case .responseTooLarge(let limit, let response):
            return .responseTooLarge(limit: limit, response: redaction.redactingURL(of: response))
        case .decoding(let failure):
            return .decoding(
                DecodingFailure(
                    error: failure.error, response: redaction.redactingURL(of: failure.response), body: failure.body))
        case .redirect(let error):
            return .redirect(error.redactingURLs(with: redaction))
        case .invalidRequest, .authorization, .middleware, .cancelled, .fileSystem:
            return self
        }
    }
}

extension RedirectError {
    /// This error with its URLs, its `Location` and its response's URL redacted by `redaction`.
    func redactingURLs(with redaction: Redaction) -> RedirectError {
        switch self {
        case .tooManyRedirects(let limit, let response):
            .tooManyRedirects(limit: limit, response: redaction.redactingURL(of: response))
        case .insecureRedirect(let url, let response):
            .insecureRedirect(to: redaction.redactedURL(url), response: redaction.redactingURL(of: response))
        case .invalidLocation(let location, let response):
            .invalidLocation(redaction.redactedURLText(location), response: redaction.redactingURL(of: response))
        case .policyFailed(let error, let response):
            .policyFailed(error, response: redaction.redactingURL(of: response))
        case .followedBySession(let requested, let answered):
            .followedBySession(requested: redaction.redactedURL(requested), answered: redaction.redactedURL(answered))
        }
    }
}

extension Redaction {
    /// `response`, or a copy with its URL redacted when that hides something: same status and headers.
    func redactingURL(of response: HTTPURLResponse) -> HTTPURLResponse {
        guard let url = response.url else { return response }
        let redacted = redactedURL(url)
        guard redacted != url else { return response }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields { headers["\(name)"] = "\(value)" }
        return HTTPURLResponse(
            url: redacted, statusCode: response.statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
            ?? response
    }

    /// `error` with its failing URL (and the text of it) redacted, when that hides something.
    func redactingFailingURL(of error: URLError) -> URLError {
        guard let url = error.failingURL else { return error }
        let redacted = redactedURL(url)
        guard redacted != url else { return error }
        var info = error.userInfo
        info[NSURLErrorFailingURLErrorKey] = redacted
        // The string form Foundation keeps beside it (NSURLErrorFailingURLStringErrorKey, deprecated by name).
        info["NSErrorFailingURLStringKey"] = redacted.absoluteString
        return URLError(error.code, userInfo: info)
    }
}
