import Foundation

/// The parts of an HTTP Archive (HAR 1.2) that ``HARRecordingSession`` writes and ``HARReplaySession``
/// reads: every member the format requires, and the optional ones that carry bodies.
///
/// Field names are the format's; a decoding error names the member that is missing or malformed.
struct HTTPArchive: Codable, Sendable {
    var log: Log

    struct Log: Codable, Sendable {
        var version: String
        var creator: Creator
        var entries: [Entry]
    }

    struct Creator: Codable, Sendable {
        var name: String
        var version: String
    }

    struct Entry: Codable, Sendable {
        var startedDateTime: String
        /// Milliseconds from sending the request to the whole response being read.
        var time: Double
        var request: Request
        var response: Response
        var cache: Cache
        var timings: Timings
    }

    struct NameValue: Codable, Sendable, Hashable {
        var name: String
        var value: String
    }

    struct Request: Codable, Sendable {
        var method: String
        var url: String
        var httpVersion: String
        var cookies: [NameValue]
        var headers: [NameValue]
        var queryString: [NameValue]
        var postData: PostData?
        var headersSize: Int
        var bodySize: Int
    }

    /// A request body. HAR 1.2 has no `encoding` for it, so a body that is not UTF-8 text is written
    /// in base64 with the custom member `_encoding` (the format's prefix for members of its own).
    struct PostData: Codable, Sendable {
        var mimeType: String
        var params: [NameValue]
        var text: String
        var encoding: String?

        enum CodingKeys: String, CodingKey {
            case mimeType, params, text
            case encoding = "_encoding"
        }

        init(mimeType: String, params: [NameValue], text: String, encoding: String?) {
            self.mimeType = mimeType
            self.params = params
            self.text = text
            self.encoding = encoding
        }

        /// Reads `params` as optional: other tools write either `params` or `text` (the format calls them
        /// mutually exclusive), and a replay only needs the text.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            mimeType = try container.decode(String.self, forKey: .mimeType)
            params = try container.decodeIfPresent([NameValue].self, forKey: .params) ?? []
            text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
            encoding = try container.decodeIfPresent(String.self, forKey: .encoding)
        }
    }

    struct Response: Codable, Sendable {
        var status: Int
        var statusText: String
        var httpVersion: String
        var cookies: [NameValue]
        var headers: [NameValue]
        var content: Content
        var redirectURL: String
        var headersSize: Int
        var bodySize: Int
    }

    struct Content: Codable, Sendable {
        var size: Int
        var mimeType: String
        var text: String?
        var encoding: String?
    }

    /// Neither member is known to a client session; the format requires the object, not its members.
    struct Cache: Codable, Sendable {}

    /// The phases of an exchange, in milliseconds (HAR 1.2), `-1` where not known: `send`, `wait` and
    /// `receive` always add up to the entry's `time` (with `dns` and `connect` when the platform measured them);
    /// `ssl` is part of `connect`, as the format says. `blocked` is never known to a client session.
    struct Timings: Codable, Sendable {
        var blocked: Double = -1
        var dns: Double = -1
        var connect: Double = -1
        var send: Double
        var wait: Double
        var receive: Double
        var ssl: Double = -1

        init(send: Double, wait: Double, receive: Double) {
            self.send = send
            self.wait = wait
            self.receive = receive
        }

        /// The timings of an exchange of `total` milliseconds whose response's head came after
        /// `timeToFirstByte` (all `wait` when unknown), with what the platform measured of its connection.
        init(total: Double, timeToFirstByte: Double?, phases: AttemptTimingRecorder.ConnectionPhases) {
            let dns = phases.domainLookup.map { $0.inSeconds * 1000 }
            let connect = phases.connect.map { $0.inSeconds * 1000 }
            let head = min(max(timeToFirstByte ?? total, 0), total)
            self.init(send: 0, wait: max(head - (dns ?? 0) - (connect ?? 0), 0), receive: total - head)
            self.dns = dns ?? -1
            self.connect = connect ?? -1
            self.ssl = phases.secureConnection.map { $0.inSeconds * 1000 } ?? -1
        }

        /// Reads the optional members as `-1` when absent, as in an archive written before they were.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            blocked = try container.decodeIfPresent(Double.self, forKey: .blocked) ?? -1
            dns = try container.decodeIfPresent(Double.self, forKey: .dns) ?? -1
            connect = try container.decodeIfPresent(Double.self, forKey: .connect) ?? -1
            send = try container.decode(Double.self, forKey: .send)
            wait = try container.decode(Double.self, forKey: .wait)
            receive = try container.decode(Double.self, forKey: .receive)
            ssl = try container.decodeIfPresent(Double.self, forKey: .ssl) ?? -1
        }
    }
}

extension HTTPArchive {
    /// The body as HAR text: UTF-8 text as it is, anything else in base64 with `encoding` set.
    static func text(of body: Data) -> (text: String, encoding: String?) {
        if let text = String(data: body, encoding: .utf8), Data(text.utf8) == body {
            return (text, nil)
        }
        return (body.base64EncodedString(), "base64")
    }

    /// The bytes of HAR `text` written with `encoding`, or `nil` when base64 text does not decode.
    static func body(text: String?, encoding: String?) -> Data? {
        guard let text else { return Data() }
        guard let encoding else { return Data(text.utf8) }
        guard encoding.lowercased() == "base64" else { return nil }
        return Data(base64Encoded: text)
    }

    /// The reason phrase of `status` (RFC 9110), or an empty text for a code it does not name.
    static func statusText(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 203: "Non-Authoritative Information"
        case 204: "No Content"
        case 205: "Reset Content"
        case 206: "Partial Content"
        case 300: "Multiple Choices"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 402: "Payment Required"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 428: "Precondition Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
