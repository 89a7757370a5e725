import Foundation
import QueryCoding
import Testing

// One suite per decoding strategy: every case, reading what the matching encoder strategy writes.

@Suite(.timeLimit(.minutes(5))) struct ArrayDecodingStrategyTests {
    let decoder = QueryDecoder()

    private func decoder(_ strategy: QueryArrayStyle) -> QueryDecoder {
        QueryDecoder.with { $0.arrayDecodingStrategy = strategy }
    }

    @Test func commaSeparatedIsTheDefault() throws {
        #expect(decoder.arrayDecodingStrategy == .commaSeparated)
        #expect(try decoder.decode(Tags.self, from: "type=day,month,year") == Tags(type: ["day", "month", "year"]))
        #expect(try decoder.decode(Tags.self, from: "type=a%2Cb,c") == Tags(type: ["a,b", "c"]))
        #expect(try decoder.decode(Tags.self, from: "type=") == Tags(type: [""]))
        #expect(try decoder.decode(Tags.self, from: "type=,") == Tags(type: ["", ""]))
        #expect(try decoder.decode(Tags.self, from: "") == Tags(type: []))
        #expect(try decoder.decode(Listed<[Int]>.self, from: "list=1,-2,3") == Listed(list: [1, -2, 3]))
        #expect(
            try decoder.decode(Tags.self, from: [URLQueryItem(name: "type", value: "a,b")]) == Tags(type: ["a", "b"]))
    }

    @Test func commaSeparatedRefusesARepeatedName() throws {
        let error = #expect(throws: DecodingError.self) { try decoder.decode(Tags.self, from: "type=a&type=b") }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["type"])
        #expect(error?.message.contains("\"type\" appears 2 times") == true)
    }

    @Test func repeatedKeys() throws {
        let decoder = decoder(.repeatedKeys)
        #expect(
            try decoder.decode(Tags.self, from: "type=day&type=month&type=year")
                == Tags(type: ["day", "month", "year"]))
        #expect(try decoder.decode(Tags.self, from: "type=a,b") == Tags(type: ["a,b"]))
        #expect(try decoder.decode(Tags.self, from: "type=a&other=x&type=b") == Tags(type: ["a", "b"]))
        #expect(try decoder.decode(Tags.self, from: "type=") == Tags(type: [""]))
        #expect(try decoder.decode(Tags.self, from: "") == Tags(type: []))
    }

    @Test func brackets() throws {
        let decoder = decoder(.brackets)
        #expect(try decoder.decode(Tags.self, from: "type[]=day&type%5B%5D=month") == Tags(type: ["day", "month"]))
        #expect(try decoder.decode(Tags.self, from: "") == Tags(type: []))
        let value = #expect(throws: DecodingError.self) { try decoder.decode(Tags.self, from: "type=a") }
        #expect(value?.kind == "typeMismatch")
        #expect(value?.path == ["type"])
        let indexed = #expect(throws: DecodingError.self) { try decoder.decode(Tags.self, from: "type[0]=a") }
        #expect(indexed?.kind == "dataCorrupted")
        #expect(indexed?.path == ["type"])
    }

    @Test func indexedBracketsInAnyOrder() throws {
        let decoder = decoder(.indexedBrackets)
        #expect(try decoder.decode(Tags.self, from: "type[1]=b&type[0]=a&type[2]=c") == Tags(type: ["a", "b", "c"]))
        #expect(try decoder.decode(Tags.self, from: "type%5B0%5D=a") == Tags(type: ["a"]))
        let many = (0...11).reversed().map { "list[\($0)]=\($0)" }.joined(separator: "&")
        #expect(try decoder.decode(Listed<[Int]>.self, from: many) == Listed(list: Array(0...11)))
    }

    @Test func indexedBracketsHoldStructsAndArrays() throws {
        let dots = decoder(.indexedBrackets)
        let items = Items(items: [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
        #expect(
            try dots.decode(Items.self, from: "items[0].id=1&items[0].name=a&items[1].id=2&items[1].name=b") == items)
        let brackets = QueryDecoder.with {
            $0.arrayDecodingStrategy = .indexedBrackets
            $0.nestedKeyDecodingStrategy = .brackets
        }
        #expect(
            try brackets.decode(Items.self, from: "items[1][name]=b&items[0][id]=1&items[0][name]=a&items[1][id]=2")
                == items)
        #expect(try brackets.decode(Matrix.self, from: "m[0][0]=1&m[0][1]=2&m[1][0]=3") == Matrix(m: [[1, 2], [3]]))
    }

    @Test(arguments: [
        "list[0]=a&list[2]=c", "list[1]=b", "list[01]=a", "list[+0]=a", "list[-1]=a", "list[a]=x", "list[0x0]=a",
        "list[ 0]=a",
    ])
    func indexedBracketsMustBeDenseAndCanonical(query: String) throws {
        let error = #expect(throws: DecodingError.self) {
            try decoder(.indexedBrackets).decode(Listed<[String]>.self, from: query)
        }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["list"])
        #expect(error?.message.contains("\"list\"") == true)
    }

    @Test func aHugeIndexFailsWithoutAllocating() throws {
        for query in ["a[999999999]=x", "a[99999999999999999999999999]=x", "a[0]=x&a[999999999]=y"] {
            let error = #expect(throws: DecodingError.self) {
                try decoder(.indexedBrackets).decode([String: [String]].self, from: query)
            }
            #expect(error?.kind == "dataCorrupted", "\(query)")
            #expect(error?.path == ["a"], "\(query)")
        }
    }

    @Test func indexedBracketsRefuseADuplicateIndex() throws {
        let error = #expect(throws: DecodingError.self) {
            try decoder(.indexedBrackets).decode(Listed<[String]>.self, from: "list[0]=a&list[0]=b")
        }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["list", "[0]"])
    }

    @Test(arguments: [
        QueryArrayStyle.commaSeparated, .repeatedKeys, .brackets, .indexedBrackets,
    ])
    func anAbsentArrayIsEmptyAndAnAbsentOptionalArrayIsNil(strategy: QueryArrayStyle) throws {
        let decoder = decoder(strategy)
        #expect(try decoder.decode(Listed<[Int]>.self, from: "other=1") == Listed(list: []))
        #expect(try decoder.decode(Listed<[Int]?>.self, from: "other=1") == Listed(list: nil))
        #expect(try decoder.decode(Listed<Set<Int>>.self, from: "") == Listed(list: []))
    }

    @Test func nestedArraysUnderEachStrategy() throws {
        struct Outer: Decodable, Equatable {
            let filter: Inner
            struct Inner: Decodable, Equatable { let tags: [String] }
        }
        let expected = Outer(filter: .init(tags: ["a", "b"]))
        let cases: [(QueryArrayStyle, QueryDecoder.NestedKeyDecodingStrategy, String)] = [
            (.commaSeparated, .dots, "filter.tags=a,b"),
            (.repeatedKeys, .dots, "filter.tags=a&filter.tags=b"),
            (.brackets, .dots, "filter.tags[]=a&filter.tags[]=b"),
            (.indexedBrackets, .dots, "filter.tags[0]=a&filter.tags[1]=b"),
            (.commaSeparated, .brackets, "filter[tags]=a,b"),
            (.repeatedKeys, .brackets, "filter[tags]=a&filter[tags]=b"),
            (.brackets, .brackets, "filter[tags][]=a&filter[tags][]=b"),
            (.indexedBrackets, .brackets, "filter[tags][0]=a&filter[tags][1]=b"),
        ]
        for (arrays, nesting, query) in cases {
            let decoder = QueryDecoder.with {
                $0.arrayDecodingStrategy = arrays
                $0.nestedKeyDecodingStrategy = nesting
            }
            #expect(try decoder.decode(Outer.self, from: query) == expected, "\(arrays), \(nesting)")
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct NestedKeyDecodingStrategyTests {
    let search = Search(term: "x", filter: Filter(min: 1, max: 2))
    let deep = Level1(a: Level2(b: Level3(c: Level4(d: 7))))

    @Test func dotsIsTheDefault() throws {
        let decoder = QueryDecoder()
        #expect(decoder.nestedKeyDecodingStrategy == .dots)
        #expect(try decoder.decode(Search.self, from: "term=x&filter.min=1&filter.max=2") == search)
        #expect(try decoder.decode(Level1.self, from: "a.b.c.d=7") == deep)
        #expect(try decoder.decode([String: [String: Int]].self, from: "x.y=1&x.z=2") == ["x": ["y": 1, "z": 2]])
    }

    @Test func brackets() throws {
        let decoder = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        #expect(try decoder.decode(Search.self, from: "term=x&filter[min]=1&filter[max]=2") == search)
        #expect(try decoder.decode(Level1.self, from: "a[b][c][d]=7") == deep)
        #expect(try decoder.decode(Level1.self, from: "a%5Bb%5D%5Bc%5D%5Bd%5D=7") == deep)
        // Dots are ordinary characters here.
        #expect(throws: DecodingError.self) { try decoder.decode(Level1.self, from: "a.b.c.d=7") }
    }

    @Test func theOtherStrategysSyntaxIsAnUnknownName() throws {
        let dots = QueryDecoder()
        let error = #expect(throws: DecodingError.self) {
            try dots.decode(Search.self, from: "term=x&filter[min]=1&filter[max]=2")
        }
        #expect(error?.kind == "keyNotFound")
        #expect(error?.missingKey == "min")
        #expect(error?.path == ["filter"])
    }
}

@Suite(.timeLimit(.minutes(5))) struct DateDecodingStrategyTests {
    let whole = Stamp(date: Date(timeIntervalSince1970: 1_509_466_556))

    @Test func iso8601IsTheDefault() throws {
        let decoder = QueryDecoder()
        guard case .iso8601 = decoder.dateDecodingStrategy else {
            Issue.record("the default date strategy is \(decoder.dateDecodingStrategy)")
            return
        }
        #expect(try decoder.decode(Stamp.self, from: "date=2017-10-31T16%3A15%3A56Z") == whole)
        #expect(try decoder.decode(Stamp.self, from: "date=2017-10-31T16:15:56Z") == whole)
        #expect(try decoder.decode(Stamp.self, from: "date=2017-10-31t16:15:56z") == whole)
    }

    @Test(
        arguments: [
            ("2017-10-31T16:15:56.25Z", 1_509_466_556.25),
            ("2017-10-31T16:15:56.5Z", 1_509_466_556.5),
            ("2017-10-31T18:15:56%2B02:00", 1_509_466_556),
            ("2017-10-31T10:45:56-05:30", 1_509_466_556),
            ("2017-10-31T16:15:56%2B00:00", 1_509_466_556),
            ("1969-12-31T23:59:59Z", -1),
            ("1970-01-01T00:00:00Z", 0),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("1900-03-01T00:00:00Z", -2_208_988_800 + 59 * 86_400),
            ("0000-01-01T00:00:00Z", -62_167_219_200),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
        ] as [(String, TimeInterval)])
    func iso8601AcceptsFractionsOffsetsAndEveryYear(text: String, seconds: TimeInterval) throws {
        let decoded = try QueryDecoder().decode(Stamp.self, from: "date=" + text)
        #expect(decoded.date.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2021-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2017-13-01T00:00:00Z", "2017-00-10T00:00:00Z",
        "2017-04-31T00:00:00Z", "2017-10-31T24:00:00Z", "2017-10-31T23:60:00Z", "2017-10-31T23:59:60Z",
        "2017-10-31 16:15:56Z", "2017-10-31T16:15:56", "2017-10-31", "", "2017-10-31T16:15:56.Z",
        "2017-10-31T16:15:56%2B02", "2017-10-31T16:15:56Zjunk", "17-10-31T16:15:56Z", "1509466556",
        "2017-10-31T16:15Z", "2017-10-31T16:15:56%2B24:00",
    ])
    func iso8601RejectsInvalidText(text: String) throws {
        let error = #expect(throws: DecodingError.self) { try QueryDecoder().decode(Stamp.self, from: "date=" + text) }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["date"])
        #expect(error?.message.contains("\"date\"") == true)
    }

    @Test func secondsSince1970() throws {
        let decoder = QueryDecoder.with { $0.dateDecodingStrategy = .secondsSince1970 }
        #expect(try decoder.decode(Stamp.self, from: "date=1509466556") == whole)
        #expect(
            try decoder.decode(Stamp.self, from: "date=1509466556.25").date.timeIntervalSince1970 == 1_509_466_556.25)
        #expect(try decoder.decode(Stamp.self, from: "date=-1.5").date.timeIntervalSince1970 == -1.5)
        #expect(try decoder.decode(Stamp.self, from: "date=1.5e3").date.timeIntervalSince1970 == 1500)
        for invalid in ["", "abc", "nan", "inf", "1e400", "0x10", " 1", "1,5", "2017-10-31T16:15:56Z"] {
            #expect(throws: DecodingError.self, "\(invalid)") {
                try decoder.decode(Stamp.self, from: "date=" + invalid)
            }
        }
    }

    @Test func millisecondsSince1970() throws {
        let decoder = QueryDecoder.with { $0.dateDecodingStrategy = .millisecondsSince1970 }
        #expect(try decoder.decode(Stamp.self, from: "date=1509466556000") == whole)
        #expect(
            try decoder.decode(Stamp.self, from: "date=1509466556250").date.timeIntervalSince1970 == 1_509_466_556.25)
        #expect(try decoder.decode(Stamp.self, from: "date=-1250").date.timeIntervalSince1970 == -1.25)
        #expect(try decoder.decode(Stamp.self, from: "date=0.9765625").date.timeIntervalSince1970 == 1.0 / 1024)
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: "date=soon") }
    }

    @Test func formatted() throws {
        let decoder = QueryDecoder.with { $0.dateDecodingStrategy = .formatted(posixFormatter("yyyy-MM-dd HH:mm:ss")) }
        #expect(try decoder.decode(Stamp.self, from: "date=2017-10-31+16%3A15%3A56") == whole)
        let error = #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: "date=31.10.2017") }
        #expect(error?.path == ["date"])
    }

    /// swift-corelibs-foundation's `DateFormatter` traps when it stops reading inside a character, as
    /// after `2024` followed by U+0302. Any client can send that, so it must be a typed error, never a
    /// crash. (Found by a 100,000-case run of the decoder-totality property.)
    @Test func formattedTextThatStopsTheFormatterInsideACharacterIsATypedError() throws {
        let decoder = QueryDecoder.with { $0.dateDecodingStrategy = .formatted(posixFormatter("yyyy-MM-dd HH:mm:ss")) }
        for hostile in ["2024%CC%82", "8%CC%82WZ%EF%BF%BEi6m", "%CC%82", "2017-10-31+16%3A15%3A56%CC%82"] {
            let error = #expect(throws: DecodingError.self, "\(hostile)") {
                try decoder.decode(Stamp.self, from: "date=" + hostile)
            }
            #expect(error?.kind == "dataCorrupted")
            #expect(error?.path == ["date"])
        }
    }

    @Test func formattedTextWithCombiningMarks() throws {
        // The format's literal is `e` followed by a combining acute accent: one character of two scalars.
        let decoder = QueryDecoder.with { $0.dateDecodingStrategy = .formatted(posixFormatter("yyyy'e\u{301}'MM")) }
        #if canImport(FoundationNetworking)
            // swift-corelibs-foundation could trap on such text, so it is refused, with the way out.
            let error = #expect(throws: DecodingError.self) {
                try decoder.decode(Stamp.self, from: "date=2017e%CC%8110")
            }
            #expect(error?.path == ["date"])
            #expect(error?.message.contains("DateDecodingStrategy.custom") == true)
        #else
            #expect(
                try decoder.decode(Stamp.self, from: "date=2017e%CC%8110")
                    == Stamp(date: Date(timeIntervalSince1970: 1_506_816_000)))
        #endif
        // Text of single-scalar characters still reaches the formatter on every platform.
        let plain = QueryDecoder.with { $0.dateDecodingStrategy = .formatted(posixFormatter("yyyy'\u{E9}'MM")) }
        #expect(
            try plain.decode(Stamp.self, from: "date=2017%C3%A910")
                == Stamp(date: Date(timeIntervalSince1970: 1_506_816_000)))
    }

    @Test func custom() throws {
        let decoder = QueryDecoder.with {
            $0.dateDecodingStrategy = .custom { text in
                guard text.hasPrefix("t"), let seconds = Double(text.dropFirst()) else { throw Boom(reason: text) }
                return Date(timeIntervalSince1970: seconds)
            }
        }
        #expect(try decoder.decode(Stamp.self, from: "date=t1509466556") == whole)
        #expect(throws: Boom(reason: "x")) { try decoder.decode(Stamp.self, from: "date=x") }
    }
}

@Suite(.timeLimit(.minutes(5))) struct BoolDecodingStrategyTests {
    @Test func literalIsTheDefault() throws {
        let decoder = QueryDecoder()
        #expect(decoder.boolDecodingStrategy == .literal)
        #expect(try decoder.decode(Flags.self, from: "on=true&off=false") == Flags(on: true, off: false))
        for invalid in ["1", "0", "TRUE", "True", "yes", "", "on", "true%20"] {
            let error = #expect(throws: DecodingError.self, "\(invalid)") {
                try decoder.decode(Flags.self, from: "on=\(invalid)&off=false")
            }
            #expect(error?.path == ["on"])
        }
    }

    @Test func numeric() throws {
        let decoder = QueryDecoder.with { $0.boolDecodingStrategy = .numeric }
        #expect(try decoder.decode(Flags.self, from: "on=1&off=0") == Flags(on: true, off: false))
        #expect(try decoder.decode(Listed<[Bool]>.self, from: "list=1,0,1") == Listed(list: [true, false, true]))
        for invalid in ["true", "false", "2", "-1", "01", ""] {
            #expect(throws: DecodingError.self, "\(invalid)") {
                try decoder.decode(Flags.self, from: "on=\(invalid)&off=0")
            }
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct NilDecodingStrategyTests {
    @Test func omitIsTheDefault() throws {
        let decoder = QueryDecoder()
        #expect(decoder.nilDecodingStrategy == .omit)
        #expect(try decoder.decode(OptionalFields.self, from: "c=1") == OptionalFields(a: nil, b: nil, c: 1))
        #expect(try decoder.decode(OptionalFields.self, from: "b=&c=1") == OptionalFields(a: nil, b: "", c: 1))
        #expect(try decoder.decode(OptionalFields.self, from: "b=null&c=1") == OptionalFields(a: nil, b: "null", c: 1))
        let error = #expect(throws: DecodingError.self) { try decoder.decode(OptionalFields.self, from: "a=&c=1") }
        #expect(error?.path == ["a"])
    }

    @Test func emptyValue() throws {
        let decoder = QueryDecoder.with { $0.nilDecodingStrategy = .emptyValue }
        #expect(try decoder.decode(OptionalFields.self, from: "a=&b=&c=1") == OptionalFields(a: nil, b: nil, c: 1))
        #expect(try decoder.decode(OptionalFields.self, from: "a&b&c=1") == OptionalFields(a: nil, b: nil, c: 1))
        #expect(try decoder.decode(OptionalFields.self, from: "b=null&c=1") == OptionalFields(a: nil, b: "null", c: 1))
        #expect(try decoder.decode(OptionalList.self, from: "list=1,,3") == OptionalList(list: [1, nil, 3]))
        // Only optionals read `k=` as nil: a non-optional string is empty.
        #expect(try decoder.decode(Text.self, from: "q=") == Text(q: ""))
    }

    @Test func null() throws {
        let decoder = QueryDecoder.with { $0.nilDecodingStrategy = .null }
        #expect(
            try decoder.decode(OptionalFields.self, from: "a=null&b=null&c=1") == OptionalFields(a: nil, b: nil, c: 1))
        #expect(try decoder.decode(OptionalFields.self, from: "b=&c=1") == OptionalFields(a: nil, b: "", c: 1))
        #expect(try decoder.decode(OptionalFields.self, from: "b=NULL&c=1") == OptionalFields(a: nil, b: "NULL", c: 1))
        let repeated = QueryDecoder.with {
            $0.nilDecodingStrategy = .null
            $0.arrayDecodingStrategy = .repeatedKeys
        }
        #expect(
            try repeated.decode(OptionalList.self, from: "list=1&list=null&list=3") == OptionalList(list: [1, nil, 3]))
        #expect(try decoder.decode(Text.self, from: "q=null") == Text(q: "null"))
    }

    @Test(arguments: [QueryDecoder.NilDecodingStrategy.omit, .emptyValue, .null])
    func anAbsentParameterIsNilWithEveryStrategy(strategy: QueryDecoder.NilDecodingStrategy) throws {
        let decoder = QueryDecoder.with { $0.nilDecodingStrategy = strategy }
        #expect(try decoder.decode(Wrapped<Filter?>.self, from: "") == Wrapped(value: nil))
        #expect(try decoder.decode(Wrapped<Int?>.self, from: "other=1") == Wrapped(value: nil))
        #expect(try decoder.decode(Filter?.self, from: "") == nil)
        #expect(try decoder.decode(Filter?.self, from: "min=1&max=2") == Filter(min: 1, max: 2))
    }
}

@Suite(.timeLimit(.minutes(5))) struct KeyDecodingStrategyTests {
    let keys = CasedKeys(deviceID: 1, myURLValue: 2, snake: 3, name: 4)

    @Test func useDefaultKeysIsTheDefault() throws {
        let decoder = QueryDecoder()
        guard case .useDefaultKeys = decoder.keyDecodingStrategy else {
            Issue.record("the default key strategy is \(decoder.keyDecodingStrategy)")
            return
        }
        #expect(try decoder.decode(CasedKeys.self, from: "deviceID=1&myURLValue=2&user_name=3&name=4") == keys)
    }

    @Test func convertFromSnakeCase() throws {
        let decoder = QueryDecoder.with { $0.keyDecodingStrategy = .convertFromSnakeCase }
        #expect(try decoder.decode(CasedKeys.self, from: "device_id=1&my_url_value=2&user_name=3&name=4") == keys)
        let error = #expect(throws: DecodingError.self) {
            try decoder.decode(CasedKeys.self, from: "deviceID=1&my_url_value=2&user_name=3&name=4")
        }
        #expect(error?.missingKey == "deviceID")
        #expect(error?.message.contains("device_id") == true)
    }

    @Test func convertFromKebabCase() throws {
        let decoder = QueryDecoder.with { $0.keyDecodingStrategy = .convertFromKebabCase }
        #expect(try decoder.decode(CasedKeys.self, from: "device-id=1&my-url-value=2&user_name=3&name=4") == keys)
    }

    @Test func customConvertsEachParameterName() throws {
        struct Lower: Decodable, Equatable {
            let deviceid: Int
            let nested: Inner
            struct Inner: Decodable, Equatable { let value: Int }
        }
        let decoder = QueryDecoder.with {
            $0.keyDecodingStrategy = .custom { path in AnyKey((path.last?.stringValue ?? "").lowercased()) }
        }
        #expect(
            try decoder.decode(Lower.self, from: "DeviceID=1&NESTED.Value=2")
                == Lower(deviceid: 1, nested: .init(value: 2)))
        let paths = QueryDecoder.with {
            $0.keyDecodingStrategy = .custom { path in
                AnyKey(
                    path.map(\.stringValue).joined(separator: "/") == "nested/x"
                        ? "value" : (path.last?.stringValue ?? ""))
            }
        }
        #expect(
            try paths.decode(Lower.self, from: "deviceid=1&nested.x=3") == Lower(deviceid: 1, nested: .init(value: 3)))
    }

    @Test func dictionaryKeysAreNeverConverted() throws {
        struct Holder: Decodable, Equatable {
            let someMap: [String: Int]
        }
        let decoder = QueryDecoder.with { $0.keyDecodingStrategy = .convertFromSnakeCase }
        #expect(
            try decoder.decode(Holder.self, from: "some_map.my_key=1&some_map.otherKey=2")
                == Holder(someMap: ["my_key": 1, "otherKey": 2]))
        #expect(try decoder.decode([String: Int].self, from: "a_b=1") == ["a_b": 1])
    }
}

@Suite(.timeLimit(.minutes(5))) struct DataDecodingStrategyTests {
    @Test func base64IsTheDefault() throws {
        let decoder = QueryDecoder()
        guard case .base64 = decoder.dataDecodingStrategy else {
            Issue.record("the default data strategy is \(decoder.dataDecodingStrategy)")
            return
        }
        #expect(try decoder.decode(Blob.self, from: "data=%2B%2F%2B%2F") == Blob(data: Data([0xFB, 0xFF, 0xBF])))
        #expect(try decoder.decode(Blob.self, from: "data=aGVsbG8%3D") == Blob(data: Data("hello".utf8)))
        #expect(try decoder.decode(Blob.self, from: "data=") == Blob(data: Data()))
        for invalid in ["aGVsbG8", "-_-_", "a", "aGVs*bG8="] {
            let error = #expect(throws: DecodingError.self, "\(invalid)") {
                try decoder.decode(Blob.self, from: "data=" + invalid)
            }
            #expect(error?.path == ["data"])
        }
    }

    // `Data(base64Encoded: "====")` on Linux returns one zero byte: the decoder checks base64 itself.
    @Test func base64MadeOfPaddingOnlyIsInvalid() throws {
        for invalid in ["%3D%3D%3D%3D", "%3D%3D"] {
            let error = #expect(throws: DecodingError.self, "\(invalid)") {
                try QueryDecoder().decode(Blob.self, from: "data=" + invalid)
            }
            #expect(error?.path == ["data"])
        }
    }

    @Test func base64URLWithOrWithoutPadding() throws {
        let decoder = QueryDecoder.with { $0.dataDecodingStrategy = .base64URL }
        #expect(try decoder.decode(Blob.self, from: "data=-_-_") == Blob(data: Data([0xFB, 0xFF, 0xBF])))
        #expect(try decoder.decode(Blob.self, from: "data=-_8") == Blob(data: Data([0xFB, 0xFF])))
        #expect(try decoder.decode(Blob.self, from: "data=-_8%3D") == Blob(data: Data([0xFB, 0xFF])))
        #expect(try decoder.decode(Blob.self, from: "data=aGVsbG8") == Blob(data: Data("hello".utf8)))
        for invalid in ["%2B%2F%2B%2F", "a", "-_8%3D%3D%3D", "-_%3D8", "a*b"] {
            #expect(throws: DecodingError.self, "\(invalid)") { try decoder.decode(Blob.self, from: "data=" + invalid) }
        }
    }

    @Test func custom() throws {
        let decoder = QueryDecoder.with {
            $0.dataDecodingStrategy = .custom { text in
                guard text == "fbff" else { throw Boom(reason: text) }
                return Data([0xFB, 0xFF])
            }
        }
        #expect(try decoder.decode(Blob.self, from: "data=fbff") == Blob(data: Data([0xFB, 0xFF])))
        #expect(throws: Boom(reason: "zz")) { try decoder.decode(Blob.self, from: "data=zz") }
    }
}
