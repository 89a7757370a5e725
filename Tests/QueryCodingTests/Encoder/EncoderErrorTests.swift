import Foundation
import QueryCoding
import Testing

// Every error the encoder throws, each with the coding path it names.

@Suite(.timeLimit(.minutes(5))) struct EncoderErrorTests {
    let encoder = QueryEncoder()

    /// Runs both entry points and returns the error of each, which must agree.
    private func errors(
        _ value: some Encodable, _ encoder: QueryEncoder = QueryEncoder(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (string: EncodingError?, items: EncodingError?) {
        let string = #expect(throws: EncodingError.self, sourceLocation: sourceLocation) {
            try encoder.encodeToString(value)
        }
        let items = #expect(throws: EncodingError.self, sourceLocation: sourceLocation) { try encoder.encode(value) }
        return (string, items)
    }

    // MARK: Numbers

    @Test(arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func nonFiniteDoublesThrowWithTheirPath(value: Double) {
        let (string, items) = errors(Wrapped(value: value))
        #expect(string?.path == ["value"])
        #expect(items?.path == ["value"])
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func nonFiniteFloatsThrowWithTheirPath(value: Float) {
        #expect(errors(Wrapped(value: value)).string?.path == ["value"])
        #expect(errors(Wrapped(value: Wrapped(value: [1, value]))).string?.path == ["value", "value", "[1]"])
    }

    @Test func nonFiniteNumbersInEveryPosition() {
        #expect(errors(Listed(list: [1.0, .nan])).string?.path == ["list", "[1]"])
        #expect(errors(["a": ["b": Double.infinity]]).string?.path == ["a", "b"])
        #expect(errors(Wrapped(value: Double?.some(.nan))).string?.path == ["value"])
        #expect(errors(Wrapped(value: Set([Double.nan]))).string?.path == ["value"])
        let indexed = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(
            errors(Listed(list: [Wrapped(value: 1.0), Wrapped(value: -.infinity)]), indexed).items?.path == [
                "list", "[1]", "value",
            ])
    }

    @Test func decimalNaNThrows() {
        #expect(errors(Wrapped(value: Decimal.nan)).string?.path == ["value"])
        #expect(errors(Listed(list: [Decimal(1), .nan])).items?.path == ["list", "[1]"])
    }

    // MARK: Dates

    @Test func iso8601DatesOutsideFourDigitYearsThrow() {
        let tooLate = errors(Wrapped(value: Wrapped(value: Date(timeIntervalSince1970: 253_402_300_800))))
        #expect(tooLate.string?.path == ["value", "value"])
        #expect(errors(Listed(list: [Date(timeIntervalSince1970: -62_167_219_201)])).items?.path == ["list", "[0]"])
    }

    @Test func nonFiniteDatesThrowAsNumbers() {
        let seconds = QueryEncoder.with { $0.dateEncodingStrategy = .secondsSince1970 }
        #expect(errors(Stamp(date: Date(timeIntervalSince1970: .infinity)), seconds).string?.path == ["date"])
        let milliseconds = QueryEncoder.with { $0.dateEncodingStrategy = .millisecondsSince1970 }
        #expect(errors(Stamp(date: Date(timeIntervalSince1970: -.infinity)), milliseconds).items?.path == ["date"])
        #expect(errors(Stamp(date: Date(timeIntervalSince1970: .infinity))).string?.path == ["date"])
    }

    /// A formatter writes nothing for a date it cannot format; that must not drop the date silently.
    @Test func aFormatterThatWritesNothingThrows() {
        let formatter = DateFormatter()
        formatter.dateFormat = ""
        let formatted = QueryEncoder.with { $0.dateEncodingStrategy = .formatted(formatter) }
        #expect(errors(Wrapped(value: Date(timeIntervalSince1970: 0)), formatted).string?.path == ["value"])
    }

    @Test func customStrategyErrorsPropagateUnchanged() {
        let dates = QueryEncoder.with { $0.dateEncodingStrategy = .custom { _ in throw Boom(reason: "d") } }
        #expect(throws: Boom(reason: "d")) { try dates.encode(Listed(list: [Date()])) }
        let data = QueryEncoder.with { $0.dataEncodingStrategy = .custom { _ in throw Boom(reason: "b") } }
        #expect(throws: Boom(reason: "b")) { try data.encode(["k": Data()]) }
        #expect(throws: Boom(reason: "e")) { try QueryEncoder().encode(Throwing()) }
    }

    // MARK: Shapes

    @Test func topLevelValuesWithoutKeysThrow() {
        let values: [any Encodable] = [
            1, "text", true, 1.5, Date(), Data(), UUID(), Decimal(1), Color.red, [1, 2], ["a"], [Item](), Set([1]),
            Set<String>(), [[1]], Int?.some(1), SingleValue(1),
            [Item(id: 1, name: "a")],
        ]
        for value in values {
            let (string, items) = errors(value)
            #expect(string?.path == [], "\(value)")
            #expect(items?.path == [], "\(value)")
        }
        let indexed = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(errors([Item(id: 1, name: "a")], indexed).string?.path == [])
        #expect(errors([[1]], indexed).string?.path == [])
    }

    @Test func nonScalarElementsThrowWhereOnlyIndexedBracketsCanNameThem() {
        for arrays in [QueryArrayStyle.commaSeparated, .repeatedKeys, .brackets] {
            let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = arrays }
            #expect(
                errors(Wrapped(value: Items(items: [Item(id: 1, name: "a")])), encoder).string?.path == [
                    "value", "items", "[0]",
                ])
            #expect(errors(Matrix(m: [[1], [2]]), encoder).items?.path == ["m", "[0]"])
            #expect(errors(Listed(list: [["k": 1]]), encoder).string?.path == ["list", "[0]"])
            #expect(errors(Listed(list: [Set([1])]), encoder).string?.path == ["list", "[0]"])
            #expect(errors(Listed(list: [Wrapped(value: 1)]), encoder).string?.path == ["list", "[0]"])
            #expect(errors(Listed(list: [Empty()]), encoder).string?.path == ["list", "[0]"])
        }
    }

    @Test func setElementsMustBeScalars() {
        let indexed = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(errors(Listed(list: Set([Item(id: 1, name: "a")])), indexed).string?.path == ["list"])
        #expect(errors(Listed(list: Set([Item(id: 1, name: "a")]))).items?.path == ["list"])
    }

    @Test func dictionaryKeysWithoutATextFormThrow() {
        #expect(errors(Wrapped(value: [Color.red: 1])).string?.path == ["value"])
        #expect(errors(Wrapped(value: [Item(id: 1, name: "a"): 1])).items?.path == ["value"])
        #expect(errors([1.5: 1]).string?.path == [])
    }

    @Test func interleavedCommaSeparatedElementsThrow() throws {
        let error = errors(Interleaved()).string
        #expect(error?.path == ["list", "[1]"])
        let repeated = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        #expect(try repeated.encodeToString(Interleaved()) == "list=1&other=2&list=3")
    }

    @Test func nilArrayElementsCannotBeOmitted() {
        #expect(errors(OptionalList(list: [nil])).string?.path == ["list", "[0]"])
        #expect(errors(["d": [1, nil]]).items?.path == ["d", "[1]"])
    }

    // MARK: Keys

    @Test func emptyKeysThrow() {
        #expect(errors(Pairs(["": "v"])).string?.path == [""])
        #expect(errors(Wrapped(value: ["": 1])).string?.path == ["value", ""])
        #expect(errors(Wrapped(value: Pairs(["": "v"]))).items?.path == ["value", ""])
        let renamed = QueryEncoder.with { $0.keyEncodingStrategy = .custom { _ in AnyKey("") } }
        #expect(errors(Text(q: "x"), renamed).string?.path == ["q"])
    }

    /// An indexed element made through a nested container must write something, or its index is lost.
    @Test func anEmptyIndexedElementMadeThroughANestedContainerThrows() throws {
        struct Rows: Encodable {
            let rows: [[String: Int]]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                var list = container.nestedUnkeyedContainer(forKey: AnyKey("rows"))
                for row in rows {
                    var fields = list.nestedContainer(keyedBy: AnyKey.self)
                    for (key, value) in row.sorted(by: { $0.key < $1.key }) {
                        try fields.encode(value, forKey: AnyKey(key))
                    }
                }
            }
        }
        let indexed = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(errors(Rows(rows: [[:], ["a": 1]]), indexed).string?.path == ["rows", "[0]"])
        #expect(try indexed.encodeToString(Rows(rows: [["a": 1]])) == "rows%5B0%5D.a=1")
    }

    /// Whether a key throws never depends on the value: also a key whose value writes nothing.
    @Test func keysAreCheckedWhenTheirValueWritesNothing() {
        #expect(errors(["": [String]()]).string?.path == [""])
        #expect(errors(Wrapped(value: ["a.b": [Int]()])).items?.path == ["value", "a.b"])
        let renamed = QueryEncoder.with { $0.keyEncodingStrategy = .custom { _ in AnyKey("a.b") } }
        #expect(errors(Wrapped(value: Int?.none), renamed).string?.path == ["value"])
        let nilValues: [String: Int?] = [".": nil]
        #expect(errors(Wrapped(value: nilValues)).string?.path == ["value", "."])
    }

    @Test func aDotInAKeyThrowsUnderDotNesting() throws {
        #expect(errors(Pairs(["a.b": "v"])).string?.path == ["a.b"])
        #expect(errors(Wrapped(value: ["a.b": 1])).items?.path == ["value", "a.b"])
        #expect(errors(Wrapped(value: [".": 1])).string?.path == ["value", "."])
        let renamed = QueryEncoder.with { $0.keyEncodingStrategy = .custom { _ in AnyKey("x.y") } }
        #expect(errors(Text(q: "x"), renamed).string?.path == ["q"])
        // Brackets nesting reads a dot as an ordinary character.
        let brackets = QueryEncoder.with { $0.nestedKeyEncodingStrategy = .brackets }
        #expect(try brackets.encodeToString(Wrapped(value: ["a.b": 1])) == "value%5Ba.b%5D=1")
    }

    @Test(arguments: [
        (QueryEncoder.NestedKeyEncodingStrategy.brackets, QueryArrayStyle.commaSeparated),
        (.dots, .brackets), (.dots, .indexedBrackets), (.brackets, .repeatedKeys),
    ])
    func bracketsInAKeyThrowUnderBracketStrategies(
        nesting: QueryEncoder.NestedKeyEncodingStrategy, arrays: QueryArrayStyle
    ) {
        let encoder = QueryEncoder.with {
            $0.nestedKeyEncodingStrategy = nesting
            $0.arrayEncodingStrategy = arrays
        }
        #expect(errors(Pairs(["page[size]": "1"]), encoder).string?.path == ["page[size]"])
        #expect(errors(Wrapped(value: ["a]": 1]), encoder).items?.path == ["value", "a]"])
        #expect(errors(Wrapped(value: ["[": 1]), encoder).string?.path == ["value", "["])
    }

    /// `nestedContainer(keyedBy:forKey:)` cannot throw: a bad key is reported when the call ends, even
    /// if nothing is written to the container.
    @Test func aBadKeyForANestedContainerIsReportedWhenTheCallEnds() {
        let brackets = QueryEncoder.with { $0.arrayEncodingStrategy = .brackets }
        #expect(errors(UnusedNestedContainer(key: "a[b]"), brackets).string?.path == ["a[b]"])
        #expect(errors(UnusedNestedContainer(key: "a.b")).items?.path == ["a.b"])
        #expect(errors(UnusedNestedContainer(key: "")).string?.path == [""])
    }

    @Test func bracketsInAKeyAreDataUnderDotsWithFlatArrays() throws {
        for arrays in [QueryArrayStyle.commaSeparated, .repeatedKeys] {
            let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = arrays }
            #expect(try encoder.encodeToString(Pairs(["page[size]": "1"])) == "page%5Bsize%5D=1")
            #expect(try pairs(encoder.encode(Pairs(["page[size]": "1"]))) == [Pair("page[size]", "1")])
        }
    }

    // MARK: Values that items cannot carry

    @Test func aCommaInsideACommaSeparatedElementThrowsForItems() throws {
        let list = Listed(list: ["a", "b,c"])
        let error = #expect(throws: EncodingError.self) { try encoder.encode(list) }
        #expect(error?.path == ["list", "[1]"])
        #expect(try encoder.encodeToString(list) == "list=a,b%2Cc")
        #expect(try pairs(encoder.encode(Listed(list: [Decimal(1), Decimal(2)]))) == [Pair("list", "1,2")])
        let custom = QueryEncoder.with { $0.dateEncodingStrategy = .custom { _ in "1,2" } }
        #expect(
            #expect(throws: EncodingError.self) { try custom.encode(Listed(list: [Date()])) }?.path == ["list", "[0]"])
        #expect(
            #expect(throws: EncodingError.self) { try encoder.encode(Listed(list: [SingleString("p,q")])) }?.path == [
                "list", "[0]",
            ])
        // A comma outside a list is ordinary text.
        #expect(try pairs(encoder.encode(Text(q: "a,b"))) == [Pair("q", "a,b")])
        let repeated = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        #expect(try pairs(repeated.encode(list)) == [Pair("list", "a"), Pair("list", "b,c")])
    }

    @Test func theErrorOfAFailedCallDoesNotLeakIntoTheNext() throws {
        #expect(throws: EncodingError.self) { try encoder.encodeToString(Wrapped(value: Double.nan)) }
        #expect(try encoder.encodeToString(Wrapped(value: 1.5)) == "value=1.5")
        #expect(throws: EncodingError.self) { try encoder.encodeToString(Listed(list: [Empty()])) }
        #expect(try encoder.encodeToString(Listed(list: [1])) == "list=1")
    }
}

// MARK: - Types used above

private struct Throwing: Encodable {
    func encode(to encoder: any Encoder) throws { throw Boom(reason: "e") }
}

/// Writes a comma-separated element, another field, then a second element of the same list.
private struct Interleaved: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var list = container.nestedUnkeyedContainer(forKey: "list")
        try list.encode(1)
        try container.encode(2, forKey: "other")
        try list.encode(3)
    }
}

/// Asks for a nested container under `key` and writes nothing to it.
private struct UnusedNestedContainer: Encodable {
    let key: String
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        _ = container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key))
        _ = container.nestedUnkeyedContainer(forKey: "fine")
        try container.encode(1, forKey: "x")
    }
}

private struct SingleString: Encodable {
    let text: String
    init(_ text: String) { self.text = text }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
