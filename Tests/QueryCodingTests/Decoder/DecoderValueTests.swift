import Foundation
import QueryCoding
import Testing

// Every value type the decoder reads: the text it accepts, and the text it refuses with an error that
// names the parameter and carries the coding path.

@Suite(.timeLimit(.minutes(5))) struct DecoderValueTests {
    let decoder = QueryDecoder()

    private func value<T: Codable>(_ type: T.Type, _ text: String, _ decoder: QueryDecoder = QueryDecoder()) throws -> T
    {
        try decoder.decode(Wrapped<T>.self, from: "value=" + text).value
    }

    /// Expects `text` to be refused as a `T`, with a `dataCorrupted` error naming `value`.
    private func expectInvalid<T: Codable>(
        _ type: T.Type, _ text: String, _ decoder: QueryDecoder = QueryDecoder(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: DecodingError.self, "\(T.self) from \"\(text)\"", sourceLocation: sourceLocation) {
            try decoder.decode(Wrapped<T>.self, from: "value=" + text)
        }
        #expect(error?.kind == "dataCorrupted", "\(T.self) from \"\(text)\"", sourceLocation: sourceLocation)
        #expect(error?.path == ["value"], "\(T.self) from \"\(text)\"", sourceLocation: sourceLocation)
        #expect(
            error?.message.contains("\"value\"") == true, "\(T.self) from \"\(text)\"", sourceLocation: sourceLocation)
    }

    // MARK: Integers

    @Test func integersOfEveryWidthAtTheirLimits() throws {
        #expect(try value(Int.self, "-9223372036854775808") == .min)
        #expect(try value(Int.self, "9223372036854775807") == .max)
        #expect(try value(Int8.self, "-128") == .min)
        #expect(try value(Int8.self, "127") == .max)
        #expect(try value(Int16.self, "-32768") == .min)
        #expect(try value(Int16.self, "32767") == .max)
        #expect(try value(Int32.self, "-2147483648") == .min)
        #expect(try value(Int32.self, "2147483647") == .max)
        #expect(try value(Int64.self, "-9223372036854775808") == .min)
        #expect(try value(Int64.self, "9223372036854775807") == .max)
        #expect(try value(UInt.self, "18446744073709551615") == .max)
        #expect(try value(UInt8.self, "255") == .max)
        #expect(try value(UInt16.self, "65535") == .max)
        #expect(try value(UInt32.self, "4294967295") == .max)
        #expect(try value(UInt64.self, "18446744073709551615") == .max)
        #expect(try value(UInt64.self, "0") == 0)
    }

    // The decoder reads 128-bit integers too; the standard library's default would throw.
    @Test func integersOf128Bits() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(try value(Int128.self, "-170141183460469231731687303715884105728") == .min)
        #expect(try value(UInt128.self, "340282366920938463463374607431768211455") == .max)
        expectInvalid(UInt128.self, "340282366920938463463374607431768211456")
    }

    @Test func integersAcceptAnOptionalSign() throws {
        #expect(try value(Int.self, "%2B5") == 5)
        #expect(try value(Int.self, "-0") == 0)
        #expect(try value(Int.self, "007") == 7)
        #expect(try value(UInt8.self, "-0") == 0)
    }

    @Test func integersOutOfRangeAreRefused() {
        expectInvalid(Int8.self, "128")
        expectInvalid(Int8.self, "-129")
        expectInvalid(Int16.self, "32768")
        expectInvalid(Int32.self, "-2147483649")
        expectInvalid(Int64.self, "9223372036854775808")
        expectInvalid(Int.self, "-9223372036854775809")
        expectInvalid(Int.self, "99999999999999999999999")
        expectInvalid(UInt8.self, "256")
        expectInvalid(UInt8.self, "-1")
        expectInvalid(UInt16.self, "65536")
        expectInvalid(UInt32.self, "4294967296")
        expectInvalid(UInt64.self, "18446744073709551616")
        expectInvalid(UInt.self, "-1")
    }

    @Test(arguments: [
        "", "-", "%2B", "1.0", "1e3", "0x10", "%201", "1%20", "1_000", "1,000", "one", "--1", "%2B-1", "\u{FF11}",
    ])
    func integersRefuseAnythingButDigits(text: String) {
        expectInvalid(Int.self, text)
        expectInvalid(UInt64.self, text)
    }

    // MARK: Floating point

    @Test func doublesReadDecimalText() throws {
        #expect(try value(Double.self, "1.0") == 1)
        #expect(try value(Double.self, "0.1") == 0.1)
        #expect(try value(Double.self, "1e-07") == 1e-07)
        #expect(try value(Double.self, "1e%2B20") == 1e20)
        #expect(try value(Double.self, "1E5") == 100_000)
        #expect(try value(Double.self, ".5") == 0.5)
        #expect(try value(Double.self, "5.") == 5)
        #expect(try value(Double.self, "-2") == -2)
        #expect(try value(Double.self, "%2B2.5") == 2.5)
        #expect(try value(Double.self, "1.7976931348623157e%2B308") == .greatestFiniteMagnitude)
        #expect(try value(Double.self, "5e-324") == .leastNonzeroMagnitude)
        let negativeZero = try value(Double.self, "-0.0")
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(
            try decoder.decode(Wrapped<Double>.self, from: [URLQueryItem(name: "value", value: "1e+20")]).value == 1e20)
    }

    @Test(arguments: [
        "", "nan", "NaN", "inf", "-inf", "infinity", "Infinity", "0x1p3", "%201", "1%20", "1e400", "-1e400",
        "1.2.3", "--1", "e5", ".", "1e", "1e%2B", "1,5", "+", "1d", "0b1",
    ])
    func doublesRefuseAnythingElse(text: String) {
        expectInvalid(Double.self, text)
    }

    @Test func floats() throws {
        #expect(try value(Float.self, "0.1") == Float(0.1))
        #expect(try value(Float.self, "3.4028235e%2B38") == .greatestFiniteMagnitude)
        #expect(try value(Float.self, "1e-07") == Float(1e-07))
        expectInvalid(Float.self, "1e39")
        expectInvalid(Float.self, "nan")
        expectInvalid(Float.self, "")
    }

    @Test func decimals() throws {
        let posix = Locale(identifier: "en_US_POSIX")
        #expect(try value(Decimal.self, "12.5") == Decimal(string: "12.5", locale: posix))
        #expect(try value(Decimal.self, "-0.001") == Decimal(string: "-0.001", locale: posix))
        #expect(
            try value(Decimal.self, "1000000000000000000000000000000") == Decimal(string: "1e30", locale: posix))
        #expect(try value(Decimal.self, "1e3") == 1000)
        for invalid in ["", "nan", "NaN", "1,5", "abc", "1.2.3", "%2012", "12%20", "0x10", "inf"] {
            expectInvalid(Decimal.self, invalid)
        }
    }

    // MARK: Text-like values

    @Test func strings() throws {
        #expect(try value(String.self, "") == "")
        #expect(try value(String.self, "a%20b+c") == "a b c")
        #expect(Array(try value(String.self, "%E2%80%8D").utf8) == [0xE2, 0x80, 0x8D])
    }

    @Test func bools() throws {
        #expect(try value(Bool.self, "true") == true)
        #expect(try value(Bool.self, "false") == false)
        expectInvalid(Bool.self, "1")
        expectInvalid(Bool.self, "True")
    }

    @Test func urls() throws {
        #expect(
            try value(URL.self, "https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%23d")
                == URL(string: "https://example.com/a?b=c#d"))
        #expect(try value(URL.self, "relative%2Fpath") == URL(string: "relative/path"))
        expectInvalid(URL.self, "")
    }

    @Test func uuidsInAnyCase() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try value(UUID.self, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == uuid)
        #expect(try value(UUID.self, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f") == uuid)
        for invalid in [
            "", "not-a-uuid", "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5",
            "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
        ] {
            expectInvalid(UUID.self, invalid)
        }
    }

    @Test func dates() throws {
        #expect(try value(Date.self, "2017-10-31T16:15:56Z") == Date(timeIntervalSince1970: 1_509_466_556))
        expectInvalid(Date.self, "yesterday")
    }

    @Test func data() throws {
        #expect(try value(Data.self, "AAEC%2Fw%3D%3D") == Data([0, 1, 2, 255]))
        expectInvalid(Data.self, "%2A")
    }

    @Test func rawValueEnums() throws {
        #expect(try value(Color.self, "red") == .red)
        #expect(try value(Color.self, "light%20blue") == .lightBlue)
        #expect(try value(Color.self, "light+blue") == .lightBlue)
        #expect(try value(Level.self, "10") == .high)
        #expect(
            try decoder.decode(Listed<[Color]>.self, from: "list=red,light%20blue") == Listed(list: [.red, .lightBlue]))
        let error = #expect(throws: DecodingError.self) { try value(Color.self, "purple") }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["value"])
        #expect(throws: DecodingError.self) { try value(Level.self, "2") }
        #expect(throws: DecodingError.self) { try value(Level.self, "high") }
    }

    // MARK: Optionals

    @Test func optionals() throws {
        #expect(try decoder.decode(Wrapped<Int?>.self, from: "value=1") == Wrapped(value: 1))
        #expect(try decoder.decode(Wrapped<Int?>.self, from: "") == Wrapped(value: nil))
        #expect(
            try decoder.decode(Wrapped<Filter?>.self, from: "value.min=1&value.max=2")
                == Wrapped(value: Filter(min: 1, max: 2)))
        #expect(try decoder.decode(Wrapped<Filter?>.self, from: "") == Wrapped(value: nil))
        #expect(try decoder.decode(Filter?.self, from: "") == nil)
        #expect(try decoder.decode([String: Int]?.self, from: "") == nil)
        #expect(try decoder.decode([String: Int]?.self, from: "a=1") == ["a": 1])
    }

    // MARK: Composite values

    @Test func nestedStructsAtDepthFour() throws {
        #expect(try decoder.decode(Level1.self, from: "a.b.c.d=1") == Level1(a: Level2(b: Level3(c: Level4(d: 1)))))
        #expect(
            try decoder.decode(Wrapped<Level1>.self, from: "value.a.b.c.d=2")
                == Wrapped(value: Level1(a: Level2(b: Level3(c: Level4(d: 2))))))
    }

    @Test func aStructWithOnlyOptionalFieldsDecodesWhenAbsent() throws {
        struct AllOptional: Codable, Equatable {
            let a: Int?
            let b: [String]?
        }
        #expect(try decoder.decode(Wrapped<AllOptional>.self, from: "") == Wrapped(value: AllOptional(a: nil, b: nil)))
        let error = #expect(throws: DecodingError.self) { try decoder.decode(Wrapped<Filter>.self, from: "") }
        #expect(error?.kind == "keyNotFound")
        #expect(error?.missingKey == "min")
        #expect(error?.path == ["value"])
    }

    @Test func stringKeyedDictionaries() throws {
        #expect(try decoder.decode([String: Int].self, from: "b=2&a=1") == ["a": 1, "b": 2])
        #expect(
            try decoder.decode(Wrapped<[String: Int]>.self, from: "value.x=1&value.y=2")
                == Wrapped(value: ["x": 1, "y": 2]))
        #expect(
            try decoder.decode(Wrapped<[String: Filter]>.self, from: "value.f.min=1&value.f.max=2")
                == Wrapped(value: ["f": Filter(min: 1, max: 2)]))
        #expect(
            try decoder.decode(Wrapped<[String: [Int]]>.self, from: "value.t=1,2") == Wrapped(value: ["t": [1, 2]]))
        #expect(try decoder.decode(Wrapped<[String: Int]>.self, from: "") == Wrapped(value: [:]))
    }

    @Test func intKeyedDictionaries() throws {
        #expect(
            try decoder.decode(Wrapped<[Int: String]>.self, from: "value.10=x&value.-1=z")
                == Wrapped(value: [10: "x", -1: "z"]))
        let error = #expect(throws: DecodingError.self) {
            try decoder.decode(Wrapped<[Int: String]>.self, from: "value.x=1")
        }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["value", "x"])
        #expect(try decoder.decode(Wrapped<[Side: Int]>.self, from: "value.left=1") == Wrapped(value: [.left: 1]))
        #expect(throws: DecodingError.self) { try decoder.decode(Wrapped<[Side: Int]>.self, from: "value.up=1") }
    }

    @Test func sets() throws {
        #expect(try decoder.decode(Listed<Set<String>>.self, from: "list=b,a,c") == Listed(list: ["a", "b", "c"]))
        #expect(try decoder.decode(Listed<Set<Int>>.self, from: "list=1,1,2") == Listed(list: [1, 2]))
    }

    @Test func classesCallingSuperInitFromDecoder() throws {
        let derived = try decoder.decode(Derived.self, from: "name=x&id=1")
        #expect(derived.name == "x" && derived.id == 1)
        let viaSuper = try decoder.decode(DerivedWithSuperEncoder.self, from: "name=y&super.id=2")
        #expect(viaSuper.name == "y" && viaSuper.id == 2)
        let error = #expect(throws: DecodingError.self) {
            try decoder.decode(DerivedWithSuperEncoder.self, from: "name=y&id=2")
        }
        #expect(error?.missingKey == "id")
        #expect(error?.path == ["super"])
    }

    @Test func handWrittenInitWithEveryKindOfContainer() throws {
        let indexed = QueryDecoder.with { $0.arrayDecodingStrategy = .indexedBrackets }
        let value = try indexed.decode(
            HandRead.self, from: "plain=v&outer.inner=1&rows[0].id=5&rows[1][0]=a&rows[1][1]=b&single=s&super.flag=true"
        )
        #expect(value == HandRead(plain: "v", inner: 1, rowID: 5, letters: ["a", "b"], single: "s", flag: true))
    }

    @Test func theDecoderPassesUserInfoAndCodingPath() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        var decoder = QueryDecoder()
        decoder.userInfo = [key: "acme"]
        let value = try decoder.decode(Wrapped<Wrapped<Probe>>.self, from: "value.value.x=1")
        #expect(value.value.value == Probe(path: "value/value", tenant: "acme"))
    }

    @Test func theDecoderReportsItsConfiguration() throws {
        var decoder = QueryDecoder()
        decoder.arrayDecodingStrategy = .repeatedKeys
        let value = try decoder.decode(ProbeHolder.self, from: "value.x=1")
        #expect(value.value.arrays == "repeatedKeys")
        #expect(try JSONDecoder().decode(ArrayStyleProbe.self, from: Data("{}".utf8)).arrays == "none")
    }

    // MARK: Top-level values

    @Test func topLevelValuesWithoutKeysAreRefused() {
        let types: [any Decodable.Type] = [
            Int.self, String.self, Bool.self, Double.self, Date.self, Data.self, URL.self, UUID.self, Decimal.self,
            [Int].self, [String].self, Set<Int>.self, [Item].self, UInt8.self, Float.self,
        ]
        for type in types {
            let error = #expect(throws: DecodingError.self, "\(type)") { try decoder.decode(type, from: "a=1") }
            #expect(error?.kind == "typeMismatch", "\(type)")
            #expect(error?.path == [], "\(type)")
        }
    }

    // An optional array or set is not a query either (regression: it used to fail with a misleading
    // `dataCorrupted`); an empty query is still `nil`.
    @Test func topLevelOptionalArraysAreRefusedAsTypeMismatch() throws {
        for type in [[Int]?.self, Set<Int>?.self] as [any Decodable.Type] {
            let error = #expect(throws: DecodingError.self, "\(type)") { try decoder.decode(type, from: "a=1") }
            #expect(error?.kind == "typeMismatch", "\(type)")
            #expect(error?.path == [], "\(type)")
        }
        #expect(try decoder.decode([Int]?.self, from: "") == nil)
    }

    @Test func topLevelDictionaries() throws {
        #expect(try decoder.decode([String: String].self, from: "a=1&b=2") == ["a": "1", "b": "2"])
        #expect(try decoder.decode([String: [String: Int]].self, from: "a.b=1") == ["a": ["b": 1]])
        #expect(try decoder.decode([String: [String]].self, from: "a=1,2") == ["a": ["1", "2"]])
    }
}

// MARK: - Types used above

/// Reads with a nested keyed container, a nested unkeyed container holding a keyed and an unkeyed
/// container, a single-value container and `superDecoder()`.
private struct HandRead: Decodable, Equatable {
    let plain: String
    let inner: Int
    let rowID: Int
    let letters: [String]
    let single: String
    let flag: Bool

    init(plain: String, inner: Int, rowID: Int, letters: [String], single: String, flag: Bool) {
        self.plain = plain
        self.inner = inner
        self.rowID = rowID
        self.letters = letters
        self.single = single
        self.flag = flag
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        plain = try container.decode(String.self, forKey: "plain")
        inner = try container.nestedContainer(keyedBy: AnyKey.self, forKey: "outer").decode(Int.self, forKey: "inner")
        var rows = try container.nestedUnkeyedContainer(forKey: "rows")
        #expect(rows.count == 2)
        rowID = try rows.nestedContainer(keyedBy: AnyKey.self).decode(Int.self, forKey: "id")
        var letterList = try rows.nestedUnkeyedContainer()
        var letters: [String] = []
        while !letterList.isAtEnd { letters.append(try letterList.decode(String.self)) }
        self.letters = letters
        #expect(rows.isAtEnd)
        single = try container.superDecoder(forKey: "single").singleValueContainer().decode(String.self)
        flag = try container.superDecoder().container(keyedBy: AnyKey.self).decode(Bool.self, forKey: "flag")
    }
}

/// Reads what it can see of its decoder.
private struct Probe: Codable, Equatable {
    let path: String
    let tenant: String

    init(path: String, tenant: String) {
        self.path = path
        self.tenant = tenant
    }

    init(from decoder: any Decoder) throws {
        path = decoder.codingPath.map(\.stringValue).joined(separator: "/")
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        tenant = decoder.userInfo[key] as? String ?? ""
    }
}

/// Holds a probe one level down.
private struct ProbeHolder: Decodable {
    let value: ArrayStyleProbe
}

/// Records the array strategy of the query decoder that reads it ("none" for another decoder).
private struct ArrayStyleProbe: Decodable {
    let arrays: String

    init(from decoder: any Decoder) throws {
        arrays = decoder.queryDecoder.map { "\($0.arrayDecodingStrategy)" } ?? "none"
    }
}
