import Foundation
import QueryCoding
import Testing

// One suite per encoding strategy: every case, with the exact string and items it produces.

@Suite(.timeLimit(.minutes(5))) struct ArrayEncodingStrategyTests {
    let tags = Tags(type: ["day", "month", "year"])

    @Test func commaSeparatedIsTheDefault() throws {
        let encoder = QueryEncoder()
        #expect(encoder.arrayEncodingStrategy == .commaSeparated)
        #expect(try encoder.encodeToString(tags) == "type=day,month,year")
        #expect(try pairs(encoder.encode(tags)) == [Pair("type", "day,month,year")])
    }

    @Test func repeatedKeys() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        #expect(try encoder.encodeToString(tags) == "type=day&type=month&type=year")
        #expect(
            try pairs(encoder.encode(tags)) == [Pair("type", "day"), Pair("type", "month"), Pair("type", "year")])
    }

    @Test func brackets() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .brackets }
        #expect(try encoder.encodeToString(tags) == "type%5B%5D=day&type%5B%5D=month&type%5B%5D=year")
        #expect(
            try pairs(encoder.encode(tags)) == [Pair("type[]", "day"), Pair("type[]", "month"), Pair("type[]", "year")])
    }

    @Test func indexedBrackets() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(try encoder.encodeToString(tags) == "type%5B0%5D=day&type%5B1%5D=month&type%5B2%5D=year")
        #expect(
            try pairs(encoder.encode(tags)) == [
                Pair("type[0]", "day"), Pair("type[1]", "month"), Pair("type[2]", "year"),
            ])
    }

    @Test func indicesPastNineHaveSeveralDigits() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        let names = try encoder.encode(Listed(list: Array(0..<12))).map(\.name)
        #expect(names.suffix(3) == ["list[9]", "list[10]", "list[11]"])
        #expect(try encoder.encodeToString(Listed(list: Array(0..<11))).hasSuffix("&list%5B10%5D=10"))
    }

    @Test(arguments: [
        QueryArrayStyle.commaSeparated, .repeatedKeys, .brackets, .indexedBrackets,
    ])
    func anEmptyArrayWritesNoPair(strategy: QueryArrayStyle) throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = strategy }
        #expect(try encoder.encodeToString(Tags(type: [])) == "")
        #expect(try encoder.encode(Tags(type: [])) == [])
        #expect(try encoder.encodeToString(Listed(list: [Item]())) == "")
        #expect(try encoder.encodeToString(Listed(list: [Date]())) == "")
    }

    /// Arrays of every element kind take the same path through the strategy: the common `[String]` and
    /// `[Int]`, other scalars, and values with their own `encode(to:)`.
    @Test(arguments: [
        (QueryArrayStyle.commaSeparated, "v=1,2"),
        (.repeatedKeys, "v=1&v=2"),
        (.brackets, "v%5B%5D=1&v%5B%5D=2"),
        (.indexedBrackets, "v%5B0%5D=1&v%5B1%5D=2"),
    ])
    func everyElementTypeFollowsTheStrategy(strategy: QueryArrayStyle, expected: String) throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = strategy }
        #expect(try encoder.encodeToString(["v": [1, 2]]) == expected)
        #expect(try encoder.encodeToString(["v": ["1", "2"]]) == expected)
        #expect(try encoder.encodeToString(["v": [Int8(1), 2]]) == expected)
        #expect(try encoder.encodeToString(["v": [UInt64(1), 2]]) == expected)
        #expect(try encoder.encodeToString(["v": [Decimal(1), Decimal(2)]]) == expected)
        #expect(try encoder.encodeToString(["v": [Digit.one, .two]]) == expected)
        #expect(try encoder.encodeToString(["v": [SingleValue(1), SingleValue(2)]]) == expected)
        #expect(try encoder.encodeToString(["v": [Optional(1), Optional(2)]]) == expected)
        #expect(try encoder.encodeToString(HandWrittenList(values: [1, 2])) == expected)
    }

    @Test func arraysOfStructsNeedIndexedBrackets() throws {
        let items = Items(items: [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
        var encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(
            try encoder.encodeToString(items)
                == "items%5B0%5D.id=1&items%5B0%5D.name=a&items%5B1%5D.id=2&items%5B1%5D.name=b")
        encoder.nestedKeyEncodingStrategy = .brackets
        #expect(
            try encoder.encodeToString(items)
                == "items%5B0%5D%5Bid%5D=1&items%5B0%5D%5Bname%5D=a&items%5B1%5D%5Bid%5D=2&items%5B1%5D%5Bname%5D=b")
        #expect(
            try pairs(encoder.encode(items)) == [
                Pair("items[0][id]", "1"), Pair("items[0][name]", "a"), Pair("items[1][id]", "2"),
                Pair("items[1][name]", "b"),
            ])
    }

    @Test func arraysOfArraysNeedIndexedBrackets() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        let matrix = Matrix(m: [[1, 2], [3]])
        #expect(try encoder.encodeToString(matrix) == "m%5B0%5D%5B0%5D=1&m%5B0%5D%5B1%5D=2&m%5B1%5D%5B0%5D=3")
        #expect(
            try pairs(encoder.encode(matrix)) == [Pair("m[0][0]", "1"), Pair("m[0][1]", "2"), Pair("m[1][0]", "3")])
    }

    @Test(arguments: [QueryArrayStyle.commaSeparated, .repeatedKeys, .brackets])
    func arraysOfStructsOrArraysThrowWithTheOtherStrategies(strategy: QueryArrayStyle) throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = strategy }
        let structs = #expect(throws: EncodingError.self) {
            try encoder.encodeToString(Items(items: [Item(id: 1, name: "a")]))
        }
        #expect(structs?.path == ["items", "[0]"])
        #expect(structs?.message.contains("indexedBrackets") == true)
        let arrays = #expect(throws: EncodingError.self) { try encoder.encode(Matrix(m: [[1]])) }
        #expect(arrays?.path == ["m", "[0]"])
        let dictionaries = #expect(throws: EncodingError.self) { try encoder.encodeToString(["d": [["k": 1]]]) }
        #expect(dictionaries?.path == ["d", "[0]"])
        // Nothing is written for an empty struct, but the array still could not be read back.
        let empty = #expect(throws: EncodingError.self) { try encoder.encodeToString(Listed(list: [Empty()])) }
        #expect(empty?.path == ["list", "[0]"])
        let emptyArray = #expect(throws: EncodingError.self) { try encoder.encodeToString(Matrix(m: [[]])) }
        #expect(emptyArray?.path == ["m", "[0]"])
    }

    @Test func arraysInsideNestedValuesTakeTheFullName() throws {
        struct Outer: Encodable {
            let filter: Inner
            struct Inner: Encodable { let tags: [String] }
        }
        let value = Outer(filter: .init(tags: ["a", "b"]))
        let expectations: [(QueryArrayStyle, QueryEncoder.NestedKeyEncodingStrategy, String)] = [
            (.commaSeparated, .dots, "filter.tags=a,b"),
            (.repeatedKeys, .dots, "filter.tags=a&filter.tags=b"),
            (.brackets, .dots, "filter.tags%5B%5D=a&filter.tags%5B%5D=b"),
            (.indexedBrackets, .dots, "filter.tags%5B0%5D=a&filter.tags%5B1%5D=b"),
            (.commaSeparated, .brackets, "filter%5Btags%5D=a,b"),
            (.repeatedKeys, .brackets, "filter%5Btags%5D=a&filter%5Btags%5D=b"),
            (.brackets, .brackets, "filter%5Btags%5D%5B%5D=a&filter%5Btags%5D%5B%5D=b"),
            (.indexedBrackets, .brackets, "filter%5Btags%5D%5B0%5D=a&filter%5Btags%5D%5B1%5D=b"),
        ]
        for (arrays, nesting, expected) in expectations {
            let encoder = QueryEncoder.with {
                $0.arrayEncodingStrategy = arrays
                $0.nestedKeyEncodingStrategy = nesting
            }
            #expect(try encoder.encodeToString(value) == expected, "\(arrays), \(nesting)")
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct NestedKeyEncodingStrategyTests {
    let search = Search(term: "x", filter: Filter(min: 1, max: 2))
    let deep = Level1(a: Level2(b: Level3(c: Level4(d: 7))))

    @Test func dotsIsTheDefault() throws {
        let encoder = QueryEncoder()
        #expect(encoder.nestedKeyEncodingStrategy == .dots)
        #expect(try encoder.encodeToString(search) == "term=x&filter.min=1&filter.max=2")
        #expect(try encoder.encodeToString(deep) == "a.b.c.d=7")
        #expect(try pairs(encoder.encode(deep)) == [Pair("a.b.c.d", "7")])
    }

    @Test func brackets() throws {
        let encoder = QueryEncoder.with { $0.nestedKeyEncodingStrategy = .brackets }
        #expect(try encoder.encodeToString(search) == "term=x&filter%5Bmin%5D=1&filter%5Bmax%5D=2")
        #expect(try encoder.encodeToString(deep) == "a%5Bb%5D%5Bc%5D%5Bd%5D=7")
        #expect(try pairs(encoder.encode(deep)) == [Pair("a[b][c][d]", "7")])
    }

    @Test func nestedDictionariesFollowTheStrategy() throws {
        let value = ["outer": ["inner": ["leaf": 1]]]
        #expect(try QueryEncoder().encodeToString(value) == "outer.inner.leaf=1")
        let brackets = QueryEncoder.with { $0.nestedKeyEncodingStrategy = .brackets }
        #expect(try brackets.encodeToString(value) == "outer%5Binner%5D%5Bleaf%5D=1")
    }

    @Test func anEmptyNestedValueWritesNothing() throws {
        #expect(try QueryEncoder().encodeToString(Wrapped(value: Empty())) == "")
        #expect(try QueryEncoder().encodeToString(Wrapped(value: [String: Int]())) == "")
    }
}

@Suite(.timeLimit(.minutes(5))) struct DateEncodingStrategyTests {
    /// 2017-10-31T16:15:56.25Z (1509466556.25 s: exact in binary floating point).
    let fractional = Stamp(date: Date(timeIntervalSince1970: 1_509_466_556.25))
    let whole = Stamp(date: Date(timeIntervalSince1970: 1_509_466_556))
    /// 1969-12-31T23:59:58.75Z.
    let before1970 = Stamp(date: Date(timeIntervalSince1970: -1.25))

    @Test func iso8601IsTheDefaultAndDropsTheFraction() throws {
        let encoder = QueryEncoder()
        guard case .iso8601 = encoder.dateEncodingStrategy else {
            Issue.record("the default date strategy is \(encoder.dateEncodingStrategy)")
            return
        }
        #expect(try encoder.encodeToString(whole) == "date=2017-10-31T16%3A15%3A56Z")
        #expect(try encoder.encodeToString(fractional) == "date=2017-10-31T16%3A15%3A56Z")
        #expect(try pairs(encoder.encode(fractional)) == [Pair("date", "2017-10-31T16:15:56Z")])
        // The fraction is dropped by rounding down, so a time before 1970 moves to the earlier second.
        #expect(try pairs(encoder.encode(before1970)) == [Pair("date", "1969-12-31T23:59:58Z")])
        #expect(
            try pairs(encoder.encode(Stamp(date: Date(timeIntervalSince1970: 0)))) == [
                Pair("date", "1970-01-01T00:00:00Z")
            ])
        #expect(
            try pairs(encoder.encode(Stamp(date: Date(timeIntervalSince1970: 951_782_400))))
                == [Pair("date", "2000-02-29T00:00:00Z")])
    }

    @Test func iso8601CoversTheYears0000To9999() throws {
        let encoder = QueryEncoder()
        // 9999-12-31T23:59:59Z and 0000-01-01T00:00:00Z (proleptic Gregorian, year 0 is a leap year).
        #expect(
            try pairs(encoder.encode(Stamp(date: Date(timeIntervalSince1970: 253_402_300_799))))
                == [Pair("date", "9999-12-31T23:59:59Z")])
        #expect(
            try pairs(encoder.encode(Stamp(date: Date(timeIntervalSince1970: -62_167_219_200))))
                == [Pair("date", "0000-01-01T00:00:00Z")])
        #expect(
            try pairs(encoder.encode(Stamp(date: Date(timeIntervalSince1970: -62_135_596_800))))
                == [Pair("date", "0001-01-01T00:00:00Z")])
        for outside in [253_402_300_800, -62_167_219_201] as [TimeInterval] {
            let error = #expect(throws: EncodingError.self) {
                try encoder.encodeToString(Stamp(date: Date(timeIntervalSince1970: outside)))
            }
            #expect(error?.path == ["date"])
        }
    }

    @Test func secondsSince1970() throws {
        let encoder = QueryEncoder.with { $0.dateEncodingStrategy = .secondsSince1970 }
        #expect(try encoder.encodeToString(whole) == "date=1509466556")
        #expect(try encoder.encodeToString(fractional) == "date=1509466556.25")
        #expect(try encoder.encodeToString(before1970) == "date=-1.25")
        #expect(try encoder.encodeToString(Stamp(date: Date(timeIntervalSince1970: -1))) == "date=-1")
        #expect(try encoder.encodeToString(Stamp(date: Date(timeIntervalSince1970: 0))) == "date=0")
    }

    @Test func millisecondsSince1970() throws {
        let encoder = QueryEncoder.with { $0.dateEncodingStrategy = .millisecondsSince1970 }
        #expect(try encoder.encodeToString(whole) == "date=1509466556000")
        #expect(try encoder.encodeToString(fractional) == "date=1509466556250")
        #expect(try encoder.encodeToString(before1970) == "date=-1250")
        // 1/1024 s is exact in binary, and so is its thousandfold: a fraction of a millisecond is kept.
        #expect(try encoder.encodeToString(Stamp(date: Date(timeIntervalSince1970: 1.0 / 1024))) == "date=0.9765625")
    }

    @Test func formatted() throws {
        let encoder = QueryEncoder.with { $0.dateEncodingStrategy = .formatted(posixFormatter("yyyy-MM-dd HH:mm")) }
        #expect(try encoder.encodeToString(whole) == "date=2017-10-31%2016%3A15")
        #expect(try pairs(encoder.encode(whole)) == [Pair("date", "2017-10-31 16:15")])
    }

    @Test func custom() throws {
        let encoder = QueryEncoder.with {
            $0.dateEncodingStrategy = .custom { date in "t\(Int(date.timeIntervalSince1970))" }
        }
        #expect(try encoder.encodeToString(whole) == "date=t1509466556")
        let failing = QueryEncoder.with { $0.dateEncodingStrategy = .custom { _ in throw Boom(reason: "date") } }
        #expect(throws: Boom(reason: "date")) { try failing.encodeToString(whole) }
        #expect(throws: Boom(reason: "date")) { try failing.encode(whole) }
    }

    @Test func datesInArraysAndDictionaries() throws {
        let dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 86_400)]
        #expect(
            try QueryEncoder().encodeToString(Listed(list: dates))
                == "list=1970-01-01T00%3A00%3A00Z,1970-01-02T00%3A00%3A00Z")
        let seconds = QueryEncoder.with { $0.dateEncodingStrategy = .secondsSince1970 }
        #expect(try seconds.encodeToString(Listed(list: dates)) == "list=0,86400")
        #expect(try seconds.encodeToString(["b": dates[1], "a": dates[0]]) == "a=0&b=86400")
    }
}

@Suite(.timeLimit(.minutes(5))) struct BoolEncodingStrategyTests {
    let flags = Flags(on: true, off: false)

    @Test func literalIsTheDefault() throws {
        let encoder = QueryEncoder()
        #expect(encoder.boolEncodingStrategy == .literal)
        #expect(try encoder.encodeToString(flags) == "on=true&off=false")
        #expect(try encoder.encodeToString(Listed(list: [true, false])) == "list=true,false")
    }

    @Test func numeric() throws {
        let encoder = QueryEncoder.with { $0.boolEncodingStrategy = .numeric }
        #expect(try encoder.encodeToString(flags) == "on=1&off=0")
        #expect(try pairs(encoder.encode(flags)) == [Pair("on", "1"), Pair("off", "0")])
        #expect(try encoder.encodeToString(Listed(list: [true, false])) == "list=1,0")
        #expect(try encoder.encodeToString(["b": false]) == "b=0")
    }
}

@Suite(.timeLimit(.minutes(5))) struct NilEncodingStrategyTests {
    let value = OptionalFields(a: nil, b: nil, c: 1)

    @Test func omitIsTheDefault() throws {
        let encoder = QueryEncoder()
        #expect(encoder.nilEncodingStrategy == .omit)
        #expect(try encoder.encodeToString(value) == "c=1")
        #expect(try encoder.encodeToString(OptionalFields(a: 2, b: "x", c: 1)) == "a=2&b=x&c=1")
        let dictionary: [String: Int?] = ["a": nil, "b": 1]
        #expect(try encoder.encodeToString(dictionary) == "b=1")
    }

    @Test func emptyValue() throws {
        let encoder = QueryEncoder.with { $0.nilEncodingStrategy = .emptyValue }
        #expect(try encoder.encodeToString(value) == "a=&b=&c=1")
        #expect(try pairs(encoder.encode(value)) == [Pair("a", ""), Pair("b", ""), Pair("c", "1")])
        let dictionary: [String: Int?] = ["a": nil, "b": 1]
        #expect(try encoder.encodeToString(dictionary) == "a=&b=1")
    }

    @Test func null() throws {
        let encoder = QueryEncoder.with { $0.nilEncodingStrategy = .null }
        #expect(try encoder.encodeToString(value) == "a=null&b=null&c=1")
        #expect(try pairs(encoder.encode(value)) == [Pair("a", "null"), Pair("b", "null"), Pair("c", "1")])
        let dictionary: [String: Int?] = ["a": nil, "b": 1]
        #expect(try encoder.encodeToString(dictionary) == "a=null&b=1")
    }

    /// Synthesized conformances write optionals with `encodeIfPresent`, for every type of property.
    @Test(arguments: [
        (QueryEncoder.NilEncodingStrategy.omit, ""),
        (.emptyValue, "b=&s=&d=&f=&i=&i8=&i16=&i32=&i64=&u=&u8=&u16=&u32=&u64=&date=&nested=&list="),
        (
            .null,
            "b=null&s=null&d=null&f=null&i=null&i8=null&i16=null&i32=null&i64=null&u=null&u8=null&u16=null&u32=null&u64=null&date=null&nested=null&list=null"
        ),
    ])
    func synthesizedEncodeIfPresentHonoursTheStrategy(strategy: QueryEncoder.NilEncodingStrategy, expected: String)
        throws
    {
        let encoder = QueryEncoder.with { $0.nilEncodingStrategy = strategy }
        #expect(try encoder.encodeToString(AllOptional()) == expected)
    }

    @Test func handWrittenEncodeNilAndEncodeIfPresentHonourTheStrategy() throws {
        struct HandWritten: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encodeNil(forKey: "a")
                try container.encodeIfPresent(Int?.none, forKey: "b")
                try container.encodeIfPresent(Filter?.none, forKey: "c")
                var single = container.superEncoder(forKey: "d").singleValueContainer()
                try single.encodeNil()
            }
        }
        #expect(try QueryEncoder().encodeToString(HandWritten()) == "")
        #expect(
            try QueryEncoder.with { $0.nilEncodingStrategy = .null }.encodeToString(HandWritten())
                == "a=null&b=null&c=null&d=null")
    }

    @Test func nilArrayElements() throws {
        let list = OptionalList(list: [1, nil, 3])
        let omitted = #expect(throws: EncodingError.self) { try QueryEncoder().encodeToString(list) }
        #expect(omitted?.path == ["list", "[1]"])
        let expectations: [(QueryArrayStyle, QueryEncoder.NilEncodingStrategy, String)] = [
            (.commaSeparated, .emptyValue, "list=1,,3"),
            (.commaSeparated, .null, "list=1,null,3"),
            (.repeatedKeys, .emptyValue, "list=1&list=&list=3"),
            (.brackets, .null, "list%5B%5D=1&list%5B%5D=null&list%5B%5D=3"),
            (.indexedBrackets, .emptyValue, "list%5B0%5D=1&list%5B1%5D=&list%5B2%5D=3"),
        ]
        for (arrays, nils, expected) in expectations {
            let encoder = QueryEncoder.with {
                $0.arrayEncodingStrategy = arrays
                $0.nilEncodingStrategy = nils
            }
            #expect(try encoder.encodeToString(list) == expected, "\(arrays), \(nils)")
        }
        for arrays in [QueryArrayStyle.repeatedKeys, .brackets, .indexedBrackets] {
            let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = arrays }
            let error = #expect(throws: EncodingError.self) { try encoder.encode(list) }
            #expect(error?.path == ["list", "[1]"], "\(arrays)")
        }
    }

    @Test(arguments: [QueryEncoder.NilEncodingStrategy.omit, .emptyValue, .null])
    func aTopLevelNilIsAnEmptyQuery(strategy: QueryEncoder.NilEncodingStrategy) throws {
        let encoder = QueryEncoder.with { $0.nilEncodingStrategy = strategy }
        #expect(try encoder.encodeToString(Filter?.none) == "")
        #expect(try encoder.encode(Filter?.none) == [])
        #expect(try encoder.encodeToString(Int?.none) == "")
        #expect(try encoder.encodeToString(Filter?.some(Filter(min: 1, max: 2))) == "min=1&max=2")
    }
}

@Suite(.timeLimit(.minutes(5))) struct KeyEncodingStrategyTests {
    let keys = CasedKeys(deviceID: 1, myURLValue: 2, snake: 3, name: 4)

    @Test func useDefaultKeysIsTheDefault() throws {
        let encoder = QueryEncoder()
        guard case .useDefaultKeys = encoder.keyEncodingStrategy else {
            Issue.record("the default key strategy is \(encoder.keyEncodingStrategy)")
            return
        }
        #expect(try encoder.encodeToString(keys) == "deviceID=1&myURLValue=2&user_name=3&name=4")
    }

    @Test func convertToSnakeCase() throws {
        let encoder = QueryEncoder.with { $0.keyEncodingStrategy = .convertToSnakeCase }
        #expect(try encoder.encodeToString(keys) == "device_id=1&my_url_value=2&user_name=3&name=4")
    }

    @Test func convertToKebabCase() throws {
        let encoder = QueryEncoder.with { $0.keyEncodingStrategy = .convertToKebabCase }
        #expect(try encoder.encodeToString(keys) == "device-id=1&my-url-value=2&user_name=3&name=4")
    }

    @Test(arguments: [
        ("deviceID", "device_id", "device-id"),
        ("myURLValue", "my_url_value", "my-url-value"),
        ("device_id", "device_id", "device_id"),
        ("URL", "url", "url"),
        ("userID2", "user_id2", "user-id2"),
        ("version2Name", "version2_name", "version2-name"),
        ("ABCDef", "abc_def", "abc-def"),
        ("a", "a", "a"),
        ("_privateKey", "_private_key", "_private-key"),
        ("alreadyLower", "already_lower", "already-lower"),
    ])
    func caseConversionRules(key: String, snake: String, kebab: String) throws {
        let snakeEncoder = QueryEncoder.with { $0.keyEncodingStrategy = .convertToSnakeCase }
        let kebabEncoder = QueryEncoder.with { $0.keyEncodingStrategy = .convertToKebabCase }
        #expect(try snakeEncoder.encode(Pairs([key: "v"])).map(\.name) == [snake])
        #expect(try kebabEncoder.encode(Pairs([key: "v"])).map(\.name) == [kebab])
    }

    @Test func customReceivesTheCodingPath() throws {
        let encoder = QueryEncoder.with {
            $0.keyEncodingStrategy = .custom { path in AnyKey(path.map(\.stringValue).joined(separator: "_")) }
        }
        #expect(
            try encoder.encodeToString(Search(term: "x", filter: Filter(min: 1, max: 2)))
                == "term=x&filter.filter_min=1&filter.filter_max=2")
        let upper = QueryEncoder.with {
            $0.keyEncodingStrategy = .custom { path in AnyKey((path.last?.stringValue ?? "").uppercased()) }
        }
        #expect(try upper.encodeToString(keys) == "DEVICEID=1&MYURLVALUE=2&USER_NAME=3&NAME=4")
    }

    @Test func dictionaryKeysAreDataAndNeverConverted() throws {
        struct Holder: Encodable {
            let someMap: [String: Int]
        }
        for strategy in [QueryEncoder.KeyEncodingStrategy.convertToSnakeCase, .convertToKebabCase] {
            let encoder = QueryEncoder.with { $0.keyEncodingStrategy = strategy }
            let expected = strategy.isSnake ? "some_map.myKey=1" : "some-map.myKey=1"
            #expect(try encoder.encodeToString(Holder(someMap: ["myKey": 1])) == expected)
        }
        let custom = QueryEncoder.with { $0.keyEncodingStrategy = .custom { _ in AnyKey("renamed") } }
        #expect(try custom.encodeToString(["myKey": 1]) == "myKey=1")
    }

    @Test func nestedAndArrayKeysAreConverted() throws {
        struct Outer: Encodable {
            let innerValue: Inner
            let itemList: [Inner]
            struct Inner: Encodable { let someID: Int }
        }
        let encoder = QueryEncoder.with {
            $0.keyEncodingStrategy = .convertToSnakeCase
            $0.arrayEncodingStrategy = .indexedBrackets
        }
        #expect(
            try pairs(encoder.encode(Outer(innerValue: .init(someID: 1), itemList: [.init(someID: 2)]))) == [
                Pair("inner_value.some_id", "1"), Pair("item_list[0].some_id", "2"),
            ])
    }
}

@Suite(.timeLimit(.minutes(5))) struct DataEncodingStrategyTests {
    /// 0xFB 0xFF 0xBF is `+/+/` in base64: every character that base64url replaces.
    let symbols = Blob(data: Data([0xFB, 0xFF, 0xBF]))
    /// 0xFB 0xFF is `+/8=` in base64: padding too.
    let padded = Blob(data: Data([0xFB, 0xFF]))

    @Test func base64IsTheDefault() throws {
        let encoder = QueryEncoder()
        guard case .base64 = encoder.dataEncodingStrategy else {
            Issue.record("the default data strategy is \(encoder.dataEncodingStrategy)")
            return
        }
        #expect(try encoder.encodeToString(symbols) == "data=%2B%2F%2B%2F")
        #expect(try encoder.encodeToString(padded) == "data=%2B%2F8%3D")
        #expect(try encoder.encodeToString(Blob(data: Data("hello".utf8))) == "data=aGVsbG8%3D")
        #expect(try pairs(encoder.encode(padded)) == [Pair("data", "+/8=")])
        #expect(try encoder.encodeToString(Blob(data: Data())) == "data=")
    }

    @Test func base64URL() throws {
        let encoder = QueryEncoder.with { $0.dataEncodingStrategy = .base64URL }
        #expect(try encoder.encodeToString(symbols) == "data=-_-_")
        #expect(try encoder.encodeToString(padded) == "data=-_8")
        #expect(try encoder.encodeToString(Blob(data: Data("hello".utf8))) == "data=aGVsbG8")
        #expect(try encoder.encodeToString(Blob(data: Data())) == "data=")
    }

    @Test func custom() throws {
        let encoder = QueryEncoder.with {
            $0.dataEncodingStrategy = .custom { data in data.map { byte in String(byte, radix: 16) }.joined() }
        }
        #expect(try encoder.encodeToString(symbols) == "data=fbffbf")
        let failing = QueryEncoder.with { $0.dataEncodingStrategy = .custom { _ in throw Boom(reason: "data") } }
        #expect(throws: Boom(reason: "data")) { try failing.encodeToString(symbols) }
    }

    @Test func dataInAnArray() throws {
        let encoder = QueryEncoder.with { $0.dataEncodingStrategy = .base64URL }
        #expect(try encoder.encodeToString(Listed(list: [Data([0xFB]), Data([0xFF])])) == "list=-w,_w")
        #expect(
            try QueryEncoder().encodeToString(Listed(list: [Data([0xFB]), Data([0xFF])]))
                == "list=%2Bw%3D%3D,%2Fw%3D%3D")
    }
}

@Suite(.timeLimit(.minutes(5))) struct SpaceEncodingStrategyTests {
    @Test func percentEscapedIsTheDefault() throws {
        let encoder = QueryEncoder()
        #expect(encoder.spaceEncodingStrategy == .percentEscaped)
        #expect(try encoder.encodeToString(Text(q: "a b+c")) == "q=a%20b%2Bc")
        #expect(try encoder.encodeToString(Pairs(["my key": "v w"])) == "my%20key=v%20w")
    }

    @Test func plus() throws {
        let encoder = QueryEncoder.with { $0.spaceEncodingStrategy = .plus }
        #expect(try encoder.encodeToString(Text(q: "a b+c")) == "q=a+b%2Bc")
        #expect(try encoder.encodeToString(Pairs(["my key": "v w"])) == "my+key=v+w")
        #expect(try encoder.encodeToString(Listed(list: ["a b", "c"])) == "list=a+b,c")
    }

    @Test(arguments: [QueryEncoder.SpaceEncodingStrategy.percentEscaped, .plus])
    func itemsAreNotAffected(strategy: QueryEncoder.SpaceEncodingStrategy) throws {
        let encoder = QueryEncoder.with { $0.spaceEncodingStrategy = strategy }
        #expect(try pairs(encoder.encode(Pairs(["my key": "a b+c"]))) == [Pair("my key", "a b+c")])
    }
}

@Suite(.timeLimit(.minutes(5))) struct OutputFormattingTests {
    @Test func noneIsTheDefault() {
        #expect(QueryEncoder().outputFormatting == [])
        #expect(QueryEncoder.OutputFormatting.sortedKeys.rawValue == 1)
        #expect(QueryEncoder.OutputFormatting(rawValue: 1) == .sortedKeys)
    }

    @Test func sortedKeysSortsEveryPair() throws {
        let encoder = QueryEncoder.with { $0.outputFormatting = .sortedKeys }
        #expect(
            try encoder.encodeToString(Search(term: "x", filter: Filter(min: 1, max: 2)))
                == "filter.max=2&filter.min=1&term=x")
        #expect(
            try pairs(encoder.encode(Search(term: "x", filter: Filter(min: 1, max: 2)))) == [
                Pair("filter.max", "2"), Pair("filter.min", "1"), Pair("term", "x"),
            ])
    }
}

// MARK: - Types used above

/// Every kind of optional property a synthesized conformance writes with `encodeIfPresent`.
private struct AllOptional: Encodable {
    var b: Bool?
    var s: String?
    var d: Double?
    var f: Float?
    var i: Int?
    var i8: Int8?
    var i16: Int16?
    var i32: Int32?
    var i64: Int64?
    var u: UInt?
    var u8: UInt8?
    var u16: UInt16?
    var u32: UInt32?
    var u64: UInt64?
    var date: Date?
    var nested: Filter?
    var list: [Int]?
}

/// A raw-value enum whose values are written through the enum's own single-value `encode(to:)`.
private enum Digit: Int, Encodable {
    case one = 1
    case two = 2
}

/// A value that writes itself through a single-value container.
struct SingleValue: Codable, Equatable, Hashable {
    let number: Int
    init(_ number: Int) { self.number = number }
    init(from decoder: any Decoder) throws { number = try decoder.singleValueContainer().decode(Int.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}

/// An array written element by element through a hand-written unkeyed container.
private struct HandWrittenList: Encodable {
    let values: [Int]
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var list = container.nestedUnkeyedContainer(forKey: "v")
        for value in values { try list.encode(value) }
    }
}

extension QueryEncoder.KeyEncodingStrategy {
    fileprivate var isSnake: Bool {
        if case .convertToSnakeCase = self { return true }
        return false
    }
}
