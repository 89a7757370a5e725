import Foundation
import QueryRequestGeneratorCore
import Testing

/// Broken documents give a `GeneratorError` naming where, never a crash.
@Suite struct LoadingTests {
    private func generate(_ text: String) throws -> GeneratorOutput {
        try Generator().generate(DocumentLoader.load(Data(text.utf8)))
    }

    @Test func aDanglingSchemaReferenceNamesItsPointer() {
        let text = """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                Pet:
                  type: object
                  properties:
                    owner: { $ref: '#/components/schemas/Owner' }
            """
        #expect(
            throws: GeneratorError.unresolvableReference(
                pointer: JSONPointer(["components", "schemas", "Pet", "properties", "owner", "$ref"]),
                reference: "#/components/schemas/Owner")
        ) { try generate(text) }
    }

    @Test func aDanglingParameterReferenceNamesItsPointer() {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: '1' }
            paths:
              /pets:
                get:
                  parameters: [{ $ref: '#/components/parameters/limit' }]
                  responses: { '200': { description: ok } }
            """
        #expect(
            throws: GeneratorError.unresolvableReference(
                pointer: JSONPointer(["paths", "/pets", "get", "parameters", "0", "$ref"]),
                reference: "#/components/parameters/limit")
        ) { try generate(text) }
    }

    @Test func aValueOfTheWrongTypeNamesItsPointer() throws {
        let text = """
            openapi: 3.0.0
            info: { title: T, version: '1' }
            paths:
              /pets:
                get:
                  parameters: [{ name: limit, in: query, required: maybe, schema: { type: integer } }]
                  responses: { '200': { description: ok } }
            """
        do {
            _ = try generate(text)
            Issue.record("no error")
        } catch let error as GeneratorError {
            guard case .invalidDocument(let pointer, let message) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(pointer.description.hasPrefix("#/paths/~1pets/get"), "\(pointer)")
            #expect(!message.isEmpty)
        }
    }

    @Test func textThatIsNotYAMLIsASyntaxError() {
        #expect {
            try generate("openapi: [3.1.0\ninfo: {")
        } throws: { error in
            if case .syntax = error as? GeneratorError { return true }
            return false
        }
    }

    @Test func otherVersionsAreRefused() {
        #expect(throws: GeneratorError.unsupportedVersion("2.0")) {
            try generate("openapi: '2.0'\ninfo: { title: T, version: '1' }\npaths: {}")
        }
        #expect(throws: GeneratorError.unsupportedVersion(nil)) {
            try generate("swagger: '2.0'\ninfo: { title: T, version: '1' }\npaths: {}")
        }
    }

    @Test func both30And31DocumentsLoad() throws {
        #expect(
            try generate(petsAPIDocument).files.map(\.name) == ["APIServer.swift", "Models.swift", "Requests.swift"])
        #expect(try generate(colorsAPIDocument).files.count == 5)
    }
}
