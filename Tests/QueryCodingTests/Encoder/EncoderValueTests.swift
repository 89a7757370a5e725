import Foundation
import QueryCoding
import Testing

// Every value type the encoder writes, with its exact text.

@Suite(.timeLimit(.minutes(5))) struct EncoderValueTests {
    let encoder = QueryEncoder()

    /// The unescaped items of `value`, for values whose text is the point.
    private func items(_ value: some Encodable, _ encoder: QueryEncoder = QueryEncoder()) throws -> [Pair] {
        try pairs(encoder.encode(value))
    }

    // MARK: Integers

    @Test func integersOfEveryWidthAreExact() throws {
        let extremes = Integers(
            int: (.min, .max), int8: (.min, .max), int16: (.min, .max), int32: (.min, .max), int64: (.min, .max),
            uint: (.min, .max), uint8: (.min, .max), uint16: (.min, .max), uint32: (.min, .max),
            uint64: (.min, .max))
        #expect(
            try encoder.encodeToString(extremes)
                == "int=-9223372036854775808&int=9223372036854775807&int8=-128&int8=127&int16=-32768&int16=32767"
                + "&int32=-2147483648&int32=2147483647&int64=-9223372036854775808&int64=9223372036854775807"
                + "&uint=0&uint=18446744073709551615&uint8=0&uint8=255&uint16=0&uint16=65535&uint32=0&uint32=4294967295"
                + "&uint64=0&uint64=18446744073709551615")
        #expect(try encoder.encodeToString(Wrapped(value: 0)) == "value=0")
        #expect(try encoder.encodeToString(Wrapped(value: -7)) == "value=-7")
        #expect(try encoder.encodeToString(Wrapped(value: 1_000_000)) == "value=1000000")
    }

    @Test func integersInArraysDictionariesAndSingleValueContainers() throws {
        #expect(try encoder.encodeToString(Listed(list: [Int8.min, 0, Int8.max])) == "list=-128,0,127")
        #expect(try encoder.encodeToString(Listed(list: [UInt64.max])) == "list=18446744073709551615")
        #expect(try encoder.encodeToString(Listed(list: [Int.min, -1, 10])) == "list=-9223372036854775808,-1,10")
        #expect(try encoder.encodeToString(["a": Int64.min]) == "a=-9223372036854775808")
        #expect(try encoder.encodeToString(Wrapped(value: SingleValue(-3))) == "value=-3")
        #expect(try encoder.encodeToString(Wrapped(value: UInt16?.some(65535))) == "value=65535")
    }

    // Swift 6's 128-bit integers are integer widths too; the standard library's default container methods
    // would throw "not implemented".
    @Test func integersOf128Bits() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(
            try encoder.encodeToString(Wrapped(value: Int128.min)) == "value=-170141183460469231731687303715884105728")
        #expect(
            try encoder.encodeToString(Wrapped(value: UInt128.max)) == "value=340282366920938463463374607431768211455")
        #expect(try encoder.encodeToString(Listed(list: [Int128(-1), 2])) == "list=-1,2")
    }

    // MARK: Floating point

    @Test(
        arguments: [
            (1.0, "1.0"), (0.1, "0.1"), (1e-07, "1e-07"), (-0.0, "-0.0"), (1e+20, "1e+20"), (123.456, "123.456"),
            (-2.5, "-2.5"), (1e16, "1e+16"), (.leastNonzeroMagnitude, "5e-324"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (0.30000000000000004, "0.30000000000000004"),
        ] as [(Double, String)])
    func doublesUseTheShortestRoundTripText(value: Double, text: String) throws {
        #expect(try items(Wrapped(value: value)) == [Pair("value", text)])
        #expect(
            try encoder.encodeToString(Wrapped(value: value)) == "value="
                + text.replacingOccurrences(of: "+", with: "%2B"))
    }

    @Test func theExponentSignIsEscaped() throws {
        #expect(try encoder.encodeToString(Wrapped(value: 1e+20)) == "value=1e%2B20")
        #expect(try encoder.encodeToString(Listed(list: [1e+20, 1e-07])) == "list=1e%2B20,1e-07")
    }

    @Test(
        arguments: [
            (Float(1.0), "1.0"), (0.1, "0.1"), (1e-07, "1e-07"), (-0.0, "-0.0"), (3.4028235e+38, "3.4028235e+38"),
            (16_777_216, "16777216.0"),
        ] as [(Float, String)])
    func floatsUseTheShortestRoundTripText(value: Float, text: String) throws {
        #expect(try items(Wrapped(value: value)) == [Pair("value", text)])
    }

    @Test func decimalsArePlainDecimalText() throws {
        let values: [(String, String)] = [
            ("12.5", "12.5"), ("-0.001", "-0.001"), ("0", "0"), ("1e30", "1000000000000000000000000000000"),
            ("123456789012345678901234567890.5", "123456789012345678901234567890.5"),
        ]
        for (input, text) in values {
            let decimal = try #require(Decimal(string: input, locale: Locale(identifier: "en_US_POSIX")))
            #expect(try items(Wrapped(value: decimal)) == [Pair("value", text)], "\(input)")
        }
        #expect(try encoder.encodeToString(Listed(list: [Decimal(1), Decimal(string: "2.5")])) == "list=1,2.5")
    }

    // MARK: Text-like values

    @Test func strings() throws {
        #expect(try encoder.encodeToString(Text(q: "hello")) == "q=hello")
        #expect(try encoder.encodeToString(Text(q: "")) == "q=")
        #expect(try items(Text(q: "a&b=c d")) == [Pair("q", "a&b=c d")])
        #expect(try encoder.encodeToString(Text(q: "Grüße")) == "q=Gr%C3%BC%C3%9Fe")
    }

    @Test func boolsInEveryPosition() throws {
        #expect(try encoder.encodeToString(Flags(on: true, off: false)) == "on=true&off=false")
        #expect(try encoder.encodeToString(["a": true]) == "a=true")
        #expect(try encoder.encodeToString(Wrapped(value: Bool?.some(false))) == "value=false")
    }

    @Test func urlsAreTheirAbsoluteString() throws {
        let url = try #require(URL(string: "https://example.com/a%20b?c=d&e#f"))
        #expect(try items(Wrapped(value: url)) == [Pair("value", "https://example.com/a%20b?c=d&e#f")])
        #expect(
            try encoder.encodeToString(Wrapped(value: url))
                == "value=https%3A%2F%2Fexample.com%2Fa%2520b%3Fc%3Dd%26e%23f")
        let base = try #require(URL(string: "https://example.com/api/"))
        let relative = try #require(URL(string: "users?id=1", relativeTo: base))
        #expect(try items(Wrapped(value: relative)) == [Pair("value", "https://example.com/api/users?id=1")])
    }

    @Test func uuidsAreTheUppercaseUUIDString() throws {
        let uuid = try #require(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"))
        #expect(try encoder.encodeToString(Wrapped(value: uuid)) == "value=E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(
            try encoder.encodeToString(Listed(list: [uuid, uuid]))
                == "list=E621E1F8-C36C-495A-93FC-0C247A3E6E5F,E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func rawValueEnums() throws {
        #expect(try encoder.encodeToString(Wrapped(value: Color.red)) == "value=red")
        #expect(try encoder.encodeToString(Wrapped(value: Color.lightBlue)) == "value=light%20blue")
        #expect(try encoder.encodeToString(Wrapped(value: Level.high)) == "value=10")
        #expect(try encoder.encodeToString(Listed(list: [Color.red, .lightBlue])) == "list=red,light%20blue")
        let repeated = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        #expect(try repeated.encodeToString(Listed(list: [Level.low, .high])) == "list=1&list=10")
    }

    @Test func dates() throws {
        #expect(try items(Stamp(date: utcDate(2017, 10, 31, 16, 15, 56))) == [Pair("date", "2017-10-31T16:15:56Z")])
        #expect(utcDate(2017, 10, 31, 16, 15, 56).timeIntervalSince1970 == 1_509_466_556)
        #expect(utcDate(1969, 12, 31, 23, 59, 59).timeIntervalSince1970 == -1)
        #expect(utcDate(1900, 3, 1).timeIntervalSince1970 == -2_203_891_200)
        #expect(try items(Stamp(date: utcDate(1900, 3, 1))) == [Pair("date", "1900-03-01T00:00:00Z")])
        #expect(try items(Stamp(date: utcDate(1600, 2, 29, 12))) == [Pair("date", "1600-02-29T12:00:00Z")])
    }

    @Test func data() throws {
        #expect(try encoder.encodeToString(Blob(data: Data([0, 1, 2, 255]))) == "data=AAEC%2Fw%3D%3D")
    }

    // MARK: Optionals

    @Test func optionals() throws {
        #expect(try encoder.encodeToString(Wrapped(value: Int?.none)) == "")
        #expect(try encoder.encodeToString(Wrapped(value: Int?.some(1))) == "value=1")
        #expect(try encoder.encodeToString(Wrapped(value: Filter?.none)) == "")
        #expect(
            try encoder.encodeToString(Wrapped(value: Filter?.some(Filter(min: 1, max: 2))))
                == "value.min=1&value.max=2")
        #expect(try encoder.encodeToString(Wrapped(value: [Int]?.some([1, 2]))) == "value=1,2")
        #expect(try encoder.encodeToString(Filter?.none) == "")
        #expect(try encoder.encode(Filter?.none) == [])
    }

    // MARK: Composite values

    @Test func nestedStructsAtDepthFour() throws {
        let value = Level1(a: Level2(b: Level3(c: Level4(d: 1))))
        #expect(try encoder.encodeToString(value) == "a.b.c.d=1")
        #expect(try encoder.encodeToString(Wrapped(value: value)) == "value.a.b.c.d=1")
    }

    @Test func arraysOfStructsAndArraysUnderIndexedBrackets() throws {
        let indexed = QueryEncoder.with {
            $0.arrayEncodingStrategy = .indexedBrackets
            $0.nestedKeyEncodingStrategy = .brackets
        }
        struct Order: Encodable {
            let lines: [Line]
            struct Line: Encodable {
                let sku: String
                let tags: [String]
                let options: [[Int]]
            }
        }
        let order = Order(lines: [.init(sku: "a", tags: ["x", "y"], options: [[1], [2, 3]])])
        #expect(
            try items(order, indexed) == [
                Pair("lines[0][sku]", "a"), Pair("lines[0][tags][0]", "x"), Pair("lines[0][tags][1]", "y"),
                Pair("lines[0][options][0][0]", "1"), Pair("lines[0][options][1][0]", "2"),
                Pair("lines[0][options][1][1]", "3"),
            ])
    }

    @Test func stringKeyedDictionariesAreSortedByKeyBytes() throws {
        #expect(try encoder.encodeToString(["b": 2, "a": 1, "c": 3]) == "a=1&b=2&c=3")
        #expect(try encoder.encodeToString(Wrapped(value: ["b": 2, "a": 1])) == "value.a=1&value.b=2")
        #expect(
            try encoder.encodeToString(Wrapped(value: ["f": Filter(min: 1, max: 2)])) == "value.f.min=1&value.f.max=2")
        #expect(try encoder.encodeToString(Wrapped(value: ["t": [1, 2]])) == "value.t=1,2")
        #expect(try encoder.encodeToString([String: Int]()) == "")
    }

    @Test func intKeyedDictionariesAreSortedByTheBytesOfTheKeyText() throws {
        let value: [Int: String] = [10: "x", 9: "y", -1: "z", 0: "w"]
        #expect(try encoder.encodeToString(Wrapped(value: value)) == "value.-1=z&value.0=w&value.10=x&value.9=y")
        #expect(try encoder.encodeToString(value) == "-1=z&0=w&10=x&9=y")
    }

    @Test func codingKeyRepresentableKeys() throws {
        #expect(try encoder.encodeToString(Wrapped(value: [Side.right: 2, .left: 1])) == "value.left=1&value.right=2")
    }

    @Test func setsAreSortedByTheBytesOfTheirText() throws {
        #expect(try encoder.encodeToString(Listed(list: Set(["b", "a", "c"]))) == "list=a,b,c")
        #expect(try encoder.encodeToString(Listed(list: Set([10, 9, -1]))) == "list=-1,10,9")
        #expect(try encoder.encodeToString(Listed(list: Set<String>())) == "")
        let repeated = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        #expect(
            try repeated.encodeToString(Listed(list: Set([Color.red, .lightBlue]))) == "list=light%20blue&list=red")
    }

    @Test func classesCallingSuperEncodeWriteAtTheSameLevel() throws {
        #expect(try encoder.encodeToString(Derived(id: 1, name: "x")) == "name=x&id=1")
        #expect(try encoder.encodeToString(Wrapped(value: Derived(id: 1, name: "x"))) == "value.name=x&value.id=1")
        #expect(try encoder.encodeToString(DerivedWithSuperEncoder(id: 2, name: "y")) == "name=y&super.id=2")
        let brackets = QueryEncoder.with { $0.nestedKeyEncodingStrategy = .brackets }
        #expect(try brackets.encodeToString(DerivedWithSuperEncoder(id: 2, name: "y")) == "name=y&super%5Bid%5D=2")
    }

    @Test func handWrittenEncodeWithEveryKindOfContainer() throws {
        #expect(
            try encoder.encodeToString(HandWritten())
                == "plain=v&outer.inner=1&outer.deeper.leaf=true&list=1,2&parent.flag=true&super=s")
        let indexed = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(
            try items(HandWrittenRows(), indexed) == [
                Pair("rows[0].id", "1"), Pair("rows[1][0]", "a"), Pair("rows[1][1]", "b"), Pair("rows[2].id", "3"),
                Pair("rows[3]", "four"),
            ])
    }

    @Test func aSingleValueContainerCanHoldACompositeValue() throws {
        #expect(try encoder.encodeToString(Transparent(value: Filter(min: 1, max: 2))) == "min=1&max=2")
        #expect(
            try encoder.encodeToString(Wrapped(value: Transparent(value: Filter(min: 1, max: 2))))
                == "value.min=1&value.max=2")
        #expect(try encoder.encodeToString(Wrapped(value: Transparent(value: [1, 2]))) == "value=1,2")
        #expect(
            try encoder.encodeToString(Wrapped(value: Transparent(value: ["b": 1, "a": 2]))) == "value.a=2&value.b=1")
        #expect(throws: EncodingError.self) { try encoder.encodeToString(Transparent(value: [1, 2])) }
    }

    @Test func theEncoderAValueReceivesReportsItsConfiguration() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        var encoder = QueryEncoder(userInfo: [key: "acme"])
        encoder.arrayEncodingStrategy = .repeatedKeys
        #expect(
            try pairs(encoder.encode(Wrapped(value: Wrapped(value: Introspect(key: key))))) == [
                Pair("value.value.isQueryEncoder", "true"), Pair("value.value.arrays", "repeatedKeys"),
                Pair("value.value.path", "value/value"), Pair("value.value.tenant", "acme"),
            ])
        #expect(encoder.userInfo[key] as? String == "acme")
    }

    @Test func userInfoIsSettableAndReachesEncodeTo() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        var encoder = QueryEncoder()
        #expect(encoder.userInfo.isEmpty)
        encoder.userInfo[key] = "globex"
        let copy = encoder
        encoder.userInfo[key] = "initech"
        #expect(try pairs(copy.encode(Introspect(key: key))).contains(Pair("tenant", "globex")))
        #expect(try pairs(encoder.encode(Introspect(key: key))).contains(Pair("tenant", "initech")))
    }

    @Test func aFieldStyleIsPartOfTheReportedConfiguration() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        #expect(
            try pairs(
                QueryEncoder().encode(StyledIntrospect(styled: Introspect(key: key), plain: Introspect(key: key))))
                == [
                    Pair("styled.isQueryEncoder", "true"), Pair("styled.arrays", "brackets"),
                    Pair("styled.path", "styled"),
                    Pair("styled.tenant", ""), Pair("plain.isQueryEncoder", "true"),
                    Pair("plain.arrays", "commaSeparated"),
                    Pair("plain.path", "plain"), Pair("plain.tenant", ""),
                ])
    }

    @Test func anotherEncoderHasNoQueryConfiguration() throws {
        let key = try #require(CodingUserInfoKey(rawValue: "tenant"))
        let json = try JSONEncoder().encode(Introspect(key: key))
        #expect(String(decoding: json, as: UTF8.self).contains(#""isQueryEncoder":false"#))
    }
}

// MARK: - Types used above

/// Every integer width, each at its minimum and maximum: written as `repeatedKeys` by hand.
private struct Integers: Encodable {
    let int: (Int, Int)
    let int8: (Int8, Int8)
    let int16: (Int16, Int16)
    let int32: (Int32, Int32)
    let int64: (Int64, Int64)
    let uint: (UInt, UInt)
    let uint8: (UInt8, UInt8)
    let uint16: (UInt16, UInt16)
    let uint32: (UInt32, UInt32)
    let uint64: (UInt64, UInt64)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(int.0, forKey: "int")
        try container.encode(int.1, forKey: "int")
        try container.encode(int8.0, forKey: "int8")
        try container.encode(int8.1, forKey: "int8")
        try container.encode(int16.0, forKey: "int16")
        try container.encode(int16.1, forKey: "int16")
        try container.encode(int32.0, forKey: "int32")
        try container.encode(int32.1, forKey: "int32")
        try container.encode(int64.0, forKey: "int64")
        try container.encode(int64.1, forKey: "int64")
        try container.encode(uint.0, forKey: "uint")
        try container.encode(uint.1, forKey: "uint")
        try container.encode(uint8.0, forKey: "uint8")
        try container.encode(uint8.1, forKey: "uint8")
        try container.encode(uint16.0, forKey: "uint16")
        try container.encode(uint16.1, forKey: "uint16")
        try container.encode(uint32.0, forKey: "uint32")
        try container.encode(uint32.1, forKey: "uint32")
        try container.encode(uint64.0, forKey: "uint64")
        try container.encode(uint64.1, forKey: "uint64")
    }
}

class Base: Codable {
    let id: Int
    init(id: Int) { self.id = id }
}

/// Calls `super.encode(to: encoder)` with its own encoder: the fields share one level.
final class Derived: Base {
    let name: String

    init(id: Int, name: String) {
        self.name = name
        super.init(id: id)
    }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: encoder)
    }
}

/// Calls `super.encode(to: container.superEncoder())`: the superclass's fields go under `super`.
final class DerivedWithSuperEncoder: Base {
    let name: String

    init(id: Int, name: String) {
        self.name = name
        super.init(id: id)
    }

    private enum CodingKeys: String, CodingKey { case name }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: container.superEncoder())
    }
}

/// Uses a nested keyed container, a nested unkeyed container, `superEncoder(forKey:)` and
/// `superEncoder()`.
private struct HandWritten: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode("v", forKey: "plain")
        var outer = container.nestedContainer(keyedBy: AnyKey.self, forKey: "outer")
        try outer.encode(1, forKey: "inner")
        var deeper = outer.nestedContainer(keyedBy: AnyKey.self, forKey: "deeper")
        try deeper.encode(true, forKey: "leaf")
        var list = container.nestedUnkeyedContainer(forKey: "list")
        try list.encode(1)
        try list.encode(2)
        var parent = container.superEncoder(forKey: "parent").container(keyedBy: AnyKey.self)
        try parent.encode(true, forKey: "flag")
        var single = container.superEncoder().singleValueContainer()
        try single.encode("s")
    }
}

/// An unkeyed container holding a keyed container, an unkeyed container, a value and a super encoder.
private struct HandWrittenRows: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        var rows = container.nestedUnkeyedContainer(forKey: "rows")
        var first = rows.nestedContainer(keyedBy: AnyKey.self)
        try first.encode(1, forKey: "id")
        var second = rows.nestedUnkeyedContainer()
        try second.encode("a")
        try second.encode("b")
        try rows.encode(Row(id: 3))
        var fourth = rows.superEncoder().singleValueContainer()
        try fourth.encode("four")
    }
}

private struct Row: Encodable {
    let id: Int
}

/// Writes its value through a single-value container.
private struct Transparent<Value: Encodable>: Encodable {
    let value: Value
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// Two introspections, the first under a field style of its own.
private struct StyledIntrospect: Encodable, QueryFieldStyling {
    let styled: Introspect
    let plain: Introspect

    static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
        key.stringValue == "styled" ? QueryFieldStyle(array: .brackets) : nil
    }
}

/// Writes what it can see of its encoder.
private struct Introspect: Encodable {
    let key: CodingUserInfoKey

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        let queryEncoder = encoder.queryEncoder
        try container.encode(queryEncoder != nil, forKey: "isQueryEncoder")
        try container.encode("\(queryEncoder?.arrayEncodingStrategy ?? .commaSeparated)", forKey: "arrays")
        try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"), forKey: "path")
        try container.encode(encoder.userInfo[key] as? String ?? "", forKey: "tenant")
    }
}
