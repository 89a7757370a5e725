import Foundation

/// A JSON pointer into the document, written as a URI fragment (`#/components/schemas/Pet`), with `~` and `/`
/// inside a key escaped as RFC 6901 says (`~0`, `~1`).
public struct JSONPointer: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The unescaped keys and indices from the root.
    public private(set) var tokens: [String]

    public init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    public static let root = JSONPointer()

    /// This pointer with one more key or index.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens + [token])
    }

    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    public func appending(_ tokens: String...) -> JSONPointer {
        JSONPointer(self.tokens + tokens)
    }

    public var description: String {
        "#" + tokens.map { "/" + Self.escape($0) }.joined()
    }

    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens) { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
