import Foundation

/// The `Link` grammar of RFC 8288 section 3 over the header's bytes.
struct LinkParser {
    let value: String
    let bytes: [UInt8]
    var position = 0

    init(value: String) {
        self.value = value
        bytes = Array(value.utf8)
    }

    private func fail(_ reason: String) -> PaginationError {
        .invalidLinkHeader(value: value, reason: reason + " at byte \(position)")
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { position += 1 }
    }

    private mutating func token() -> String {
        let start = position
        while let byte = current, HTTPGrammar.tokenBytes.contains(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func links() throws -> [WebLink] {
        var links: [WebLink] = []
        while true {
            // Empty list elements (`, ,`) are allowed by the list rule.
            while let byte = current,
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            {
                position += 1
            }
            guard let byte = current else { return links }
            guard byte == UInt8(ascii: "<") else { throw fail("expected \"<\" to start a link") }
            position += 1
            let start = position
            while let byte = current, byte != UInt8(ascii: ">") { position += 1 }
            guard current != nil else { throw fail("a link target has no closing \">\"") }
            let target = String(decoding: bytes[start..<position], as: UTF8.self)
            position += 1
            var parameters: [WebLink.Parameter] = []
            while true {
                skipWhitespace()
                guard let byte = current, byte == UInt8(ascii: ";") else { break }
                position += 1
                skipWhitespace()
                let name = token()
                guard !name.isEmpty else { throw fail("expected a parameter name") }
                skipWhitespace()
                var parameterValue = ""
                if current == UInt8(ascii: "=") {
                    position += 1
                    skipWhitespace()
                    parameterValue = current == UInt8(ascii: "\"") ? try quoted() : token()
                }
                parameters.append(.init(name: name, value: parameterValue))
            }
            skipWhitespace()
            if let byte = current, byte != UInt8(ascii: ",") { throw fail("expected \",\" or \";\" after a link") }
            links.append(WebLink(target: target, parameters: parameters))
        }
    }

    /// A quoted-string, its backslash escapes removed.
    private mutating func quoted() throws -> String {
        switch HTTPGrammar.readQuotedString(bytes, at: position) {
        case .text(let text, let end):
            position = end
            return String(decoding: text, as: UTF8.self)
        case .endsInEscape:
            position = bytes.count
            throw fail("a quoted value ends with \"\\\"")
        case .unclosed:
            position = bytes.count
            throw fail("a quoted value has no closing quote")
        }
    }
}
