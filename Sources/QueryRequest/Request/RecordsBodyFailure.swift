import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body stream of the library's own, which remembers why it could not be sent whole: the client reports
/// that failure as ``APIError/invalidRequest(_:)`` whatever the session answered (the server never got a
/// complete body), instead of the session's vague one (`URLError(.unknown)`, "aborted by callback").
protocol RecordsBodyFailure: InputStream {
    /// Why the body could not be produced whole; `nil` while it could.
    var bodyFailure: (any Error)? { get }
}

extension URLRequest {
    /// Why the request's streamed body could not be sent whole, once its attempt is over: a
    /// ``RequestBodyStreamError`` or a ``MultipartFormError``; `nil` for any other body, or one that did
    /// not fail.
    var recordedBodyFailure: (any Error)? {
        (httpBodyStream as? any RecordsBodyFailure)?.bodyFailure
    }
}
