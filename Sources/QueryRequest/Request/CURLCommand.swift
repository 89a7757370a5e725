import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLRequest {
    /// The request as a `curl` command line for logs and bug reports, with the secrets that
    /// ``Redaction/default`` names redacted: `cURLCommand(redacting: .default)`.
    ///
    /// ```
    /// curl -X 'POST' 'https://api.example.com/v1/users' -H 'Authorization: REDACTED' --data-raw '{"name":"Ann"}'
    /// ```
    ///
    /// Use ``cURLCommand(redacting:)`` to redact more (an API key header or query parameter), or
    /// `cURLCommand(redacting: .none)` for a command that still carries every credential.
    public var cURLCommand: String { cURLCommand(redacting: .default) }

    /// The request as a `curl` command line, every argument single-quoted for a POSIX shell, with the
    /// values that `redaction` names replaced by ``Redaction/placeholder``.
    ///
    /// Headers are listed by name. A body that is not UTF-8 text, or holds NUL, is piped in through
    /// `base64 -d` so that the command still sends exactly its bytes. Bodies are never redacted.
    public func cURLCommand(redacting redaction: Redaction) -> String {
        let request = redaction.redactedRequest(self)
        return request.unredactedCURLCommand
    }

    /// The command line of this request as it is.
    private var unredactedCURLCommand: String {
        var parts = ["curl"]
        let method = HTTPMethod(rawValue: httpMethod ?? "GET")
        switch method.canonical {
        case .get: break
        case .head: parts.append("--head")  // `-X HEAD` would wait for a body that never comes
        default: parts += ["-X", Self.shellQuoted(method.rawValue)]
        }
        parts.append(Self.shellQuoted(url?.absoluteString ?? ""))
        for (name, value) in headerFieldsAsSent.sorted(by: { $0.key < $1.key }) {
            // `-H 'Name:'` would remove the header; `Name;` is curl's spelling of an empty value.
            parts += ["-H", Self.shellQuoted(value.isEmpty ? "\(name);" : "\(name): \(value)")]
        }
        guard let body = httpBody, !body.isEmpty else { return parts.joined(separator: " ") }
        let text = String(decoding: body, as: UTF8.self)
        if !body.contains(0), Data(text.utf8) == body {  // valid UTF-8: decoding repaired nothing
            // --data-raw, unlike --data-binary, never reads a file when the text starts with "@".
            parts += ["--data-raw", Self.shellQuoted(text)]
            return parts.joined(separator: " ")
        }
        parts += ["--data-binary", "@-"]
        return "printf %s \(Self.shellQuoted(body.base64EncodedString())) | base64 -d | "
            + parts.joined(separator: " ")
    }

    /// `text` in single quotes, each `'` written as `'\''`: a POSIX shell reads it back byte for byte.
    ///
    /// Done on bytes: a `'` followed by a combining mark is one `Character` that is not `'`, which a
    /// character-based replacement would leave raw, ending the quote early (a shell injection).
    static func shellQuoted(_ text: String) -> String {
        var quoted: [UInt8] = [UInt8(ascii: "'")]
        quoted.reserveCapacity(text.utf8.count + 2)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "'") {
                quoted += [UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "'")]
            } else {
                quoted.append(byte)
            }
        }
        quoted.append(UInt8(ascii: "'"))
        return String(decoding: quoted, as: UTF8.self)
    }
}
