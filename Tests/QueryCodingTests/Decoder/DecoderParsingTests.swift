import Foundation
import QueryCoding
import Testing

// How a query string and query items become parameters.

@Suite(.timeLimit(.minutes(5))) struct DecoderParsingTests {
    let decoder = QueryDecoder()

    private func text(_ query: String) throws -> String {
        try decoder.decode(Text.self, from: query).q
    }

    @Test func anOptionalLeadingQuestionMarkIsSkipped() throws {
        #expect(try text("?q=1") == "1")
        #expect(try text("q=1") == "1")
        // Only one: a second question mark starts the first name.
        #expect(try decoder.decode([String: String].self, from: "??q=1") == ["?q": "1"])
        #expect(throws: DecodingError.self) { try text("??q=1") }
    }

    /// `.` or `,` followed by a combining mark is one `Character`, yet still the separator the encoder
    /// wrote: names and lists are split on bytes.
    @Test func separatorsFollowedByCombiningMarksStillSeparate() throws {
        let key = "\u{301}x"
        let nested = Wrapped(value: [key: 1])
        let query = try QueryEncoder().encodeToString(nested)
        #expect(query == "value.%CC%81x=1")
        let decoded = try QueryDecoder().decode(Wrapped<[String: Int]>.self, from: query)
        #expect(decoded.value.keys.map { Array($0.utf8) } == [Array(key.utf8)])

        let list = try decoder.decode(Wrapped<[String]>.self, from: [URLQueryItem(name: "value", value: "a,\u{301}b")])
        #expect(list.value.map { Array($0.utf8) } == [Array("a".utf8), Array("\u{301}b".utf8)])
    }

    /// Names are matched by their bytes: `é` and `e` + U+0301 are two parameters, not one.
    @Test func namesAreNeverNormalised() throws {
        struct Accented: Decodable {
            let cafe: Int?
            enum CodingKeys: String, CodingKey { case cafe = "caf\u{E9}" }
        }
        #expect(try decoder.decode(Accented.self, from: "caf%C3%A9=1").cafe == 1)
        #expect(try decoder.decode(Accented.self, from: "cafe%CC%81=1").cafe == nil)
        // Both spellings at once are two parameters, not one given twice...
        #expect(try decoder.decode(Accented.self, from: "caf%C3%A9=1&cafe%CC%81=2").cafe == 1)
        // ...but a Swift dictionary cannot hold both keys, so decoding one refuses rather than drop one.
        #expect(throws: DecodingError.self) {
            try decoder.decode([String: Int].self, from: "caf%C3%A9=1&cafe%CC%81=2")
        }
    }

    @Test func onlyAnAmpersandSeparatesPairs() throws {
        #expect(try text("q=a;b=c") == "a;b=c")
        #expect(try decoder.decode(OptionalFields.self, from: "c=1&a=2") == OptionalFields(a: 2, b: nil, c: 1))
    }

    @Test func emptySegmentsAreSkipped() throws {
        #expect(try text("&&q=1&&") == "1")
        #expect(try text("?&q=1&") == "1")
    }

    @Test func aPairWithoutEqualsHasAnEmptyValue() throws {
        #expect(try text("q") == "")
        #expect(try text("q=") == "")
        #expect(try decoder.decode(OptionalFields.self, from: "b&c=1") == OptionalFields(a: nil, b: "", c: 1))
    }

    @Test func theValueRunsFromTheFirstEquals() throws {
        #expect(try text("q=a=b==c") == "a=b==c")
        #expect(try text("q==") == "=")
    }

    @Test func percentEscapesAndPlusAreDecoded() throws {
        #expect(try text("q=a+b") == "a b")
        #expect(try text("q=a%2Bb") == "a+b")
        #expect(try text("q=a%20b") == "a b")
        #expect(Array(try text("q=%C3%A9").utf8) == [0xC3, 0xA9])
        #expect(Array(try text("q=e%CC%81").utf8) == [0x65, 0xCC, 0x81])
        #expect(try text("q=%c3%a9") == "\u{E9}")
        #expect(try text("q=%26%3D%25") == "&=%")
        #expect(try text("q=%F0%9F%98%80") == "\u{1F600}")
        #expect(try text("q=%00%0D%0A") == "\0\r\n")
        // Raw non-ASCII and raw reserved characters are taken as they are.
        #expect(try text("q=\u{E9}/?:@[]") == "\u{E9}/?:@[]")
    }

    @Test func namesArePercentDecodedToo() throws {
        #expect(try text("%71=1") == "1")
        #expect(
            try decoder.decode(Search.self, from: "term=t&filter%2Emin=1&filter.max=2")
                == Search(term: "t", filter: Filter(min: 1, max: 2)))
        let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        #expect(
            try brackets.decode(Search.self, from: "term=t&filter%5Bmin%5D=1&filter[max]=2")
                == Search(term: "t", filter: Filter(min: 1, max: 2)))
        #expect(try decoder.decode([String: String].self, from: "a+b=c+d") == ["a b": "c d"])
    }

    /// A struct ignores it; a dictionary refuses the empty key, which the encoder could not write back
    /// (issue 14; see UnwritableKeyTests).
    @Test func anEmptyNameIsAnUnknownParameter() throws {
        #expect(try text("=1&q=2") == "2")
        #expect(throws: DecodingError.self) { try decoder.decode([String: String].self, from: "=1") }
    }

    @Test func anEmptyQueryDecodesStructsWhoseFieldsMayBeAbsent() throws {
        #expect(try decoder.decode(Empty.self, from: "") == Empty())
        #expect(try decoder.decode(Empty.self, from: "?") == Empty())
        #expect(try decoder.decode([String: Int].self, from: "") == [:])
        #expect(try decoder.decode(Listed<[Int]>.self, from: "") == Listed(list: []))
        #expect(try decoder.decode(Wrapped<Int?>.self, from: "&&") == Wrapped(value: nil))
    }

    @Test func itemsAreAlreadyDecoded() throws {
        let items = [URLQueryItem(name: "q", value: "a+b%20c")]
        #expect(try decoder.decode(Text.self, from: items) == Text(q: "a+b%20c"))
        #expect(try decoder.decode(Text.self, from: [URLQueryItem(name: "q", value: nil)]) == Text(q: ""))
        #expect(
            try decoder.decode(
                Search.self,
                from: [
                    URLQueryItem(name: "term", value: "&="), URLQueryItem(name: "filter.min", value: "1"),
                    URLQueryItem(name: "filter.max", value: "2"),
                ]) == Search(term: "&=", filter: Filter(min: 1, max: 2)))
        // Names are taken as they are: `%2E` is not a dot.
        #expect(
            try decoder.decode([String: String].self, from: [URLQueryItem(name: "a%2Eb", value: "1")]) == ["a%2Eb": "1"]
        )
    }

    /// Each is one literal name, unknown to a struct; a dictionary refuses it as a key, since the encoder
    /// could not write it back (issue 14; see UnwritableKeyTests).
    @Test func malformedNestedNamesAreLiteralNames() throws {
        for query in ["a..b=1", ".c=2", "d.=3"] {
            #expect(throws: DecodingError.self) { try decoder.decode([String: String].self, from: query) }
        }
        #expect(try text("a..b=1&.c=2&d.=3&q=4") == "4")
        let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        for query in ["a[b=1", "c]=2", "[d]=3", "e[f]g=4", "h[[i]]=5"] {
            #expect(throws: DecodingError.self) { try brackets.decode([String: String].self, from: query) }
        }
        #expect(try brackets.decode(Text.self, from: "q=1&q[=2&c]=2&[d]=3&e[f]g=4&h[[i]]=5") == Text(q: "1"))
    }

    @Test func bracketsAreLiteralWhereNoStrategyUsesThem() throws {
        #expect(try decoder.decode([String: String].self, from: "page[size]=10") == ["page[size]": "10"])
        let repeated = QueryDecoder.with { $0.arrayDecodingStrategy = .repeatedKeys }
        #expect(try repeated.decode([String: [String]].self, from: "a[]=1&a[]=2") == ["a[]": ["1", "2"]])
    }

    @Test func dotsAreLiteralUnderBracketNesting() throws {
        let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        #expect(try brackets.decode([String: [String: Int]].self, from: "m[a.b]=1") == ["m": ["a.b": 1]])
    }
}
