import Testing

@testable import QueryRequestGeneratorCore

/// Names from documents become identifiers the repository's lint accepts; comments never break out of `///`.
@Suite struct NamingAndWritingTests {
    @Test(arguments: [
        ("pet_id", "petId"), ("X-Request-ID", "xRequestID"), ("URLPath", "urlPath"), ("ID", "id"), ("2fa", "_2fa"),
        ("default", "default"), ("self", "selfValue"), ("", "value"), ("名前", "u540DU524D"), ("café", "cafe"),
    ])
    func memberNames(text: String, expected: String) {
        #expect(SwiftName.memberName(text) == expected)
    }

    @Test(arguments: [
        ("pet-status", "PetStatus"), ("listPets", "ListPets"), ("Data", "DataModel"), ("Response", "ResponseModel"),
        ("123abc", "_123abc"), ("error", "ErrorModel"), ("APISecurity", "APISecurityModel"),
    ])
    func typeNames(text: String, expected: String) {
        #expect(SwiftName.typeName(text) == expected)
    }

    @Test func keywordsAreEscapedInDeclarations() {
        #expect(SwiftName.escaped("class") == "`class`")
        #expect(SwiftName.escaped("color") == "color")
    }

    @Test func takenNamesGetANumber() {
        var scope = NameScope(reserved: ["unknown"])
        #expect(scope.claim("unknown") == "unknown2")
        #expect(scope.claim("petId") == "petId")
        #expect(scope.claim("petId") == "petId2")
    }

    @Test func everyLineBreakStartsANewCommentLine() {
        var writer = SwiftWriter()
        writer.documentation("one\rtwo\r\nthree\nfour\u{2028}five")
        #expect(writer.lines == ["/// one", "/// two", "/// three", "/// four", "/// five"])
    }

    @Test func longCommentsWrapWithinTheLineLength() {
        var writer = SwiftWriter()
        writer.documentation(String(repeating: "word ", count: 60))
        #expect(writer.lines.count == 3)
        #expect(writer.lines.allSatisfy { $0.count <= SwiftWriter.lineLength })
    }

    @Test func stringLiteralsEscapeQuotesBackslashesAndControls() {
        #expect(swiftStringLiteral("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u{1}""#)
    }
}
