import Foundation
import TestSupport
import Testing

/// The types the guides' prose names (in backticks) exist under the names written: a type nested in another
/// (`APIError.UnacceptableStatus`) is written with its parent, since the bare name does not compile, and
/// `Parent.Child` names a type that `Parent` declares. The Swift blocks themselves are compiled by each guide's test.
@Suite(.timeLimit(.minutes(5))) struct GuideTypeNamesTests {
    /// The types the libraries declare, read from their sources (``SwiftDeclarations``).
    struct DeclaredTypes {
        /// The names declared at the top level of a file.
        var topLevel: Set<String> = []
        /// For each type, by its full name (`APIError`, `MultipartFormError`), the names declared in it, its
        /// associated types included.
        var members: [String: Set<String>] = [:]
        /// The names of public types declared inside another, with their parents' full names.
        var publicNested: [String: Set<String>] = [:]
        /// The protocols' associated types, which a conforming type declares again (`ErrorBody`).
        var associatedTypes: Set<String> = []

        init(_ read: SwiftDeclarations) {
            for declaration in read.declarations where declaration.declaresType {
                guard let parent = declaration.parent else {
                    topLevel.insert(declaration.name)
                    continue
                }
                members[parent, default: []].insert(declaration.name)
                if declaration.keyword == "associatedtype" { associatedTypes.insert(declaration.name) }
                if declaration.isPublic && declaration.keyword != "associatedtype" {
                    publicNested[declaration.name, default: []].insert(parent)
                }
            }
        }

        /// The declarations of QueryCoding, QueryRequest and the integrations.
        static let library = DeclaredTypes(
            SwiftDeclarations.reading(
                folders: ["Sources/QueryCoding", "Sources/QueryRequest"]
                    + ["QueryRequestAsyncHTTPClient", "QueryRequestHummingbird", "QueryRequestVapor"].map {
                        "Integrations/\($0)/Sources"
                    }))
    }

    /// Names that are also the standard library's or a protocol requirement's, so a bare one is not ours.
    static let sharedNames: Set<String> = ["Element", "Iterator", "AsyncIterator", "Failure", "Range"]

    /// The problems with the type names of the backticked spans in `text`'s prose (outside code blocks).
    static func problems(in text: String, types: DeclaredTypes) -> [String] {
        let blocks = GuideSnippets.swiftBlocks(in: text)
        var declaredHere: Set<String> = []
        for line in blocks.joined() {
            if let declaration = SwiftDeclarations.declaration(in: Substring(line)) {
                declaredHere.insert(declaration.name)
            }
        }
        var problems: [String] = []
        for span in codeSpans(inProseOf: text) {
            let path = typePath(of: span)
            guard let first = path.first, !declaredHere.contains(first) else { continue }
            if !types.topLevel.contains(first), !sharedNames.contains(first), !types.associatedTypes.contains(first),
                let parents = types.publicNested[first]
            {
                problems.append(
                    "`\(span)`: write it with its parent, as \(parents.sorted().map { "`\($0).\(first)`" }.joined(separator: " or "))"
                )
                continue
            }
            guard types.topLevel.contains(first) else { continue }
            var parent = first
            for child in path.dropFirst() {
                guard types.members[parent, default: []].contains(child) else {
                    problems.append("`\(span)`: \(parent) declares no type \(child)")
                    break
                }
                parent += ".\(child)"
            }
        }
        return problems
    }

    /// The leading capitalised names of a span, up to the first that is not one: `APIError.UnacceptableStatus`
    /// for `APIError.UnacceptableStatus.statusCode`, nothing for `Content-Type` or `send(_:)`.
    static func typePath(of span: Substring) -> [String] {
        let name = span.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        let rest = span.dropFirst(name.count)
        guard rest.isEmpty || rest.first.map({ "(< ?".contains($0) }) == true else { return [] }
        return Array(name.split(separator: ".").prefix(while: { $0.first?.isUppercase == true }).map(String.init))
    }

    /// The `code` spans of `text`, outside fenced blocks.
    static func codeSpans(inProseOf text: String) -> [Substring] {
        var spans: [Substring] = []
        var inBlock = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard !inBlock else { continue }
            let pieces = line.split(separator: "`", omittingEmptySubsequences: false)
            spans += stride(from: 1, to: pieces.count - 1, by: 2).map { pieces[$0] }
        }
        return spans
    }

    @Test(arguments: LinuxImportTests.guides) func everyTypeNameIsWrittenAsDeclared(guide: String) throws {
        let text = try String(contentsOf: GuideSnippets.repositoryRoot.appendingPathComponent(guide), encoding: .utf8)
        #expect(Self.problems(in: text, types: DeclaredTypes.library) == [], "\(guide)")
    }

    @Test func theLibraryIsRead() {
        let types = DeclaredTypes.library
        #expect(
            types.topLevel.isSuperset(of: ["APIError", "QueryEncoder", "MultipartFormError", "AsyncHTTPClientSession"]))
        #expect(types.publicNested["UnacceptableStatus"] == ["APIError"])
        #expect(types.members["APIError", default: []].contains("UnacceptableStatus"))
        #expect(types.members["Request", default: []].contains("Response"))
    }

    @Test func theCheckFindsBareAndMisplacedNestedNames() {
        let types = DeclaredTypes.library
        let text = """
            Throws `UnacceptableStatus.credentialsNotSentBy`, a `APIError.Problem`, `APIError.UnacceptableStatus`.
            ```swift
            struct Limits {}
            ```
            `Limits`, `QueryDecoder.Limits(maximumDepth: 2)`, `Content-Type`, `Request.Response`, `send(_:)`, `URLSession`.
            """
        #expect(
            Self.problems(in: text, types: types) == [
                "`UnacceptableStatus.credentialsNotSentBy`: write it with its parent, as "
                    + "`APIError.UnacceptableStatus`",
                "`APIError.Problem`: APIError declares no type Problem",
            ])
    }
}
