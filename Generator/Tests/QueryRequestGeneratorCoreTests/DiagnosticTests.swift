import Foundation
import QueryRequestGeneratorCore
import Testing

/// Each construct the library cannot express is reported at its JSON pointer, with what was generated instead.
@Suite struct DiagnosticTests {
    static let document = #"""
        openapi: 3.0.3
        info: { title: Unsupported, version: '1' }
        servers:
          - url: https://{region}.example.com
            variables: { region: { default: eu } }
          - url: /relative
        paths:
          /pets/{petId}:
            get:
              operationId: getPet
              parameters:
                - { name: petId, in: path, required: true, schema: { type: string } }
                - { name: q, in: query, allowReserved: true, schema: { type: string } }
                - { name: session, in: cookie, schema: { type: array, items: { type: string } } }
                - { name: filter, in: query, content: { application/json: { schema: { type: object } } } }
                - { name: ids, in: query, style: deepObject, schema: { type: array, items: { type: integer } } }
                - { name: box, in: query, style: spaceDelimited, explode: true, schema: { $ref: '#/components/schemas/Box' } }
                - { name: boxes, in: query, schema: { type: array, items: { $ref: '#/components/schemas/Box' } } }
                - { name: since, in: header, schema: { type: string, format: date-time } }
                - { name: near, in: query, schema: { $ref: '#/components/schemas/Box' } }
              requestBody:
                content: { application/json: { schema: { type: string } } }
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Box' } } } }
                '201': { description: ok }
          /mixed:
            get:
              parameters:
                - { name: a.b, in: query, schema: { type: string } }
                - { name: 'c[d]', in: query, schema: { type: string } }
              responses: { '204': { description: ok } }
          /upload:
            post:
              operationId: upload
              requestBody:
                content: { multipart/form-data: { schema: { type: object } } }
              responses:
                '204': { description: ok }
        components:
          schemas:
            Box:
              type: object
              properties: { size: { type: integer } }
              additionalProperties: { type: string }
            Either:
              anyOf: [{ type: string }, { type: integer }]
            Mixed:
              allOf: [{ type: string }]
            Anything:
              not: { type: string }
            Tree: { type: array, items: { $ref: '#/components/schemas/Tree' } }
            Ping: { $ref: '#/components/schemas/Pong' }
            Pong: { $ref: '#/components/schemas/Ping' }
        """#

    @Test func everyUnsupportedConstructIsReportedAtItsPointer() throws {
        let output = try Generator().generate(DocumentLoader.load(Data(Self.document.utf8)))
        let reported = output.diagnostics.map { "\($0.severity.rawValue) \($0.pointer)" }
        #expect(
            reported == [
                "warning #/components/schemas/Anything/not",
                "warning #/components/schemas/Box/additionalProperties",
                "warning #/components/schemas/Either/anyOf",
                "warning #/components/schemas/Mixed/allOf/0",
                "warning #/components/schemas/Ping",
                "warning #/components/schemas/Pong",
                "warning #/components/schemas/Tree",
                "error #/paths/~1mixed/get/parameters",
                "warning #/paths/~1pets~1{petId}/get/parameters/1/allowReserved",
                "error #/paths/~1pets~1{petId}/get/parameters/2",
                "error #/paths/~1pets~1{petId}/get/parameters/3/content",
                "warning #/paths/~1pets~1{petId}/get/parameters/4/style",
                "warning #/paths/~1pets~1{petId}/get/parameters/5",
                "warning #/paths/~1pets~1{petId}/get/parameters/5/style",
                "warning #/paths/~1pets~1{petId}/get/parameters/6/schema",
                "error #/paths/~1pets~1{petId}/get/parameters/7",
                "warning #/paths/~1pets~1{petId}/get/parameters/8",
                "error #/paths/~1pets~1{petId}/get/requestBody",
                "warning #/paths/~1pets~1{petId}/get/responses",
                "error #/paths/~1upload/post/requestBody/content/multipart~1form-data",
                "warning #/servers/1/url",
            ])
        for diagnostic in output.diagnostics {
            #expect(!diagnostic.message.isEmpty && !diagnostic.generatedInstead.isEmpty)
        }
        let allowReserved = output.diagnostics.first { $0.pointer.description.hasSuffix("/allowReserved") }
        #expect(allowReserved?.message.contains("(query parameter q)") == true)
    }

    @Test func aDiagnosticReadsAsOneLine() {
        let diagnostic = Diagnostic(
            .warning, at: JSONPointer(["paths", "/pets/{petId}", "get", "parameters", "0"]),
            "allowReserved is not supported",
            generatedInstead: "percent-encoded values")
        #expect(
            diagnostic.description
                == "warning: #/paths/~1pets~1{petId}/get/parameters/0: allowReserved is not supported; generated instead: percent-encoded values"
        )
    }

    @Test func pointersEscapeTildeAndSlash() {
        #expect(JSONPointer(["components", "schemas", "a~b/c"]).description == "#/components/schemas/a~0b~1c")
    }

    @Test func aDocumentWithoutAnythingUnsupportedHasNoDiagnostics() throws {
        let output = try Generator().generate(DocumentLoader.load(Data(petsAPIDocument.utf8)))
        #expect(output.diagnostics.isEmpty, "\(output.diagnostics)")
    }

    /// Cookie, multipart `encoding` and `content` constructs the library cannot express name the parameter or part.
    @Test func cookiesAndMultipartEncodingsTheLibraryCannotExpressAreReported() throws {
        let document = #"""
            openapi: 3.1.0
            info: { title: Parts, version: '1' }
            paths:
              /upload:
                post:
                  operationId: upload
                  parameters:
                    - { name: ids, in: cookie, schema: { type: array, items: { type: integer } } }
                    - { name: 'a;b', in: cookie, schema: { type: string } }
                    - { name: c, in: cookie, style: deepObject, schema: { type: string } }
                    - { name: filter, in: query, content: { application/json: { schema: { type: object } } } }
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            photo: { type: string, format: binary }
                            icon: { type: string, format: binary }
                            note: { type: string }
                        encoding:
                          photo: { contentType: 'image/png, image/jpeg', headers: { X-Rate: { schema: { type: integer } } } }
                          icon: { contentType: 'image/*' }
                          note: { contentType: application/json }
                  responses: { '204': { description: ok } }
            """#
        let output = try Generator().generate(DocumentLoader.load(Data(document.utf8)))
        let reported = output.diagnostics.map { "\($0.severity.rawValue) \($0.pointer)" }
        let content = "#/paths/~1upload/post/requestBody/content/multipart~1form-data/encoding"
        #expect(
            reported == [
                "error #/paths/~1upload/post/parameters/0",
                "error #/paths/~1upload/post/parameters/1/name",
                "warning #/paths/~1upload/post/parameters/2/style",
                "error #/paths/~1upload/post/parameters/3/content",
                "warning \(content)/icon/contentType",
                "warning \(content)/note/contentType",
                "warning \(content)/photo/contentType",
                "warning \(content)/photo/headers",
            ])
        let messages = output.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("query parameter filter") && $0.contains("application/json") })
        #expect(messages.contains { $0.contains("cookie name a;b") })
        let requests = try #require(output.files.first { $0.name == "Requests.swift" }).contents
        #expect(requests.contains(#"filename: "photo.png", contentType: "image/png""#))
        #expect(requests.contains(#"multipart.append(.file(name: "icon", filename: "icon", data: value))"#))
        #expect(requests.contains(#"cookies.append(APICookie.pair("c", c))"#))
        #expect(!requests.contains("ids") && !requests.contains("a;b"))
    }

    /// `deprecated: true` on an operation marks its request `@available(*, deprecated)` (nothing generated uses
    /// a request); on a schema or a property only the documentation says so, as the generated code uses them and
    /// would warn.
    @Test func deprecationIsAnAttributeOnRequestsOnlyAndTheOutputIsWarningFree() throws {
        let output = try Generator(configuration: GeneratorConfiguration(accessLevel: .internal)).generate(
            DocumentLoader.load(Data(constructsAPIDocument.utf8)))
        let text = output.files.map(\.contents).joined()
        #expect(text.components(separatedBy: "@available(*, deprecated)").count == 2)
        #expect(text.contains("@available(*, deprecated)\nstruct ListLegacyEventsRequest: Request {"))
        #expect(text.contains("/// An event of the first version.\n/// - Note: Deprecated.\nstruct LegacyEvent:"))
        #expect(text.contains("    /// Use title.\n    /// - Note: Deprecated.\n    var oldTitle: String?"))
    }

    /// `accessLevel: internal` leaves `public` out of every declaration, also of the support types.
    @Test func anInternalAccessLevelWritesNoPublicDeclaration() throws {
        let configuration = GeneratorConfiguration(accessLevel: .internal)
        for document in [colorsAPIDocument, petsAPIDocument, constructsAPIDocument] {
            let output = try Generator(configuration: configuration).generate(DocumentLoader.load(Data(document.utf8)))
            for file in output.files {
                #expect(!file.contents.contains("public"), "\(file.name)")
            }
        }
    }

    @Test func formFieldsTheLibraryCannotWriteAsDeclaredAreReported() throws {
        let output = try Generator(configuration: GeneratorConfiguration(accessLevel: .internal)).generate(
            DocumentLoader.load(Data(constructsAPIDocument.utf8)))
        let pointer = JSONPointer([
            "paths", "/events/{eventId}/invitations", "post", "requestBody", "content",
            "application/x-www-form-urlencoded", "schema", "properties", "contact",
        ])
        let diagnostic = try #require(output.diagnostics.first { $0.pointer == pointer })
        #expect(diagnostic.message.contains("optional object field with style form and explode true"))
        #expect(diagnostic.generatedInstead.contains("contact[field]=value"))
        let contentType = try #require(
            output.diagnostics.first { $0.message.hasPrefix("the form field note has the content type") })
        #expect(
            contentType.pointer.description
                == "#/paths/~1events~1{eventId}~1invitations/post/requestBody/content/application~1x-www-form-urlencoded/encoding/note/contentType"
        )
    }
}
