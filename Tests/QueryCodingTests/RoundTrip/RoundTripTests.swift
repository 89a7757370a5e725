import Foundation
import QueryCoding
import Testing

// The round-trip contract: with mirrored strategies, `decode(T.self, from: encodeToString(x)) == x`,
// and the same through `[URLQueryItem]`, for every strategy combination. Values compare with `==`,
// and the decoded value re-encodes to the same bytes (which `==` on strings could not tell: `é` and
// `e` + U+0301 are equal strings, and `-0.0 == 0.0`).

@Suite(.timeLimit(.minutes(5))) struct RoundTripTests {
    /// Decodes what `coders` encode, from the string and from items, and checks both.
    private func expectRoundTrip<T: Codable & Equatable>(
        _ value: T, _ coders: Coders, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let string = try coders.encoder.encodeToString(value)
        let fromString = try coders.decoder.decode(T.self, from: string)
        #expect(fromString == value, "\(comment)\n\(string)", sourceLocation: sourceLocation)
        #expect(
            Array(try coders.encoder.encodeToString(fromString).utf8) == Array(string.utf8), "\(comment)",
            sourceLocation: sourceLocation)

        let items = try coders.encoder.encode(value)
        let fromItems = try coders.decoder.decode(T.self, from: items)
        #expect(fromItems == value, "\(comment) (items)", sourceLocation: sourceLocation)
        #expect(
            pairs(try coders.encoder.encode(fromItems)) == pairs(items), "\(comment)", sourceLocation: sourceLocation)
    }

    /// Every built-in strategy combination (array × nesting here, the 432 others inside).
    @Test(arguments: ArrayCase.allCases, NestingCase.allCases)
    func everyScalarAndCollectionRoundTrips(arrays: ArrayCase, nesting: NestingCase) throws {
        for others in OtherStrategies.all {
            let coders = Coders(arrays: arrays, nesting: nesting, others)
            try expectRoundTrip(try Everything.make(dates: others.dates), coders, "\(arrays), \(nesting), \(others)")
        }
    }

    /// Arrays of structs, of arrays and of dictionaries, which only indexed brackets can carry.
    @Test(arguments: NestingCase.allCases, SortCase.allCases)
    func nestedArraysRoundTripWithIndexedBrackets(nesting: NestingCase, sorting: SortCase) throws {
        for others in OtherStrategies.all where others.sorting == sorting {
            let coders = Coders(arrays: .indexedBrackets, nesting: nesting, others)
            try expectRoundTrip(Deep.make(), coders, "\(nesting), \(others)")
        }
    }

    @Test(arguments: ArrayCase.allCases, [NilCase.emptyValue, .null])
    func nilElementsRoundTrip(arrays: ArrayCase, nils: NilCase) throws {
        let coders = Coders(arrays: arrays, OtherStrategies(nils: nils))
        try expectRoundTrip(OptionalList(list: [1, nil, 3]), coders, "\(arrays), \(nils)")
        try expectRoundTrip(OptionalList(list: [nil]), coders, "\(arrays), \(nils)")
        try expectRoundTrip(Listed<[String?]>(list: ["a", nil, "b c"]), coders, "\(arrays), \(nils)")
        try expectRoundTrip(Listed<[String: Int?]>(list: ["a": nil, "b": 1]), coders, "\(arrays), \(nils)")
    }

    @Test(arguments: ArrayCase.allCases, NilCase.allCases)
    func optionalFieldsRoundTrip(arrays: ArrayCase, nils: NilCase) throws {
        let coders = Coders(arrays: arrays, OtherStrategies(nils: nils))
        for value in [
            OptionalFields(a: nil, b: nil, c: 1), OptionalFields(a: 0, b: "x", c: 2),
            OptionalFields(a: -1, b: nil, c: 3),
        ] {
            try expectRoundTrip(value, coders, "\(arrays), \(nils)")
        }
        try expectRoundTrip(Wrapped<Filter?>(value: nil), coders, "\(arrays), \(nils)")
        try expectRoundTrip(Wrapped<Filter?>(value: Filter(min: 1, max: 2)), coders, "\(arrays), \(nils)")
        try expectRoundTrip(Wrapped<[Int]?>(value: [1]), coders, "\(arrays), \(nils)")
        try expectRoundTrip(Wrapped<[Int]?>(value: nil), coders, "\(arrays), \(nils)")
    }

    @Test(arguments: DateCase.allCases, SpaceCase.allCases)
    func everyDateStrategyRoundTrips(dates: DateCase, spaces: SpaceCase) throws {
        let coders = Coders(OtherStrategies(dates: dates, spaces: spaces))
        for date in dates.exactDates {
            try expectRoundTrip(Stamp(date: date), coders, "\(dates) \(date.timeIntervalSince1970)")
        }
        try expectRoundTrip(Listed(list: dates.exactDates), coders, "\(dates)")
    }

    @Test(arguments: DataCase.allCases, ArrayCase.allCases)
    func everyDataStrategyRoundTrips(data: DataCase, arrays: ArrayCase) throws {
        let coders = Coders(arrays: arrays, OtherStrategies(data: data))
        let samples = [
            Data(), Data([0]), Data([0xFB, 0xFF]), Data([0xFB, 0xFF, 0xBF]), Data((0...255).map { UInt8($0) }),
        ]
        for sample in samples {
            try expectRoundTrip(Blob(data: sample), coders, "\(data) \(sample.count) bytes")
        }
        try expectRoundTrip(Listed(list: samples), coders, "\(data), \(arrays)")
    }

    @Test(arguments: KeyCase.allCases, NestingCase.allCases)
    func everyKeyStrategyRoundTrips(keys: KeyCase, nesting: NestingCase) throws {
        let coders = Coders(nesting: nesting, OtherStrategies(keys: keys))
        try expectRoundTrip(CasedKeys(deviceID: 1, myURLValue: 2, snake: 3, name: 4), coders, "\(keys)")
        try expectRoundTrip(KeyedValues(), coders, "\(keys), \(nesting)")
    }

    @Test(arguments: SpaceCase.allCases, SortCase.allCases)
    func textRoundTripsByteForByte(spaces: SpaceCase, sorting: SortCase) throws {
        let coders = Coders(OtherStrategies(spaces: spaces, sorting: sorting))
        let texts = [
            "", " ", "+", "a b+c", "%", "%2B", "%zz", "&=&=", "?x=1#y", "\u{E9}", "e\u{301}",
            "\u{1F468}\u{200D}\u{1F469}",
            "\r\n\0\t", "null", "true", ";,", "[]", "a.b", "\u{FEFF}", "\u{10FFFF}",
        ]
        for text in texts {
            // A dot in a key would nest under `.dots`: the key takes the text without it.
            let key = "k" + text.replacingOccurrences(of: ".", with: "")
            let string = try coders.encoder.encodeToString(Pairs([key: text]))
            let decoded = try coders.decoder.decode([String: String].self, from: string)
            #expect(decoded.count == 1)
            let (name, decodedText) = try #require(decoded.first)
            #expect(Array(name.utf8) == Array(key.utf8), "\(string)")
            #expect(Array(decodedText.utf8) == Array(text.utf8), "\(string)")
            try expectRoundTrip(Text(q: text), coders, "\(string)")
        }
    }

    @Test(arguments: NestingCase.allCases, [ArrayCase.commaSeparated, .repeatedKeys])
    func keysThatAreDataRoundTripWhereTheyAreAllowed(nesting: NestingCase, arrays: ArrayCase) throws {
        let coders = Coders(arrays: arrays, nesting: nesting)
        var map = ["a b": 1, "a+b": 2, "\u{E9}": 3, "__proto__": 4, "0": 5, "-": 6, "&=": 7, "%41": 8]
        if nesting == .brackets { map["a.b"] = 9 }
        try expectRoundTrip(Wrapped(value: map), coders, "\(nesting), \(arrays)")
        if nesting == .dots { map["page[size]"] = 10 }
        try expectRoundTrip(map, coders, "\(nesting), \(arrays)")
    }

    // Regression: a dictionary key with brackets below a dotted name, where brackets do not nest, used to be
    // read as one unknown literal name and dropped.
    @Test(arguments: [ArrayCase.commaSeparated, .repeatedKeys])
    func bracketsInANestedKeyRoundTripUnderDots(arrays: ArrayCase) throws {
        let coders = Coders(arrays: arrays)
        try expectRoundTrip(Wrapped(value: ["page[size]": 9, "a]": 1, "[b": 2]), coders, "\(arrays)")
        try expectRoundTrip(Wrapped(value: Pairs2(name: "page[size]", value: "1")), coders, "\(arrays)")
    }

    @Test func negativeZeroKeepsItsSign() throws {
        for arrays in ArrayCase.allCases {
            let coders = Coders(arrays: arrays)
            let decoded = try coders.decoder.decode(
                Listed<[Double]>.self, from: coders.encoder.encodeToString(Listed(list: [-0.0, 0.0])))
            #expect(decoded.list.map(\.sign) == [.minus, .plus])
            let float = try coders.decoder.decode(
                Wrapped<Float>.self, from: coders.encoder.encode(Wrapped(value: Float(-0.0))))
            #expect(float.value.sign == .minus)
        }
    }

    @Test func classesRoundTrip() throws {
        let coders = Coders()
        let derived = try coders.decoder.decode(
            Derived.self, from: coders.encoder.encodeToString(Derived(id: 3, name: "n")))
        #expect(derived.id == 3 && derived.name == "n")
        let viaSuper = try coders.decoder.decode(
            DerivedWithSuperEncoder.self, from: coders.encoder.encodeToString(DerivedWithSuperEncoder(id: 4, name: "m"))
        )
        #expect(viaSuper.id == 4 && viaSuper.name == "m")
    }

    @Test func aTopLevelNilRoundTrips() throws {
        let coders = Coders()
        #expect(try coders.decoder.decode(Filter?.self, from: coders.encoder.encodeToString(Filter?.none)) == nil)
        #expect(try coders.decoder.decode(Filter?.self, from: coders.encoder.encode(Filter?.none)) == nil)
        try expectRoundTrip(Empty(), coders, "empty")
    }
}

// MARK: - Fixtures

/// One of every value type, in shapes every array strategy can write.
struct Everything: Codable, Equatable {
    var text = "a b+c&d=e;f,g#h%i?j/k[l]m@n:o\r\n\0\t \u{E9} e\u{301} \u{1F600}"
    var empty = ""
    var nullText = "null"
    var int = Int.min
    var int8 = Int8.max
    var int16 = Int16.min
    var int32 = Int32.max
    var int64 = Int64.min
    var uint = UInt.max
    var uint8 = UInt8.max
    var uint16 = UInt16.max
    var uint32 = UInt32.max
    var uint64 = UInt64.max
    var double = 0.1
    var tiny = 1e-07
    var huge = 1e+20
    var negativeZero = -0.0
    var float: Float = 0.1
    var decimal = Decimal(123_456_789) / Decimal(1000)
    var flag = true
    var off = false
    var date = Date(timeIntervalSince1970: 0)
    var dates: [Date] = []
    var data = Data([0xFB, 0xFF, 0xBF, 0x00])
    var url: URL
    var uuid: UUID
    var color = Color.lightBlue
    var level = Level.high
    var someInt: Int? = 5
    var noInt: Int? = nil
    var someText: String? = "x y"
    var noText: String? = nil
    var someFilter: Filter? = Filter(min: 1, max: 2)
    var noFilter: Filter? = nil
    var deep = Level1(a: Level2(b: Level3(c: Level4(d: -4))))
    var tags = ["day", "month year", "a+b", "\u{E9}", "%2C"]
    var numbers = [3, 1, 2]
    var doubles = [1e+20, 0.5]
    var emptyList: [String] = []
    var singleEmpty = [""]
    var twoEmpty = ["", ""]
    var colors = [Color.red, .lightBlue]
    var optionalElements: [Int?] = [1, 2]
    var map = ["b": 2, "a": 1, "x y": 3, "\u{E9}": 4]
    var intMap = [10: "ten", -1: "minus"]
    var nestedMap = ["f": Filter(min: 1, max: 2)]
    var listMap = ["l": [1, 2]]
    var set: Set<String> = ["b", "a", ""]
    var deviceID = 7
    var myURLValue = "u"

    static func make(dates strategy: DateCase) throws -> Everything {
        var value = Everything(
            url: try #require(URL(string: "https://example.com/a%20b?c=d&e#f")),
            uuid: try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))
        let dates = strategy.exactDates
        value.date = dates[0]
        value.dates = dates
        return value
    }
}

/// One hand-named field, decodable too.
struct Pairs2: Codable, Equatable {
    let name: String
    let value: String

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        guard let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no key"))
        }
        name = key.stringValue
        value = try container.decode(String.self, forKey: key)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(value, forKey: AnyKey(name))
    }
}

/// Arrays of structs, of arrays and of dictionaries.
struct Deep: Codable, Equatable {
    var items = [Item(id: 1, name: "a b"), Item(id: 2, name: "")]
    var matrix = [[1, 2], [3]]
    var maps = [["k": 1], ["k": 2, "j": 3]]
    var nested = [Items(items: [Item(id: 3, name: "c")])]
    var optionals: [Filter?] = [Filter(min: 1, max: 2)]
    var many = Array(0...11)

    static func make() -> Deep { Deep() }
}

/// Keys key strategies convert, including nested ones and a dictionary they must not convert.
struct KeyedValues: Codable, Equatable {
    var userID = 1
    var homeURL = "h"
    var innerValue = Inner()
    var someMap = ["keepMe": 1, "keep_me": 2]

    struct Inner: Codable, Equatable {
        var deepValueID = 2
    }
}
