import Foundation

/// One link of an RFC 8288 `Link` header: its target as written and its parameters.
public struct WebLink: Sendable, Hashable {
    /// The target URI reference as written between `<` and `>`, possibly relative.
    public let target: String
    /// The parameters in order, names lowercased, values unquoted; a parameter without a value has `""`.
    public let parameters: [Parameter]

    /// One `name=value` parameter of a link.
    public struct Parameter: Sendable, Hashable {
        /// The parameter's name, lowercased (names are case-insensitive).
        public let name: String
        /// The value, without quotes and escapes.
        public let value: String

        /// A parameter; `name` is lowercased.
        public init(name: String, value: String) {
            self.name = name.lowercased()
            self.value = value
        }
    }

    /// The relation types of the first `rel` parameter (later ones are ignored, as RFC 8288 says),
    /// lowercased: `rel="next last"` has two.
    public var relations: [String] {
        guard let rel = parameters.first(where: { $0.name == "rel" }) else { return [] }
        return rel.value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
    }

    /// Parses the value of `Link` header fields (several fields joined with `,` are one value).
    ///
    /// Targets may hold `,` and `;`; quoted values may hold `,`, `;` and escaped quotes.
    ///
    /// - Throws: ``PaginationError/invalidLinkHeader(value:reason:)`` saying where the value is malformed.
    public static func parse(_ value: String) throws -> [WebLink] {
        var parser = LinkParser(value: value)
        return try parser.links()
    }
}
