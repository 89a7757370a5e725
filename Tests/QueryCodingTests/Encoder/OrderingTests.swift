import Foundation
import QueryCoding
import Testing

// The ordering rule: pairs in the order `encode(to:)` writes them; dictionary entries and set elements
// sorted by UTF-8 bytes; `.sortedKeys` sorts every pair by its unescaped name, stably.

@Suite(.timeLimit(.minutes(5))) struct OrderingTests {
    @Test func pairsFollowTheOrderOfTheCodingKeys() throws {
        struct Declared: Encodable {
            let zebra = 1
            let apple = 2
            let mango = 3
        }
        struct Reordered: Encodable {
            let zebra = 1
            let apple = 2
            let mango = 3
            enum CodingKeys: CodingKey { case mango, zebra, apple }
        }
        #expect(try QueryEncoder().encodeToString(Declared()) == "zebra=1&apple=2&mango=3")
        #expect(try QueryEncoder().encodeToString(Reordered()) == "mango=3&zebra=1&apple=2")
    }

    @Test func arrayElementsKeepTheirOrder() throws {
        #expect(try QueryEncoder().encodeToString(Listed(list: [3, 1, 2])) == "list=3,1,2")
        let repeated = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        #expect(try repeated.encodeToString(Listed(list: ["c", "a", "b"])) == "list=c&list=a&list=b")
    }

    /// Byte order differs from Swift's `String` order: `e` + U+0301 compares equal to `é` (U+00E9) for
    /// Swift, which sorts it after `f`; its first byte (0x65) sorts it before `f` (0x66).
    @Test func dictionaryEntriesAreSortedByUTF8Bytes() throws {
        let value: [String: Int] = [
            "f": 1, "e\u{301}": 2, "B": 3, "a": 4, "aa": 5, "10": 6, "9": 7, "\u{E9}t\u{E9}": 8,
        ]
        let expected = ["10", "9", "B", "a", "aa", "e\u{301}", "f", "\u{E9}t\u{E9}"]
        #expect(try QueryEncoder().encode(value).map { Array($0.name.utf8) } == expected.map { Array($0.utf8) })
        #expect(
            try QueryEncoder().encodeToString(value)
                == "10=6&9=7&B=3&a=4&aa=5&e%CC%81=2&f=1&%C3%A9t%C3%A9=8")
    }

    @Test func dictionaryOrderIsTheSameHoweverTheDictionaryWasBuilt() throws {
        let keys = (0..<200).map { "key\($0 * 7919 % 200)" }
        var forward: [String: Int] = [:]
        for (index, key) in keys.enumerated() { forward[key] = index }
        var backward = [String: Int](minimumCapacity: 1024)
        for (index, key) in keys.enumerated().reversed() { backward[key] = index }
        #expect(Array(forward.keys) != Array(backward.keys), "the two dictionaries should iterate differently")
        let expected = try QueryEncoder().encodeToString(forward)
        #expect(try QueryEncoder().encodeToString(backward) == expected)
        let names = try QueryEncoder().encode(forward).map(\.name)
        #expect(names == names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(names.first == "key0" && names[1] == "key1" && names[2] == "key10")
    }

    /// Keys that agree on their first 8 or 16 bytes, keys that begin others (also with a NUL after
    /// them), long keys that differ only at the end: sorted by every byte, whatever the value type.
    @Test func dictionaryKeysAreSortedByEveryByte() throws {
        let keys = [
            "0123456789abcdef", "0123456789abcdefX", "0123456789abcdef\u{0}", "0123456789abcdeg", "0123456789abcdefXY",
            "0123456789abcdefXA", "01234567", "01234567\u{0}", "0123456", "012345670", "\u{E9}", "e", "z",
            "0123456789abcdef0123456789abcdef2", "0123456789abcdef0123456789abcdef1", "\u{10FFFF}", "~",
        ]
        let expected = keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        func names(_ items: [URLQueryItem]) -> [[UInt8]] { items.map { Array($0.name.utf8) } }
        let encoder = QueryEncoder()
        let strings = Dictionary(uniqueKeysWithValues: keys.map { ($0, "v") })
        #expect(try names(encoder.encode(strings)) == expected)
        let integers = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        #expect(try names(encoder.encode(integers)) == expected)
        let optionals = Dictionary(uniqueKeysWithValues: keys.map { ($0, true as Bool?) })
        #expect(try names(encoder.encode(optionals)) == expected)
        let arrays = Dictionary(uniqueKeysWithValues: keys.map { ($0, [1, 2]) })
        #expect(try names(encoder.encode(arrays)) == expected)
        // Each value is written under its own key.
        #expect(try encoder.encode(integers).allSatisfy { $0.value == String(keys.firstIndex(of: $0.name)!) })
    }

    @Test func setElementsAreSortedByEveryByte() throws {
        let values = ["0123456789abcdefZ", "0123456789abcdef", "0123456789abcdefA", "01234567", "0123456", "b", "a"]
        let repeated = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        let items = try repeated.encode(Listed(list: Set(values)))
        #expect(items.map(\.value) == values.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test func setOrderIsTheSameHoweverTheSetWasBuilt() throws {
        let values = (0..<100).map { "v\($0)" }
        let forward = Set(values)
        var backward = Set<String>(minimumCapacity: 512)
        for value in values.reversed() { backward.insert(value) }
        let repeated = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        let expected = try repeated.encode(Listed(list: forward))
        #expect(try repeated.encode(Listed(list: backward)) == expected)
        #expect(expected.prefix(3).map(\.value) == ["v0", "v1", "v10"])
    }

    @Test func fieldsAreNotSortedWithoutSortedKeys() throws {
        #expect(
            try QueryEncoder().encodeToString(Search(term: "t", filter: Filter(min: 1, max: 2)))
                == "term=t&filter.min=1&filter.max=2")
    }

    // MARK: sortedKeys

    /// Sorting is by the unescaped name, for both outputs: `k[]` (0x5B) sorts after `k0` (0x30) although
    /// its escaped form `k%5B%5D` (0x25) would sort before, and a space (`+`, 0x20) before a literal
    /// plus (`%2B`, 0x2B).
    @Test func sortedKeysSortsByUnescapedNames() throws {
        let encoder = QueryEncoder.with {
            $0.outputFormatting = .sortedKeys
            $0.arrayEncodingStrategy = .brackets
            $0.spaceEncodingStrategy = .plus
        }
        let value = SortMe(tilde: 1, zero: 2, list: [3, 1, 2], plus: 4, space: 5)
        #expect(try encoder.encodeToString(value) == "k+=5&k%2B=4&k0=2&k%5B%5D=3&k%5B%5D=1&k%5B%5D=2&k~=1")
        #expect(
            try pairs(encoder.encode(value)) == [
                Pair("k ", "5"), Pair("k+", "4"), Pair("k0", "2"), Pair("k[]", "3"), Pair("k[]", "1"),
                Pair("k[]", "2"), Pair("k~", "1"),
            ])
    }

    @Test func sortedKeysSortsAfterKeyConversion() throws {
        struct Converted: Encodable {
            let aB = 1
            let aA = 2
            enum CodingKeys: String, CodingKey {
                case aB
                case aA = "a_a"
            }
        }
        let plain = QueryEncoder.with { $0.outputFormatting = .sortedKeys }
        #expect(try plain.encodeToString(Converted()) == "aB=1&a_a=2")
        let snake = QueryEncoder.with {
            $0.outputFormatting = .sortedKeys
            $0.keyEncodingStrategy = .convertToSnakeCase
        }
        #expect(try snake.encodeToString(Converted()) == "a_a=2&a_b=1")
    }

    @Test func sortedKeysSortsFullNestedNames() throws {
        struct Outer: Encodable {
            let b = Inner(z: 1, a: 2)
            let a = Inner(z: 3, a: 4)
            let aa = 5
            struct Inner: Encodable {
                let z: Int
                let a: Int
            }
        }
        let dots = QueryEncoder.with { $0.outputFormatting = .sortedKeys }
        #expect(try dots.encodeToString(Outer()) == "a.a=4&a.z=3&aa=5&b.a=2&b.z=1")
        let brackets = QueryEncoder.with {
            $0.outputFormatting = .sortedKeys
            $0.nestedKeyEncodingStrategy = .brackets
        }
        // `a[` (0x5B) sorts before `aa` (0x61).
        #expect(try brackets.encodeToString(Outer()) == "a%5Ba%5D=4&a%5Bz%5D=3&aa=5&b%5Ba%5D=2&b%5Bz%5D=1")
    }

    @Test func sortedKeysIsStableForEqualNames() throws {
        let encoder = QueryEncoder.with {
            $0.outputFormatting = .sortedKeys
            $0.arrayEncodingStrategy = .repeatedKeys
        }
        struct Repeats: Encodable {
            let z = ["3", "1", "2"]
            let a = ["c", "a", "b"]
        }
        #expect(try encoder.encodeToString(Repeats()) == "a=c&a=a&a=b&z=3&z=1&z=2")
        // Hand-written pairs with equal names keep the order they were written in.
        #expect(try encoder.encodeToString(Pairs(["b": "1", "a": "2", "b": "0", "a": "1"])) == "a=2&a=1&b=1&b=0")
    }

    /// Indexed names sort as bytes too (`i[10]` before `i[1]`: `0` is 0x30, `]` 0x5D); the indices still say each element's
    /// place, so the array read back keeps its order.
    @Test func sortedKeysWithIndexedBracketsKeepsTheIndices() throws {
        let encoder = QueryEncoder.with {
            $0.outputFormatting = .sortedKeys
            $0.arrayEncodingStrategy = .indexedBrackets
        }
        let list = Listed(list: Array(0...10))
        let names = try encoder.encode(list).map(\.name)
        #expect(names.prefix(4) == ["list[0]", "list[10]", "list[1]", "list[2]"])
        let decoder = QueryDecoder.with { $0.arrayDecodingStrategy = .indexedBrackets }
        #expect(try decoder.decode(Listed<[Int]>.self, from: encoder.encodeToString(list)) == list)
    }

    @Test func sortedKeysIsByteIdenticalAcrossCalls() throws {
        let encoder = QueryEncoder.with { $0.outputFormatting = .sortedKeys }
        let value = ["b": ["y": 1, "x": 2], "a": ["d": 3, "c": 4]]
        let first = try encoder.encodeToString(value)
        #expect(first == "a.c=4&a.d=3&b.x=2&b.y=1")
        for _ in 0..<10 { #expect(try encoder.encodeToString(value) == first) }
    }
}

/// Names whose escaped order differs from their unescaped order.
private struct SortMe: Encodable {
    let tilde: Int
    let zero: Int
    let list: [Int]
    let plus: Int
    let space: Int

    enum CodingKeys: String, CodingKey {
        case tilde = "k~"
        case zero = "k0"
        case list = "k"
        case plus = "k+"
        case space = "k "
    }
}
