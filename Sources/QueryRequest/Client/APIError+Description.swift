import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension APIError: CustomStringConvertible, LocalizedError {
    /// What happened, with the status, the URL and a short excerpt of the body where there was one.
    public var description: String {
        switch self {
        case .invalidRequest(let error as RequestBodyStreamError):
            "Invalid request body, the server received no complete request: \(error)"
        case .invalidRequest(let error as MultipartFormError):
            // Found as the form was encoded (nothing sent) or as it streamed (the server got no complete body).
            "Invalid multipart body, the server received no complete request: \(error)"
        case .invalidRequest(let error):
            "Invalid request, nothing was sent: \(error)"
        case .authorization(let error):
            "Authorization failed, nothing was sent: \(error)"
        case .transport(let error):
            "Transport failure\(Self.describe(error.failingURL)): \(Self.describe(error))"
        case .unacceptableStatus(let failure):
            "Unacceptable status \(failure.statusCode) "
                + "(\(HTTPURLResponse.localizedString(forStatusCode: failure.statusCode)))"
                + "\(Self.describe(failure.response.url)); body: \(Self.excerpt(of: failure.body))"
                + Self.describe(credentialsNotSentBy: failure.credentialsNotSentBy)
        case .unacceptableContentType(let failure):
            "Unacceptable content type \(failure.mediaType.map { "\"\($0)\"" } ?? "(none)") in the "
                + "\(failure.response.statusCode) response\(Self.describe(failure.response.url)); "
                + "body: \(Self.excerpt(of: failure.body))"
        case .rejectedResponse(let rejection):
            "The \(rejection.response.statusCode) response\(Self.describe(rejection.response.url)) was rejected by "
                + "the request's validation: \(rejection.error)"
                + (rejection.body.map { "; body: \(Self.excerpt(of: $0))" } ?? "")
        case .responseTooLarge(let limit, let response):
            "The \(response.statusCode) response\(Self.describe(response.url)) is larger than the limit of "
                + "\(limit) bytes (APISetting.maximumResponseSize or APIClient's maximumResponseSize)"
        case .middleware(let error, let middleware):
            "The middleware \(middleware) failed: \(error)"
        case .decoding(let failure):
            "Could not decode the \(failure.response.statusCode) response\(Self.describe(failure.response.url)): "
                + "\(Self.describe(failure.error)); body: \(Self.excerpt(of: failure.body))"
        case .redirect(let error):
            "\(error)"
        case .cancelled:
            "The request was cancelled."
        case .fileSystem(let path, let error):
            Self.describe(fileSystemError: error, at: path)
        }
    }

    /// The same as ``description``, so that `localizedDescription` says what happened too.
    public var errorDescription: String? { description }

    private static func describe(_ url: URL?) -> String {
        url.map { " from \($0.absoluteString)" } ?? ""
    }

    /// Why a 401 or 403 may have come: authorization middleware that put no credential on the request.
    private static func describe(credentialsNotSentBy middleware: [String]) -> String {
        guard !middleware.isEmpty else { return "" }
        return "; no credential was sent: \(middleware.joined(separator: ", ")) put none on this request (the "
            + "built-in authorization middleware authorize only requests whose setting has "
            + "requiresAuthorization: set APISetting(requiresAuthorization: true), or make the middleware with "
            + "scope: .everyRequest)"
    }

    private static func describe(fileSystemError error: any Error, at path: String) -> String {
        if let error = error as? CocoaError, error.code == .fileWriteFileExists {
            return "The file \(path) already exists and was left as it was (ifExists: .replace replaces it)"
        }
        if let error = error as? CocoaError, error.code == .fileWriteUnsupportedScheme {
            return "\(path) is not a file URL"
        }
        if let error = error as? POSIXError {
            return "The file \(path) could not be written: \(String(cString: strerror(error.code.rawValue))) "
                + "(errno \(error.code.rawValue))"
        }
        return "The file \(path) could not be written: \(error)"
    }

    private static func describe(_ error: URLError) -> String {
        let summary: String
        switch error.code {
        case .timedOut: summary = "the request timed out"
        case .cannotFindHost, .dnsLookupFailed: summary = "the host name could not be resolved"
        case .cannotConnectToHost: summary = "could not connect to the host"
        case .networkConnectionLost: summary = "the network connection was lost"
        case .notConnectedToInternet: summary = "not connected to the internet"
        case .badServerResponse: summary = "the server's response was not an HTTP response"
        case .cancelled: summary = "cancelled"
        default: summary = error.localizedDescription
        }
        var text = "\(summary) (URLError \(error.code.rawValue))"
        if let underlying = error.userInfo[NSUnderlyingErrorKey] {
            text += ", caused by: \(underlying)"
        }
        return text
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(let type, let context):
            "type mismatch for \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            "missing \(type) value at \(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            "key \"\(key.stringValue)\" not found at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            "invalid data at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        return codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }

    /// At most `limit` bytes of the body as one line of text, so that messages stay readable.
    static func excerpt(of body: Data, limit: Int = 200) -> String {
        guard !body.isEmpty else { return "(empty)" }
        var prefix = body.prefix(limit)
        var text = String(data: prefix, encoding: .utf8)
        // The cut may have split a multi-byte character: drop its first bytes (at most 3).
        while text == nil, body.count > limit, prefix.count > limit - 3 {
            prefix = prefix.dropLast()
            text = String(data: prefix, encoding: .utf8)
        }
        guard let text else { return "(\(body.count) bytes, not UTF-8 text)" }
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            line.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        return body.count > limit ? "\(String(line))… (\(body.count) bytes)" : String(line)
    }
}
