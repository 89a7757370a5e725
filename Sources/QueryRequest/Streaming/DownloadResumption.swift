import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a download needs to go on from the byte where its body was cut rather than from the first: the
/// validator of the representation it was receiving, sent back as `If-Range` so that a server whose resource
/// changed meanwhile sends the new one whole (200) instead of a range of it to be spliced onto the old bytes
/// (RFC 9110 §13.1.5, §14.2), and the representation's length when the server said it.
///
/// Kept in memory for the resumes of one call, and beside a ``DownloadCheckpoint``'s file (as JSON) for a
/// later call.
struct DownloadResumption: Codable, Hashable {
    /// The URL that was requested: a checkpoint recorded for another is not resumed.
    var url: String
    /// A strong `ETag` (a weak one cannot validate a range), or else a `Last-Modified` date old enough to be
    /// strong: `If-Range` takes either, as it came.
    var validator: String
    /// The whole representation's length, when the server said it.
    var length: Int64?

    /// The resumption a response allows, or `nil` when it allows none: a 200 or 206 to a `GET` that carried no
    /// `Range` of its own, with a strong validator, a body not content-encoded (a range counts encoded bytes,
    /// which the session decodes), and no `Accept-Ranges: none`.
    init?(of response: HTTPURLResponse, requested url: URL?, method: HTTPMethod) {
        guard method.canonical == .get, let url, response.statusCode == 200 || response.statusCode == 206,
            !Self.isEncoded(response), Self.field("Accept-Ranges", of: response)?.lowercased() != "none",
            let validator = Self.strongValidator(of: response)
        else { return nil }
        self.url = url.absoluteString
        self.validator = validator
        if response.statusCode == 206 {
            guard let range = Self.contentRange(of: response) else { return nil }
            length = range.length
        } else {
            let length = response.expectedContentLength
            self.length = length >= 0 ? length : nil
        }
    }

    /// Where an attempt that holds `held` bytes starts: `held` itself, or, when every byte is held already, the
    /// last one again (a range that starts at the end cannot be satisfied, and a 206 of one byte confirms that
    /// the representation did not change); 0 when more is held than the representation has.
    func start(holding held: Int64) -> Int64 {
        guard let length else { return held }
        if held > length { return 0 }
        return held == length ? max(length - 1, 0) : held
    }

    /// The fields of an attempt that asks for the bytes from `offset` on, if the representation is unchanged.
    func fields(from offset: Int64) -> [(name: String, value: String)] {
        [("Range", "bytes=\(offset)-"), ("If-Range", validator)]
    }

    /// Whether a 206 carries the bytes from `offset` on, of the same representation.
    func accepts(_ response: HTTPURLResponse, from offset: Int64) -> Bool {
        guard response.statusCode == 206, !Self.isEncoded(response), let range = Self.contentRange(of: response),
            range.first == offset
        else { return false }
        if let length, let other = range.length, other != length { return false }
        // A server sends the validator of the representation the range is of; another one is another representation.
        if let tag = Self.field("ETag", of: response), validator.hasPrefix("\""), tag != validator { return false }
        return true
    }

    // MARK: Reading the response

    /// `Content-Range: bytes first-last/length` of a 206 (`length` may be `*`).
    static func contentRange(of response: HTTPURLResponse) -> (first: Int64, last: Int64, length: Int64?)? {
        guard let value = field("Content-Range", of: response), value.lowercased().hasPrefix("bytes ") else {
            return nil
        }
        let spec = value.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let bounds = parts[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]),
            first >= 0, last >= first
        else { return nil }
        if parts[1] == "*" { return (first, last, nil) }
        guard let length = Int64(parts[1]), length > last else { return nil }
        return (first, last, length)
    }

    /// The length a 416 says the representation has (`Content-Range: bytes */length`).
    static func unsatisfiedLength(of response: HTTPURLResponse) -> Int64? {
        guard let value = field("Content-Range", of: response)?.lowercased(), value.hasPrefix("bytes */") else {
            return nil
        }
        return Int64(value.dropFirst(8).trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
    }

    /// A strong `ETag`, else a strong `Last-Modified`: one at least a second before the response's `Date`
    /// (RFC 9110 §8.8.2.2: the resource could have changed twice within the date's second otherwise).
    private static func strongValidator(of response: HTTPURLResponse) -> String? {
        if let tag = field("ETag", of: response) {
            // `W/"…"` is weak; a strong tag is a quoted string.
            return tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count >= 2 ? tag : nil
        }
        guard let modified = field("Last-Modified", of: response), let date = field("Date", of: response) else {
            return nil
        }
        let now = Int(Date().timeIntervalSince1970)
        guard let modifiedSeconds = HTTPDate.secondsSince1970(modified, now: now),
            let dateSeconds = HTTPDate.secondsSince1970(date, now: now), modifiedSeconds + 1 <= dateSeconds
        else { return nil }
        return modified
    }

    /// Whether the body is content-encoded (anything but `identity`).
    private static func isEncoded(_ response: HTTPURLResponse) -> Bool {
        guard let encoding = field("Content-Encoding", of: response) else { return false }
        return !encoding.isEmpty && encoding.lowercased() != "identity"
    }

    /// A field's value, trimmed; `nil` when absent or empty.
    private static func field(_ name: String, of response: HTTPURLResponse) -> String? {
        guard let value = response.value(forHTTPHeaderField: name)?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        return value
    }
}
