import Foundation
import OpenAPIKit
import OpenAPIKit30
import QueryRequestGeneratorCore
import Testing
import Yams

/// The loader reads documents through its own decoder over an indexed tree. It must read every document exactly as
/// Yams' `YAMLDecoder` does, which it replaced for speed: the same model, the same errors.
@Suite struct DocumentTreeDecoderTests {
    /// The model Yams' own decoder reads from the same text, as the loader did before.
    private func yamsModel(_ text: String) throws -> OpenAPIKit.OpenAPI.Document {
        let version = (try Yams.load(yaml: text) as? [String: Any])?["openapi"].map { "\($0)" } ?? ""
        if version.hasPrefix("3.1") {
            return try YAMLDecoder().decode(OpenAPIKit.OpenAPI.Document.self, from: text)
        }
        return try YAMLDecoder().decode(OpenAPIKit30.OpenAPI.Document.self, from: text).convert(to: .v3_1_1)
    }

    /// Scalars that mean different things to different types, in every place OpenAPIKit reads them: typed fields,
    /// `AnyCodable` examples and defaults, and vendor extensions.
    private let scalarsDocument = """
        openapi: 3.0.3
        info:
          title: 2024
          version: 1.0
          x-build: 0x1F
          x-flags: [yes, no, on, off, 'on', "true", ~, null, '', 1_000, 017, 0o17, 1:30, 1.5e3, .inf, -.inf, +12]
        paths:
          /things/{id}:
            parameters:
              - { name: id, in: path, required: yes, schema: { type: integer, format: int64 } }
            get:
              operationId: 12
              parameters:
                - name: limit
                  in: query
                  schema: { type: integer, minimum: 0, maximum: 1_000, default: 017 }
                  example: 0x10
                - name: mode
                  in: query
                  schema: { type: string, enum: [yes, 'no', ~, 1.0, 'plain text'], default: on }
              responses:
                '200':
                  description: 404
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Thing' }
                      example: { id: 1, tags: [a, true, 2.50, null], nested: { deep: [[1], {x: y}] } }
                default: { description: error }
        components:
          schemas:
            Thing:
              type: object
              required: [id]
              properties:
                id: { type: integer, example: -0 }
                ratio: { type: number, default: .5 }
                note: { type: string, nullable: true, example: 'null' }
              additionalProperties: false
              x-count: 3
        """

    @Test func scalarsReadAsYamsReadsThem() throws {
        let loaded = try DocumentLoader.load(Data(scalarsDocument.utf8))
        #expect(loaded == (try yamsModel(scalarsDocument)))
        #expect(loaded.info.version == "1.0")
        #expect(loaded.info.title == "2024")
    }

    @Test func theTestsDocumentsReadAsYamsReadsThem() throws {
        for text in [petsAPIDocument, colorsAPIDocument] {
            #expect(try DocumentLoader.load(Data(text.utf8)) == (try yamsModel(text)))
        }
    }

    @Test func aQuotedBooleanIsAStringAndSoAnError() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: '1' }
            paths:
              /pets:
                get:
                  parameters: [{ name: limit, in: query, required: 'true', schema: { type: integer } }]
                  responses: { '200': { description: ok } }
            """
        #expect(throws: (any Error).self) { try yamsModel(text) }
        #expect {
            try DocumentLoader.load(Data(text.utf8))
        } throws: { error in
            guard case .invalidDocument(let pointer, _) = error as? GeneratorError else { return false }
            return pointer.description.hasPrefix("#/paths/~1pets/get/parameters/0")
        }
    }

    @Test func anUnknownKeyIsAnErrorAsWithYams() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: '1' }
            paths:
              /pets:
                get:
                  requestbody: { content: { application/json: { schema: { type: string } } } }
                  responses: { '200': { description: ok } }
            """
        var yamsMessage = ""
        do {
            _ = try yamsModel(text)
        } catch {
            yamsMessage = OpenAPIKit.OpenAPI.Error(from: error).localizedDescription
        }
        #expect(yamsMessage.contains("requestbody"))
        #expect {
            try DocumentLoader.load(Data(text.utf8))
        } throws: { error in
            guard case .invalidDocument(let pointer, let message) = error as? GeneratorError else { return false }
            return pointer == JSONPointer(["paths", "/pets"]) && message == yamsMessage
        }
    }

    /// YAML's merge key as the YAML 1.1 type repository defines it: the mapping's own keys win over merged ones,
    /// and of a list of merged mappings the first wins.
    @Test func mergeKeysKeepTheMappingsOwnValues() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                Base: &base
                  type: object
                  description: base
                  properties: { id: { type: integer } }
                Extra: &extra
                  description: extra
                  nullable: true
                Derived:
                  <<: [*extra, *base]
                  description: derived
            """
        let schemas = try DocumentLoader.load(Data(text.utf8)).components.schemas
        let derived = try #require(schemas["Derived"])
        #expect(derived.description == "derived")
        #expect(derived.nullable)
        #expect(derived.objectContext?.properties.keys == ["id"])
    }

    @Test func anEmptyDocumentHasNoVersion() {
        #expect(throws: GeneratorError.unsupportedVersion(nil)) { try DocumentLoader.load(Data()) }
        #expect(throws: GeneratorError.unsupportedVersion(nil)) { try DocumentLoader.load(Data("[1, 2]".utf8)) }
    }

    @Test func aRepeatedKeyIsASyntaxErrorWithItsLine() {
        let text = "openapi: 3.0.0\ninfo: { title: T, version: '1' }\npaths: {}\ninfo: { title: U, version: '2' }\n"
        #expect(throws: (any Error).self) { try yamsModel(text) }
        #expect(throws: GeneratorError.syntax(message: "the key \"info\" is repeated in a mapping, line 4")) {
            try DocumentLoader.load(Data(text.utf8))
        }
    }

    @Test func anAliasReadsAsItsAnchorsNode() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                Name: &name { type: string, maxLength: 20 }
                First: *name
            """
        #expect(try DocumentLoader.load(Data(text.utf8)) == (try yamsModel(text)))
        #expect(throws: GeneratorError.syntax(message: "the alias *nothing names no anchor before it, line 1")) {
            try DocumentLoader.load(Data("openapi: *nothing".utf8))
        }
    }

    @Test func aSyntaxErrorSaysWhere() {
        #expect(
            throws: GeneratorError.syntax(
                message: "did not find expected ',' or ']' at line 2, column 5 (while parsing a flow sequence, line 1)")
        ) {
            try DocumentLoader.load(Data("openapi: [3.1.0\ninfo: {\n".utf8))
        }
    }

    /// A document over 256 KiB, whose `paths` the loader decodes on a second thread.
    private func largeDocument(pathError: Bool = false, componentsError: Bool = false) -> String {
        let filler = String(repeating: "Lorem ipsum dolor sit amet. ", count: 48)
        var text = "openapi: 3.0.3\ninfo: { title: Large, version: 1.0 }\npaths:\n"
        for index in 0..<200 {
            let required = pathError && index == 199 ? "maybe" : "true"
            text += """
                  /items\(index)/{id}:
                    get:
                      operationId: getItem\(index)
                      description: \(filler)
                      parameters:
                        - { name: id, in: path, required: \(required), schema: { type: integer } }
                        - { name: tags, in: query, style: form, explode: false, schema: { type: array, items: { type: string } } }
                      responses:
                        '200':
                          description: ok
                          content: { application/json: { schema: { $ref: '#/components/schemas/Item\(index % 20)' } } }

                """
        }
        text += "components:\n  schemas:\n"
        for index in 0..<20 {
            let type = componentsError && index == 3 ? "[1, 2]" : "integer"
            text += "    Item\(index): { type: object, x-index: \(index), properties: { id: { type: \(type) } } }\n"
        }
        return text
    }

    @Test func aLargeDocumentReadsAsYamsReadsIt() throws {
        let text = largeDocument()
        #expect(text.utf8.count > 256 * 1024)
        #expect(try DocumentLoader.load(Data(text.utf8)) == (try yamsModel(text)))
    }

    @Test func aLargeDocumentsErrorsAreTheOnesReadInOrder() {
        #expect {
            try DocumentLoader.load(Data(largeDocument(pathError: true).utf8))
        } throws: { error in
            guard case .invalidDocument(let pointer, _) = error as? GeneratorError else { return false }
            return pointer.description.hasPrefix("#/paths/~1items199~1{id}/get/parameters/0")
        }
        // OpenAPIKit reads `components` before `paths`: its error is the one reported, as without a second thread.
        #expect {
            try DocumentLoader.load(Data(largeDocument(pathError: true, componentsError: true).utf8))
        } throws: { error in
            guard case .invalidDocument(let pointer, _) = error as? GeneratorError else { return false }
            return pointer.description.hasPrefix("#/components/schemas/Item3")
        }
    }
}
