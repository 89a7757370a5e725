import Foundation
import QueryRequest
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every public error type of the library follows one convention: named `…Error`, `Sendable`, and both
/// `CustomStringConvertible` and `LocalizedError`, so that `print(error)` and `error.localizedDescription` say the
/// same sentence.
@Suite(.timeLimit(.minutes(5))) struct ErrorConventionTests {
    /// The conformances every public error type declares.
    static let required: Set<String> = ["Error", "Sendable", "CustomStringConvertible", "LocalizedError"]

    @Test func everyPublicErrorTypeFollowsTheConvention() throws {
        let types = try Self.publicTypes(in: ["Sources/QueryCoding", "Sources/QueryRequest"])
        let errors = types.filter { $0.value.contains("Error") }
        #expect(errors.count >= 13, "found \(errors.keys.sorted())")
        for (name, conformances) in errors.sorted(by: { $0.key < $1.key }) {
            #expect(name.hasSuffix("Error"), "\(name) is an error type: name it …Error")
            let missing = Self.required.subtracting(conformances)
            #expect(missing.isEmpty, "\(name) lacks \(missing.sorted())")
        }
    }

    @Test func theLocalizedDescriptionIsTheDescription() throws {
        let url = try #require(URL(string: "https://api.example.com/x"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil))
        let errors: [any Error & CustomStringConvertible] = [
            AuthorizationError.unsendableToken,
            PaginationError.repeatedPage(method: "GET", url: "https://api.example.com/x"),
            ResponseTooLargeError(limit: 10, response: response),
            HTTPArchiveError.exhausted(method: "GET", url: "https://api.example.com/x", recorded: 1),
            APIError.cancelled,
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
        }
        #expect(
            ResponseTooLargeError(limit: 10, response: response).description
                == "the response body (status 200) passed the limit of 10 bytes the client asked the session to read")
    }

    @Test func theScanReadsDeclarationsAndExtensions() {
        let text = """
            public enum AError: Error, Sendable {
            }
            extension AError: CustomStringConvertible, LocalizedError {}
            struct Internal: Error {}
            public struct Nested {
                public struct InnerError: Error, Sendable, CustomStringConvertible, LocalizedError {}
            }
            """
        let types = Self.publicTypes(inText: text)
        #expect(types["AError"] == ["Error", "Sendable", "CustomStringConvertible", "LocalizedError"])
        #expect(types["InnerError"] == Self.required)
        #expect(types["Internal"] == nil)
    }

    /// The public types declared in the Swift files under `folders`, each with the conformances its declaration
    /// and its extensions list.
    static func publicTypes(in folders: [String]) throws -> [String: Set<String>] {
        var types: [String: Set<String>] = [:]
        var extensions: [String: Set<String>] = [:]
        for folder in folders {
            let root = GuideSnippets.repositoryRoot.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let file = enumerator?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let text = try String(contentsOf: file, encoding: .utf8)
                types.merge(publicTypes(inText: text)) { $0.union($1) }
                extensions.merge(conformancesOfExtensions(in: text)) { $0.union($1) }
            }
        }
        for (name, conformances) in extensions where types[name] != nil { types[name]?.formUnion(conformances) }
        return types
    }

    /// The public types declared in `text`, with the conformances of their declarations and of the extensions
    /// in the same text.
    static func publicTypes(inText text: String) -> [String: Set<String>] {
        var types: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") {
            let words = line.trimmingCharacters(in: .whitespaces)
            for keyword in ["public struct ", "public enum ", "public final class ", "public class "]
            where words.hasPrefix(keyword) {
                let rest = words.dropFirst(keyword.count)
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                types[name] = conformances(after: rest.dropFirst(name.count))
            }
        }
        for (name, conformances) in conformancesOfExtensions(in: text) where types[name] != nil {
            types[name]?.formUnion(conformances)
        }
        return types
    }

    /// The conformances that `extension Name: A, B {` lines add, by type name.
    static func conformancesOfExtensions(in text: String) -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") {
            let words = line.trimmingCharacters(in: .whitespaces)
            guard words.hasPrefix("extension ") else { continue }
            let rest = words.dropFirst("extension ".count)
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
            let last = String(name.split(separator: ".").last ?? "")
            found[last, default: []].formUnion(conformances(after: rest.dropFirst(name.count)))
        }
        return found
    }

    /// The names listed after the `:` of a declaration (after its generic parameters), up to its `{` or `where`.
    static func conformances(after text: Substring) -> Set<String> {
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
