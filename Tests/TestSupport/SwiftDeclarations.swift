import Foundation

/// The type declarations and extensions of Swift sources, read line by line as `swift format` leaves them (a
/// declaration is inside the nearest declaration or extension above it that is indented less): the one reader
/// behind the tests about the library's declared types (the guides' type names, the error convention, the
/// documentation's topics).
public struct SwiftDeclarations: Sendable {
    /// One `struct`, `enum`, `class`, `protocol`, `actor`, `typealias`, `associatedtype` or `extension` line.
    public struct Declaration: Sendable {
        /// The keyword: `struct`, `enum`, …, `extension`.
        public let keyword: String
        /// The name as written: `APIError`, or `QueryArrayStyle` after `extension`.
        public let name: String
        /// The full name of the declaration or extension it is in; `nil` at the top level.
        public let parent: String?
        /// Whether it is declared `public`.
        public let isPublic: Bool
        /// Whether it is declared `private` or `fileprivate`: seen only in its file.
        public let isFilePrivate: Bool
        /// The names listed after its `:`, up to `{` or `where`.
        public let conformances: Set<String>
        /// The file, relative to the repository root.
        public let file: String

        /// The name with its parents': `APIError.UnacceptableStatus`.
        public var fullName: String { parent.map { "\($0).\(name)" } ?? name }
        /// Whether it declares a type (not an extension).
        public var declaresType: Bool { keyword != "extension" }
    }

    /// Every declaration read, in order.
    public private(set) var declarations: [Declaration] = []

    public init() {}

    /// The declarations of the Swift files under `folders` (relative to the repository root).
    public static func reading(folders: [String]) -> SwiftDeclarations {
        var read = SwiftDeclarations()
        for folder in folders {
            let url = GuideSnippets.repositoryRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: url.path)
            while let relative = files?.nextObject() as? String {
                let file = url.appendingPathComponent(relative)
                guard file.pathExtension == "swift", let text = try? String(contentsOf: file, encoding: .utf8)
                else { continue }
                read.read(text, file: folder + "/" + relative)
            }
        }
        return read
    }

    /// Reads the declarations of `source`.
    public mutating func read(_ source: String, file: String = "") {
        var enclosing: [(indent: Int, name: String)] = []
        for line in source.split(separator: "\n") {
            guard let found = Self.declaration(in: line) else { continue }
            while let last = enclosing.last, last.indent >= found.indent { enclosing.removeLast() }
            let declaration = Declaration(
                keyword: found.keyword, name: found.name, parent: enclosing.last?.name, isPublic: found.isPublic,
                isFilePrivate: found.isFilePrivate, conformances: Self.conformances(after: found.rest), file: file)
            declarations.append(declaration)
            enclosing.append((found.indent, found.keyword == "extension" ? found.name : declaration.fullName))
        }
    }

    static let keywords: Set<String> = [
        "struct", "enum", "class", "protocol", "actor", "typealias", "extension", "associatedtype",
    ]
    static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "final", "indirect", "nonisolated",
    ]

    /// The declaration a line opens, if it opens one: its indent, keyword, name, whether it is public or
    /// file-private, and what follows the name.
    public static func declaration(
        in line: Substring
    ) -> (indent: Int, keyword: String, name: String, isPublic: Bool, isFilePrivate: Bool, rest: Substring)? {
        let indent = line.prefix(while: { $0 == " " }).count
        var rest = line.dropFirst(indent)
        var isPublic = false
        var isFilePrivate = false
        while let word = rest.split(separator: " ", maxSplits: 1).first,
            word.hasPrefix("@") || modifiers.contains(String(word))
        {
            isPublic = isPublic || word == "public"
            isFilePrivate = isFilePrivate || word == "private" || word == "fileprivate"
            rest = rest.dropFirst(word.count).drop { $0 == " " }
        }
        guard let keyword = rest.split(separator: " ", maxSplits: 1).first.map(String.init), keywords.contains(keyword)
        else { return nil }
        rest = rest.dropFirst(keyword.count).drop { $0 == " " }
        let name = String(rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }))
        guard name.first?.isUppercase == true else { return nil }
        return (indent, keyword, name, isPublic, isFilePrivate, rest.dropFirst(name.count))
    }

    /// The names listed after the `:` of a declaration (after its generic parameters), up to its `{` or `where`.
    public static func conformances(after text: Substring) -> Set<String> {
        var rest = text
        if rest.first == "<" {
            var depth = 0
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "<" { depth += 1 }
                if character == ">" { depth -= 1 }
                if depth == 0 { break }
            }
        }
        rest = rest.drop { $0 == " " }
        guard rest.first == ":" else { return [] }
        let list = String(rest.dropFirst().prefix { $0 != "{" })
        let clause = list.components(separatedBy: " where ").first ?? ""
        return Set(
            clause.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}
