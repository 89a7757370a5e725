import Foundation
import QueryCoding
import Testing

// The delimited array strategies: the exact wire form, how a separator inside an element travels,
// and how the decoder splits.

private struct TypeList: Codable, Equatable {
    var type: [String]
}

@Suite(.timeLimit(.minutes(5))) struct DelimitedArrayTests {
    fileprivate let tags = TypeList(type: ["day", "month", "year"])

    @Test func pipeDelimitedSendsTheEscapedPipe() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .pipeDelimited }
        #expect(try encoder.encodeToString(tags) == "type=day%7Cmonth%7Cyear")
        #expect(try pairs(encoder.encode(tags)) == [Pair("type", "day|month|year")])
    }

    @Test func spaceDelimitedSendsTheEscapedSpace() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .spaceDelimited }
        #expect(try encoder.encodeToString(tags) == "type=day%20month%20year")
        #expect(try pairs(encoder.encode(tags)) == [Pair("type", "day month year")])
        // Under `.plus` spaces, the separator stays `%20`: it is not a space inside an element.
        let plus = QueryEncoder.with {
            $0.arrayEncodingStrategy = .spaceDelimited
            $0.spaceEncodingStrategy = .plus
        }
        #expect(try plus.encodeToString(tags) == "type=day%20month%20year")
    }

    @Test func customSeparatorIsWrittenRaw() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .delimited(by: ";") }
        #expect(try encoder.encodeToString(tags) == "type=day;month;year")
        #expect(try pairs(encoder.encode(tags)) == [Pair("type", "day;month;year")])
    }

    @Test(arguments: ["!", "$", "'", "(", ")", "*", ",", "/", ":", ";", "?", "@"] as [Unicode.Scalar])
    func everyAllowedSeparatorRoundTrips(_ separator: Unicode.Scalar) throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .delimited(by: separator) }
        let decoder = QueryDecoder.with { $0.arrayDecodingStrategy = .delimited(by: separator) }
        let value = TypeList(type: ["a\(separator)b", "", "c d", "+%&="])
        let query = try encoder.encodeToString(value)
        #expect(query.unicodeScalars.filter { $0 == separator }.count == 3)
        #expect(try decoder.decode(TypeList.self, from: query) == value)
        #expect(throws: EncodingError.self) { try encoder.encode(value) }
        let plain = TypeList(type: ["a", "", "c d"])
        #expect(try decoder.decode(TypeList.self, from: encoder.encode(plain)) == plain)
    }

    @Test(
        arguments: ["a", "0", "-", ".", "_", "~", "&", "=", "+", "%", "#", "[", "]", "|", " ", "é", "\u{7}"]
            as [Unicode.Scalar])
    func invalidSeparatorsThrowNamingTheSetting(_ separator: Unicode.Scalar) throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .delimited(by: separator) }
        let error = try #require(throws: EncodingError.self) { try encoder.encodeToString(tags) }
        #expect(error.message.contains("arrayEncodingStrategy .delimited(by:"))
        // Even a value without arrays: the setting is wrong, whatever is encoded.
        #expect(throws: EncodingError.self) { try encoder.encode(["a": "b"]) }
        let decoder = QueryDecoder.with { $0.arrayDecodingStrategy = .delimited(by: separator) }
        let decodingError = try #require(throws: DecodingError.self) {
            try decoder.decode(TypeList.self, from: "type=a")
        }
        #expect(decodingError.message.contains("arrayDecodingStrategy .delimited(by:"))
    }

    @Test func separatorInsideAnElementIsEscapedOrRefused() throws {
        let value = TypeList(type: ["a;b", "c|d", "e f", "g,h"])
        let custom = QueryEncoder.with { $0.arrayEncodingStrategy = .delimited(by: ";") }
        #expect(try custom.encodeToString(value) == "type=a%3Bb;c%7Cd;e%20f;g%2Ch")
        let error = try #require(throws: EncodingError.self) { try custom.encode(value) }
        #expect(error.path == ["type", "[0]"])
        #expect(error.message.contains("separator \";\""))

        let space = QueryEncoder.with { $0.arrayEncodingStrategy = .spaceDelimited }
        #expect(try space.encodeToString(value) == "type=a%3Bb%20c%7Cd%20e+f%20g%2Ch")
        #expect(throws: EncodingError.self) { try space.encode(value) }

        // A URL cannot carry a raw `|`, so `%7C` is the separator and a `|` in an element has no
        // spelling of its own: refused in both forms.
        let pipe = QueryEncoder.with { $0.arrayEncodingStrategy = .pipeDelimited }
        let pipeError = try #require(throws: EncodingError.self) { try pipe.encodeToString(value) }
        #expect(pipeError.path == ["type", "[1]"])
        #expect(pipeError.message.contains("pipe-delimited"))
        #expect(throws: EncodingError.self) { try pipe.encode(value) }
    }

    @Test func decoderSplitsAtTheSeparatorAsSent() throws {
        let pipe = QueryDecoder.with { $0.arrayDecodingStrategy = .pipeDelimited }
        #expect(try pipe.decode(TypeList.self, from: "type=a%7Cb%7cc|d") == TypeList(type: ["a", "b", "c", "d"]))
        #expect(
            try pipe.decode(TypeList.self, from: [URLQueryItem(name: "type", value: "a|b")])
                == TypeList(type: ["a", "b"]))

        let space = QueryDecoder.with { $0.arrayDecodingStrategy = .spaceDelimited }
        #expect(try space.decode(TypeList.self, from: "type=a+b%20c") == TypeList(type: ["a b", "c"]))
        #expect(
            try space.decode(TypeList.self, from: [URLQueryItem(name: "type", value: "a b")])
                == TypeList(type: ["a", "b"]))

        let custom = QueryDecoder.with { $0.arrayDecodingStrategy = .delimited(by: ";") }
        #expect(try custom.decode(TypeList.self, from: "type=a%3Bb;c") == TypeList(type: ["a;b", "c"]))
        #expect(try custom.decode(TypeList.self, from: "") == TypeList(type: []))
        let repeated = try #require(throws: DecodingError.self) {
            try custom.decode(TypeList.self, from: "type=a&type=b")
        }
        #expect(repeated.message.contains("a delimited array is one parameter"))
    }

    @Test(arguments: [
        (QueryArrayStyle.pipeDelimited, "type=a%7Cb|c"),
        (.spaceDelimited, "type=a%20b%20c"),
        (.delimited(by: ";"), "type=a;b;c"),
    ])
    func arrayLengthLimitHoldsForEverySeparator(_ strategy: QueryArrayStyle, _ query: String) {
        var decoder = QueryDecoder.with { $0.arrayDecodingStrategy = strategy }
        decoder.limits.maximumArrayLength = 2
        #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: 2, parameter: "type")) {
            try decoder.decode(TypeList.self, from: query)
        }
    }
}
