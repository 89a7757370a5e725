import Foundation
import QueryCoding
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The escaping rule of `encodeToString`: only RFC 3986 unreserved characters stay raw; everything else
// is `%XX` of its UTF-8 bytes, uppercase, exactly once. Expected strings are written out by hand.

@Suite(.timeLimit(.minutes(5))) struct EscapingTests {
    /// Each character RFC 3986 reserves (gen-delims and sub-delims), the ones it excludes, and the
    /// controls, with its escape worked out by hand from its ASCII code.
    static let escapes: [(character: String, escaped: String)] = [
        ("+", "%2B"), ("&", "%26"), ("=", "%3D"), (";", "%3B"), (",", "%2C"), ("#", "%23"), ("%", "%25"),
        ("?", "%3F"), ("/", "%2F"), ("[", "%5B"), ("]", "%5D"), ("@", "%40"), (":", "%3A"), ("!", "%21"),
        ("$", "%24"), ("'", "%27"), ("(", "%28"), (")", "%29"), ("*", "%2A"), ("\"", "%22"), ("<", "%3C"),
        (">", "%3E"), ("\\", "%5C"), ("^", "%5E"), ("`", "%60"), ("{", "%7B"), ("|", "%7C"), ("}", "%7D"),
        (" ", "%20"), ("\r", "%0D"), ("\n", "%0A"), ("\0", "%00"), ("\t", "%09"), ("\u{7F}", "%7F"),
        ("\u{1}", "%01"), ("\u{1F}", "%1F"),
    ]

    /// The encoder's byte-class table (a 256-character literal, `package`) against RFC 3986's definition,
    /// `ALPHA / DIGIT / "-" / "." / "_" / "~"`, written out here from the ASCII ranges.
    @Test func theByteClassTableIsTheUnreservedSet() {
        #expect(PercentEncoding.byteClasses.utf8CodeUnitCount == 256)
        PercentEncoding.withByteClasses { classes in
            for value in 0...255 {
                let byte = UInt8(value)
                let isLetterOrDigit =
                    (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                    || (0x30...0x39).contains(value)
                let expected =
                    byte == UInt8(ascii: ".")
                    ? UInt8(ascii: "2")
                    : isLetterOrDigit || [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~")].contains(byte)
                        ? UInt8(ascii: "1") : UInt8(ascii: "0")
                #expect(classes[value] == expected, "byte \(value)")
                #expect(PercentEncoding.isUnreserved(byte) == (expected != UInt8(ascii: "0")), "byte \(value)")
            }
        }
    }

    /// The hex-pair table escapes are copied from, against the digits written out here.
    @Test func theHexPairTableHoldsEachBytesTwoUppercaseDigits() {
        let table = Array(UnsafeBufferPointer(start: PercentEncoding.hexPairs.utf8Start, count: 512))
        #expect(PercentEncoding.hexPairs.utf8CodeUnitCount == 512)
        let digits = Array("0123456789ABCDEF".utf8)
        for value in 0...255 {
            #expect(table[2 * value] == digits[value / 16], "byte \(value)")
            #expect(table[2 * value + 1] == digits[value % 16], "byte \(value)")
            #expect(table[2 * value] == PercentEncoding.hexDigit(UInt8(value) >> 4), "byte \(value)")
        }
    }

    @Test(arguments: escapes)
    func reservedAndControlCharactersAreEscapedInValues(character: String, escaped: String) throws {
        let value = "a" + character + "b"
        #expect(try Array(QueryEncoder().encodeToString(Text(q: value)).utf8) == Array("q=a\(escaped)b".utf8))
        #expect(try pairs(QueryEncoder().encode(Text(q: value))) == [Pair("q", value)])
    }

    @Test(arguments: escapes)
    func reservedAndControlCharactersAreEscapedInKeys(character: String, escaped: String) throws {
        // Brackets in keys are refused under bracket strategies; the defaults take them as data.
        let key = "k" + character
        #expect(try Array(QueryEncoder().encodeToString(Pairs([key: "v"])).utf8) == Array("k\(escaped)=v".utf8))
        #expect(try Array(QueryEncoder().encodeToString(["d": [key: 1]]).utf8) == Array("d.k\(escaped)=1".utf8))
    }

    /// Each ASCII byte, and non-ASCII characters, at every position of runs shorter and longer than the
    /// eight bytes the encoder checks at a time: what comes before and after it is unchanged, in values
    /// and in keys (where a `.` is refused under `.dots` wherever it is).
    @Test func everyByteAtEveryPositionOfARun() throws {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        func escaped(_ text: String) -> [UInt8] {
            text.utf8.flatMap { byte in
                unreserved.contains(byte) ? [byte] : [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        let characters = (UInt8(0)...127).map { String(Unicode.Scalar($0)) } + ["é", "\u{1F600}"]
        for length in [1, 2, 3, 7, 8, 9, 15, 16, 17, 24] {
            for position in 0..<length {
                for character in characters {
                    let text =
                        String(repeating: "a", count: position) + character
                        + String(repeating: "Z", count: length - position - 1)
                    #expect(
                        try Array(QueryEncoder().encodeToString(Text(q: text)).utf8) == Array("q=".utf8) + escaped(text)
                    )
                    if character == "." {
                        #expect(throws: EncodingError.self) { try QueryEncoder().encodeToString(Pairs([text: "v"])) }
                    } else {
                        #expect(
                            try Array(QueryEncoder().encodeToString(Pairs([text: "v"])).utf8) == escaped(text)
                                + Array("=v".utf8))
                    }
                }
            }
        }
    }

    @Test func unreservedCharactersStayRaw() throws {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect(try QueryEncoder().encodeToString(Text(q: unreserved)) == "q=" + unreserved)
        #expect(try QueryEncoder().encodeToString(Pairs(["AZaz09-_~": unreserved])) == "AZaz09-_~=" + unreserved)
    }

    /// Every ASCII byte, against the rule stated independently here: RFC 3986 §2.3's unreserved set
    /// raw, anything else `%` and two uppercase hex digits.
    @Test func everyASCIIByte() throws {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var value = ""
        var expected: [UInt8] = Array("q=".utf8)
        for byte in UInt8(0)...127 {
            value.unicodeScalars.append(Unicode.Scalar(byte))
            if unreserved.contains(byte) {
                expected.append(byte)
            } else {
                expected += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        #expect(try Array(QueryEncoder().encodeToString(Text(q: value)).utf8) == expected)
    }

    @Test func spaceFollowsTheStrategyAndALiteralPlusIsAlwaysEscaped() throws {
        let plus = QueryEncoder.with { $0.spaceEncodingStrategy = .plus }
        #expect(try QueryEncoder().encodeToString(Text(q: " a + b ")) == "q=%20a%20%2B%20b%20")
        #expect(try plus.encodeToString(Text(q: " a + b ")) == "q=+a+%2B+b+")
        #expect(try plus.encodeToString(Pairs(["a b+c": "x"])) == "a+b%2Bc=x")
    }

    @Test func nonASCIITextIsEscapedByteByByte() throws {
        let cases: [(String, String)] = [
            ("\u{E9}", "%C3%A9"),  // é precomposed: U+00E9 → C3 A9
            ("e\u{301}", "e%CC%81"),  // e + COMBINING ACUTE ACCENT U+0301 → CC 81
            ("\u{1F600}", "%F0%9F%98%80"),  // 😀 U+1F600 → F0 9F 98 80
            ("\u{1F468}\u{200D}\u{1F469}", "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9"),  // 👨‍👩 with ZWJ U+200D → E2 80 8D
            ("\u{65E5}\u{672C}", "%E6%97%A5%E6%9C%AC"),  // 日本
            ("\u{FEFF}", "%EF%BB%BF"),  // byte order mark
            ("\u{10FFFF}", "%F4%8F%BF%BF"),  // the last code point
            ("\u{80}", "%C2%80"),
        ]
        for (text, escaped) in cases {
            let string = try QueryEncoder().encodeToString(Text(q: text))
            #expect(Array(string.utf8) == Array("q=\(escaped)".utf8), "\(escaped)")
            let key = try QueryEncoder().encodeToString(Pairs([text: "v"]))
            #expect(Array(key.utf8) == Array("\(escaped)=v".utf8), "\(escaped)")
        }
        // Canonically equivalent strings are different bytes, and stay different.
        let precomposed = try QueryEncoder().encodeToString(Text(q: "\u{E9}"))
        let decomposed = try QueryEncoder().encodeToString(Text(q: "e\u{301}"))
        #expect(Array(precomposed.utf8) != Array(decomposed.utf8))
        #expect(
            try pairs(QueryEncoder().encode(Text(q: "e\u{301}"))).map { Array(($0.value ?? "").utf8) } == [
                [
                    0x65, 0xCC, 0x81,
                ]
            ])
    }

    @Test func escapingHappensExactlyOnce() throws {
        #expect(try QueryEncoder().encodeToString(Text(q: "%41")) == "q=%2541")
        #expect(try QueryEncoder().encodeToString(Text(q: "%2B")) == "q=%252B")
        #expect(try QueryEncoder().encodeToString(Text(q: "%%")) == "q=%25%25")
        #expect(try QueryEncoder().encodeToString(Pairs(["%20": "+"])) == "%2520=%2B")
        #expect(try pairs(QueryEncoder().encode(Text(q: "%41"))) == [Pair("q", "%41")])
    }

    @Test func structuralCharactersAreTheOnlyRawDelimiters() throws {
        let value = Pairs(["a&b": "c=d", "e": "f&g=h"])
        #expect(try QueryEncoder().encodeToString(value) == "a%26b=c%3Dd&e=f%26g%3Dh")
        #expect(try QueryEncoder().encodeToString(Listed(list: ["a,b", "c", ",", ""])) == "list=a%2Cb,c,%2C,")
        let brackets = QueryEncoder.with {
            $0.nestedKeyEncodingStrategy = .brackets
            $0.arrayEncodingStrategy = .brackets
        }
        #expect(try brackets.encodeToString(Wrapped(value: Tags(type: ["x"]))) == "value%5Btype%5D%5B%5D=x")
        let string = try brackets.encodeToString(Wrapped(value: Tags(type: ["x"])))
        #expect(!string.contains("[") && !string.contains("]"))
    }

    /// The string output is valid RFC 3986 query text: `URLComponents` accepts it (it traps on invalid
    /// text) and reads back exactly the values `encode(_:)` returns.
    @Test func theStringIsAValidQueryForURLComponents() throws {
        let everything = Self.escapes.map(\.character).joined() + "\u{E9}e\u{301}\u{1F600}"
        let value = Pairs(["k" + everything: everything, "plain": "v"])
        let brackets = QueryEncoder.with {
            $0.nestedKeyEncodingStrategy = .brackets
            $0.arrayEncodingStrategy = .indexedBrackets
        }
        let structured = Wrapped(value: Items(items: [Item(id: 1, name: everything)]))
        for (encoder, value) in [(QueryEncoder(), value as any Encodable), (brackets, structured)] {
            var components = URLComponents()
            components.percentEncodedQuery = try encoder.encodeToString(value)
            let items = try #require(components.queryItems)
            #expect(pairs(items) == (try pairs(encoder.encode(value))))
        }
    }

    @Test func uuidsBase64URLAndNumbersNeedNoEscaping() throws {
        let uuid = try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000A"))
        #expect(try QueryEncoder().encodeToString(Wrapped(value: uuid)) == "value=00000000-0000-0000-0000-00000000000A")
        let base64URL = QueryEncoder.with { $0.dataEncodingStrategy = .base64URL }
        #expect(try base64URL.encodeToString(Blob(data: Data([0xFB, 0xEF, 0xFF]))) == "data=--__")
        #expect(try QueryEncoder().encodeToString(Wrapped(value: -1.5e-10)) == "value=-1.5e-10")
    }
}
