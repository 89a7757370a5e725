import Foundation
import QueryCoding
import Testing

// The combinations that cannot round-trip, one test per row of the "Lossy combinations" table in
// Docs/QueryEncoding.md: each either reads back the documented value or throws.

@Suite(.timeLimit(.minutes(5))) struct LossyCombinationTests {
    private func viaString<T: Codable>(_ value: T, _ coders: Coders) throws -> T {
        try coders.decoder.decode(T.self, from: coders.encoder.encodeToString(value))
    }

    private func viaItems<T: Codable>(_ value: T, _ coders: Coders) throws -> T {
        try coders.decoder.decode(T.self, from: coders.encoder.encode(value))
    }

    @Test func emptyValueReadsAnEmptyOptionalStringAsNil() throws {
        let coders = Coders(OtherStrategies(nils: .emptyValue))
        #expect(try viaString(Wrapped<String?>(value: ""), coders) == Wrapped(value: nil))
        #expect(try viaItems(Wrapped<String?>(value: ""), coders) == Wrapped(value: nil))
        #expect(try viaString(Wrapped<[String]?>(value: [""]), coders) == Wrapped(value: nil))
        #expect(try viaString(Listed<[String?]>(list: ["", nil, "a"]), coders) == Listed(list: [nil, nil, "a"]))
        // A non-optional string keeps its empty value.
        #expect(try viaString(Text(q: ""), coders) == Text(q: ""))
    }

    @Test func nullReadsTheOptionalStringNullAsNil() throws {
        let coders = Coders(OtherStrategies(nils: .null))
        #expect(try viaString(Wrapped<String?>(value: "null"), coders) == Wrapped(value: nil))
        #expect(try viaItems(Wrapped<String?>(value: "null"), coders) == Wrapped(value: nil))
        #expect(try viaString(Wrapped<[String]?>(value: ["null"]), coders) == Wrapped(value: nil))
        #expect(try viaString(Listed<[String?]>(list: ["null", "a"]), coders) == Listed(list: [nil, "a"]))
        #expect(try viaString(Text(q: "null"), coders) == Text(q: "null"))
        // Other spellings are text.
        #expect(try viaString(Wrapped<String?>(value: "NULL"), coders) == Wrapped(value: "NULL"))
    }

    @Test func omitDropsNilDictionaryValues() throws {
        let coders = Coders()
        let value: [String: Int?] = ["a": nil, "b": 1]
        #expect(try viaString(Wrapped(value: value), coders) == Wrapped(value: ["b": 1]))
        #expect(
            try viaString(Wrapped(value: value), Coders(OtherStrategies(nils: .emptyValue))) == Wrapped(value: value))
    }

    @Test(arguments: ArrayCase.allCases)
    func anEmptyOptionalCollectionReadsAsNil(arrays: ArrayCase) throws {
        let coders = Coders(arrays: arrays)
        #expect(try viaString(Wrapped<[Int]?>(value: []), coders) == Wrapped(value: nil))
        #expect(try viaString(Wrapped<Set<Int>?>(value: []), coders) == Wrapped(value: nil))
        #expect(try viaString(Wrapped<[String: Int]?>(value: [:]), coders) == Wrapped(value: nil))
        // Not optional: empty, as written.
        #expect(try viaString(Wrapped<[Int]>(value: []), coders) == Wrapped(value: []))
    }

    @Test(arguments: ArrayCase.allCases)
    func aDictionaryEntryWhoseValueWritesNothingDisappears(arrays: ArrayCase) throws {
        let coders = Coders(arrays: arrays)
        #expect(try viaString(Wrapped(value: ["a": [Int](), "b": [1]]), coders) == Wrapped(value: ["b": [1]]))
        #expect(try viaString(Wrapped(value: ["a": [String: Int]()]), coders) == Wrapped(value: [:]))
        #expect(try viaString(Wrapped(value: ["a": Empty()]), coders) == Wrapped(value: [:]))
    }

    @Test func anOptionalStructThatWritesNothingReadsAsNil() throws {
        let coders = Coders()
        #expect(try viaString(Wrapped<OptionalList?>(value: OptionalList(list: [])), coders) == Wrapped(value: nil))
        #expect(try viaString(Wrapped<Empty?>(value: Empty()), coders) == Wrapped(value: nil))
        #expect(try viaString(Empty?.some(Empty()), coders) == nil)
        let allNil = Wrapped<OptionalFieldsOnly?>(value: OptionalFieldsOnly(a: nil))
        #expect(try viaString(allNil, coders) == Wrapped(value: nil))
        // With .emptyValue the nil field writes `value.a=`, which keeps the struct.
        #expect(try viaString(allNil, Coders(OtherStrategies(nils: .emptyValue))) == allNil)
    }

    @Test(arguments: NilCase.allCases)
    func aDoubleOptionalCollapses(nils: NilCase) throws {
        let coders = Coders(OtherStrategies(nils: nils))
        #expect(try viaString(Wrapped<Int??>(value: .some(nil)), coders) == Wrapped(value: nil))
        #expect(try viaString(Wrapped<Int??>(value: .some(1)), coders) == Wrapped(value: .some(1)))
    }

    @Test func iso8601KeepsWholeSeconds() throws {
        let coders = Coders()
        #expect(
            try viaString(Stamp(date: Date(timeIntervalSince1970: 1_509_466_556.75)), coders)
                == Stamp(date: Date(timeIntervalSince1970: 1_509_466_556)))
        #expect(
            try viaString(Stamp(date: Date(timeIntervalSince1970: -0.25)), coders)
                == Stamp(date: Date(timeIntervalSince1970: -1)))
    }

    @Test(arguments: [DateCase.secondsSince1970, .millisecondsSince1970])
    func numericDatesAreExactOnlyWhenTheNumberIs(dates: DateCase) throws {
        let coders = Coders(OtherStrategies(dates: dates))
        let date = Date(timeIntervalSince1970: 1_509_466_556.123)
        let decoded = try viaString(Stamp(date: date), coders).date
        #expect(abs(decoded.timeIntervalSince(date)) < 1e-6)
        let exact = Date(timeIntervalSince1970: 1_509_466_556.125)
        #expect(try viaString(Stamp(date: exact), coders).date == exact)
    }

    @Test func formattedDatesKeepWhatTheFormatWrites() throws {
        let coders = Coders(OtherStrategies(dates: .formatted))
        let withMicroseconds = Date(timeIntervalSince1970: 1_509_466_556.5 + 1.0 / 1024 / 1024)
        #expect(try viaString(Stamp(date: withMicroseconds), coders).date.timeIntervalSince1970 == 1_509_466_556.5)
        let minutes = QueryEncoder.with { $0.dateEncodingStrategy = .formatted(posixFormatter("yyyy-MM-dd HH:mm")) }
        let minuteDecoder = QueryDecoder.with {
            $0.dateDecodingStrategy = .formatted(posixFormatter("yyyy-MM-dd HH:mm"))
        }
        let decoded = try minuteDecoder.decode(
            Stamp.self, from: minutes.encodeToString(Stamp(date: Date(timeIntervalSince1970: 1_509_466_556))))
        #expect(decoded.date.timeIntervalSince1970 == 1_509_466_500)
    }

    @Test func itemsCannotCarryACommaInsideACommaSeparatedElement() throws {
        let coders = Coders()
        let value = Listed(list: ["a,b", "c"])
        #expect(try viaString(value, coders) == value)
        let error = #expect(throws: EncodingError.self) { try coders.encoder.encode(value) }
        #expect(error?.path == ["list", "[0]"])
    }

    @Test func aSetReadIntoAnArrayComesInSortedOrder() throws {
        let coders = Coders()
        let set: Set<String> = ["b", "c", "a"]
        #expect(try viaString(Listed(list: set), coders) == Listed(list: set))
        let string = try coders.encoder.encodeToString(Listed(list: set))
        #expect(try coders.decoder.decode(Listed<[String]>.self, from: string) == Listed(list: ["a", "b", "c"]))
    }

    @Test func aRelativeURLComesBackAbsolute() throws {
        let base = try #require(URL(string: "https://example.com/api/"))
        let relative = try #require(URL(string: "users?id=1", relativeTo: base))
        let decoded = try viaString(Wrapped(value: relative), Coders()).value
        #expect(decoded.absoluteString == relative.absoluteString)
        #expect(decoded.baseURL == nil)
        #expect(decoded == relative.absoluteURL)
    }

    @Test func twoCodingKeysConvertingToOneNameThrowOnDecoding() throws {
        let coders = Coders(OtherStrategies(keys: .snakeCase))
        let string = try coders.encoder.encodeToString(SameSnakeName(userID: 1, userId: 2))
        #expect(string == "user_id=1&user_id=2")
        let error = #expect(throws: DecodingError.self) { try coders.decoder.decode(SameSnakeName.self, from: string) }
        #expect(error?.message.contains("appears 2 times") == true)
    }

    /// Not lossy, although it is in many encoders: `[]` writes nothing and `[""]` writes `k=`.
    @Test(arguments: ArrayCase.allCases)
    func anEmptyArrayAndAnArrayOfOneEmptyStringStayApart(arrays: ArrayCase) throws {
        let coders = Coders(arrays: arrays)
        #expect(try viaString(Tags(type: []), coders) == Tags(type: []))
        #expect(try viaString(Tags(type: [""]), coders) == Tags(type: [""]))
        #expect(try viaItems(Tags(type: [""]), coders) == Tags(type: [""]))
        #expect(try viaString(Tags(type: ["", ""]), coders) == Tags(type: ["", ""]))
    }

    // Regression: an indexed element that writes nothing (an empty array, dictionary or struct) used to
    // vanish or shift the elements after it; encoding now throws, as for a nil element under `.omit`.
    @Test(arguments: NestingCase.allCases)
    func anIndexedElementThatWritesNothingThrowsOrRoundTrips(nesting: NestingCase) throws {
        let coders = Coders(arrays: .indexedBrackets, nesting: nesting)
        try expectThrowsOrRoundTrips(Matrix(m: [[1], []]), coders)
        try expectThrowsOrRoundTrips(Matrix(m: [[], [1]]), coders)
        try expectThrowsOrRoundTrips(Listed(list: [Empty()]), coders)
        try expectThrowsOrRoundTrips(Listed(list: [["a": 1], [:]]), coders)
        try expectThrowsOrRoundTrips(Listed(list: [OptionalFieldsOnly(a: nil), OptionalFieldsOnly(a: 1)]), coders)
    }

    private func expectThrowsOrRoundTrips<T: Codable & Equatable>(
        _ value: T, _ coders: Coders, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let string: String
        do {
            string = try coders.encoder.encodeToString(value)
        } catch is EncodingError {
            return
        }
        do {
            let decoded = try coders.decoder.decode(T.self, from: string)
            #expect(decoded == value, "\(string)", sourceLocation: sourceLocation)
        } catch {
            Issue.record(
                "\(value) was encoded as \"\(string)\", which does not decode: \(error)", sourceLocation: sourceLocation
            )
        }
    }
}

private struct OptionalFieldsOnly: Codable, Equatable {
    let a: Int?
}

private struct SameSnakeName: Codable, Equatable {
    let userID: Int
    let userId: Int
}
