import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body sent from `httpBodyStream` whose length is known goes with `Content-Length`, never chunked: servers
/// and presigned URLs (S3, GCS, Werkzeug, many proxies) refuse a chunked request body.
///
/// Apple's `URLSession` sends a stream with the `Content-Length` the request sets. FoundationNetworking (Linux,
/// Swift 6.3.1, libcurl 7.88, measured) hands every stream to libcurl as of unknown length, and libcurl then adds
/// `Transfer-Encoding: chunked` beside the request's own `Content-Length`: both headers, the contradiction
/// requests are smuggled with. libcurl chunks only when the request names no `Transfer-Encoding` of its own, and
/// it does not send a header whose value is blank; so on Linux the request also carries `Transfer-Encoding` with
/// a single space (``blankTransferEncoding``): libcurl sends the body as it is, after `Content-Length` and
/// without any `Transfer-Encoding` line. Whatever sends it — ``APIClient``, `URLSession.shared`, a data task of
/// the app's own — the server sees one framing.
///
/// The blank field is never on the wire, so the places that show a request as sent (``headerFieldsAsSent``: logs,
/// HAR files, `curl` commands) leave it out.
extension URLRequest {
    /// The value that keeps FoundationNetworking from chunking a stream: blank, so libcurl never sends it.
    static let blankTransferEncoding = " "

    /// Sets `Content-Length` to `length` for the body in `httpBodyStream`, so that every platform sends the
    /// stream with that length rather than chunked.
    mutating func setStreamedBodyLength(_ length: Int64) {
        setValue(String(length), forHTTPHeaderField: "Content-Length")
        #if canImport(FoundationNetworking)
            setValue(Self.blankTransferEncoding, forHTTPHeaderField: "Transfer-Encoding")
        #endif
    }

    /// The header fields as they go on the wire: without a blank `Transfer-Encoding`, which is never sent.
    var headerFieldsAsSent: [String: String] {
        var fields = allHTTPHeaderFields ?? [:]
        if let name = fields.first(where: { Self.isBlankTransferEncoding(name: $0.key, value: $0.value) })?.key {
            fields[name] = nil
        }
        return fields
    }

    /// Whether the field `name: value` is a `Transfer-Encoding` with a blank value, which says nothing and is
    /// never sent.
    static func isBlankTransferEncoding(name: String, value: String) -> Bool {
        name.caseInsensitiveCompare("Transfer-Encoding") == .orderedSame && value.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
