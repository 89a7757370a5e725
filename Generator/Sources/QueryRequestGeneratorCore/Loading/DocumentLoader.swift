import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// Reads an OpenAPI 3.0 or 3.1 document, in YAML or JSON, into OpenAPIKit's 3.1 model.
public enum DocumentLoader {
    /// Reads the file at `url`.
    public static func load(contentsOf url: URL) throws(GeneratorError) -> OpenAPIKit.OpenAPI.Document {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        return try load(data)
    }

    /// Reads a document from its text; JSON is read as YAML, of which it is a subset.
    public static func load(_ data: Data) throws(GeneratorError) -> OpenAPIKit.OpenAPI.Document {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .syntax(message: "the text is not UTF-8")
        }
        let (root, sharesNodes) = try YAMLEventReader.read(text)
        guard let root, case .mapping(_, let children) = root.content,
            case .scalar(let versionScalar)? = children["openapi"]?.content
        else {
            throw .unsupportedVersion(nil)
        }
        let version = versionScalar.string
        // `paths` is read on a second thread while this one reads the rest (see `PrefetchedValue`); not when an
        // alias shares nodes between them, nor for a document too small to gain from it.
        let prefetchesPaths = !sharesNodes && data.count > 256 * 1024 && children["paths"] != nil
        do {
            if version.hasPrefix("3.0.") || version == "3.0" {
                let prefetched =
                    prefetchesPaths
                    ? PrefetchedValue(OpenAPIKit30.OpenAPI.PathItem.Map.self, key: "paths", of: root) : nil
                let decoder = DocumentTreeDecoder(tree: root, prefetched: prefetched)
                return try OpenAPIKit30.OpenAPI.Document(from: decoder).convert(to: .v3_1_1)
            }
            if version.hasPrefix("3.1.") || version == "3.1" {
                let prefetched =
                    prefetchesPaths
                    ? PrefetchedValue(OpenAPIKit.OpenAPI.PathItem.Map.self, key: "paths", of: root) : nil
                let decoder = DocumentTreeDecoder(tree: root, prefetched: prefetched)
                return try OpenAPIKit.OpenAPI.Document(from: decoder)
            }
        } catch {
            let described = OpenAPIKit.OpenAPI.Error(from: error)
            let tokens = described.codingPath.map { key in key.intValue.map(String.init) ?? key.stringValue }
            throw .invalidDocument(pointer: JSONPointer(tokens), message: described.localizedDescription)
        }
        throw .unsupportedVersion(version)
    }
}
