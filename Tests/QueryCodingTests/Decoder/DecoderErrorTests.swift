import Foundation
import QueryCoding
import Testing

// Malformed, hostile and incomplete input: each error is a `DecodingError` that carries the coding path
// and names the parameter.

@Suite(.timeLimit(.minutes(5))) struct DecoderErrorTests {
    let decoder = QueryDecoder()

    private func error<T: Decodable>(
        _ type: T.Type, _ query: String, _ decoder: QueryDecoder = QueryDecoder(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> DecodingError? {
        #expect(throws: DecodingError.self, "\(query)", sourceLocation: sourceLocation) {
            try decoder.decode(type, from: query)
        }
    }

    // MARK: Percent-encoding

    @Test(arguments: ["%zz", "%4", "%", "ab%", "%g0", "%0g", "a%2"])
    func invalidEscapesInAValue(escape: String) {
        let failure = error(Text.self, "q=" + escape)
        #expect(failure?.kind == "dataCorrupted")
        #expect(failure?.path == ["q"])
        #expect(failure?.message.contains("parameter \"q\"") == true)
        #expect(failure?.message.contains("percent-escape") == true)
    }

    @Test(arguments: ["%FF", "%C3%28", "%C0%AF", "%ED%A0%80", "%F4%90%80%80", "%E2%82", "%80", "a%C3"])
    func escapesThatAreNotUTF8InAValue(escape: String) {
        let failure = error(Text.self, "q=" + escape)
        #expect(failure?.kind == "dataCorrupted")
        #expect(failure?.path == ["q"])
        #expect(failure?.message.contains("parameter \"q\"") == true)
        #expect(failure?.message.contains("UTF-8") == true)
    }

    @Test func invalidNamesThrowEvenForUnknownParameters() {
        let escape = error(Text.self, "q=1&bad%zz=1")
        #expect(escape?.kind == "dataCorrupted")
        #expect(escape?.path == [])
        #expect(escape?.message.contains("bad%zz") == true)
        let utf8 = error(Text.self, "q=1&name%FF=1")
        #expect(utf8?.message.contains("name%FF") == true)
        #expect(utf8?.message.contains("UTF-8") == true)
    }

    @Test func valuesAreCheckedWhenRead() throws {
        // The type never reads `junk`, so its broken value is not an error.
        #expect(try decoder.decode(Text.self, from: "junk=%zz&q=1&more=%FF") == Text(q: "1"))
    }

    @Test func anInvalidEscapeInsideAListNamesTheParameterAndIndex() {
        let failure = error(Listed<[String]>.self, "list=a,%zz")
        #expect(failure?.kind == "dataCorrupted")
        #expect(failure?.path == ["list", "[1]"])
        #expect(failure?.message.contains("\"list\"") == true)
    }

    // MARK: Invalid values

    @Test func invalidValuesCarryTheFullPath() {
        let nested = error(Search.self, "term=t&filter.min=abc&filter.max=2")
        #expect(nested?.kind == "dataCorrupted")
        #expect(nested?.path == ["filter", "min"])
        #expect(nested?.message.contains("\"filter.min\"") == true)
        #expect(nested?.message.contains("\"abc\"") == true)

        let indexed = QueryDecoder.with {
            $0.arrayDecodingStrategy = .indexedBrackets
            $0.nestedKeyDecodingStrategy = .brackets
        }
        let element = error(Items.self, "items[0][id]=1&items[0][name]=a&items[1][id]=x&items[1][name]=b", indexed)
        #expect(element?.path == ["items", "[1]", "id"])
        #expect(element?.message.contains("\"items[1][id]\"") == true)

        let listElement = error(Listed<[Int]>.self, "list=1,2,x")
        #expect(listElement?.path == ["list", "[2]"])
        #expect(listElement?.message.contains("\"list\"") == true)

        let dictionaryValue = error([String: Int].self, "a=1&b=x")
        #expect(dictionaryValue?.path == ["b"])
    }

    @Test func aLongInvalidValueIsShortenedInTheMessage() throws {
        let failure = error(Wrapped<Int>.self, "value=" + String(repeating: "x", count: 1000))
        let message = try #require(failure?.message)
        #expect(message.contains("\"value\""))
        #expect(message.count < 300)
    }

    // MARK: Missing parameters

    @Test func aMissingParameterIsKeyNotFound() {
        let top = error(Filter.self, "min=1")
        #expect(top?.kind == "keyNotFound")
        #expect(top?.missingKey == "max")
        #expect(top?.path == [])
        #expect(top?.message.contains("\"max\"") == true)
        let nested = error(Search.self, "term=t&filter.min=1")
        #expect(nested?.missingKey == "max")
        #expect(nested?.path == ["filter"])
        #expect(nested?.message.contains("\"max\"") == true)
    }

    // MARK: Duplicates

    @Test func aParameterGivenTwiceWhereOneValueIsExpectedThrows() {
        for query in ["q=1&q=2", "q=1&q=1", "q=&q=", "q&q"] {
            let failure = error(Text.self, query)
            #expect(failure?.kind == "dataCorrupted", "\(query)")
            #expect(failure?.path == ["q"], "\(query)")
            #expect(failure?.message.contains("\"q\" appears 2 times") == true, "\(query)")
        }
        #expect(error(Search.self, "term=t&filter.min=1&filter.min=2&filter.max=3")?.path == ["filter", "min"])
        #expect(error(Text.self, "q=1&q=2&q=3")?.message.contains("appears 3 times") == true)
        #expect(error(Text.self, "q=1&%71=2")?.path == ["q"])
        #expect(error(Wrapped<Int?>.self, "value=1&value=2")?.path == ["value"])
        #expect(error([String: Int].self, "a=1&a=2")?.path == ["a"])
        #expect(error(Flags.self, "on=true&on=false&off=false")?.path == ["on"])
    }

    // `5` and `05` name one Int key; keeping either would depend on the order of a `Dictionary`.
    @Test func twoNamesForOneIntegerKeyThrow() {
        for query in ["value.5=a&value.05=b", "value.5=a&value.%2B5=b", "value.0=a&value.-0=b"] {
            let failure = error(Wrapped<[Int: String]>.self, query)
            #expect(failure?.kind == "dataCorrupted", "\(query)")
            #expect(failure?.path.first == "value", "\(query)")
        }
    }

    // Two parameters that a `.custom` strategy converts to one key are refused, not resolved by
    // `Dictionary` order.
    @Test func twoParametersConvertedToOneKeyThrow() {
        let decoder = QueryDecoder.with {
            $0.keyDecodingStrategy = .custom { path in AnyKey(path[path.count - 1].stringValue.lowercased()) }
        }
        let failure = error(Text.self, "Q=1&q=2", decoder)
        #expect(failure?.kind == "dataCorrupted")
        #expect(failure?.path == ["q"])
    }

    @Test func duplicatesInItemsThrowToo() {
        let items = [URLQueryItem(name: "q", value: "1"), URLQueryItem(name: "q", value: "2")]
        let failure = #expect(throws: DecodingError.self) { try decoder.decode(Text.self, from: items) }
        #expect(failure?.path == ["q"])
    }

    @Test func aNameUsedBothAsAValueAndWithNestedKeys() {
        let scalar = error(Wrapped<Int>.self, "value=1&value.x=2")
        #expect(scalar?.kind == "typeMismatch")
        #expect(scalar?.path == ["value"])
        #expect(scalar?.message.contains("\"value\"") == true)
        let structure = error(Search.self, "term=t&filter=1&filter.min=1&filter.max=2")
        #expect(structure?.kind == "typeMismatch")
        #expect(structure?.path == ["filter"])
        let onlyValue = error(Search.self, "term=t&filter=1")
        #expect(onlyValue?.kind == "typeMismatch")
        #expect(onlyValue?.path == ["filter"])
    }

    // MARK: Unknown and special names

    @Test func unknownParametersAreIgnored() throws {
        #expect(try decoder.decode(Text.self, from: "a=1&q=x&b.c=2&d[e]=3&f=%zz") == Text(q: "x"))
        #expect(try decoder.decode(Empty.self, from: "anything=goes&x.y.z=1") == Empty())
        let indexed = QueryDecoder.with { $0.arrayDecodingStrategy = .indexedBrackets }
        #expect(
            try indexed.decode(Items.self, from: "items[0].id=1&items[0].name=a&items[0].extra=9&extra[5]=1")
                == Items(items: [Item(id: 1, name: "a")]))
    }

    @Test func prototypeNamesAreOrdinaryNames() throws {
        struct Special: Codable, Equatable {
            let proto: String
            let constructor: Int
            let length: Int
            enum CodingKeys: String, CodingKey {
                case proto = "__proto__"
                case constructor, length
            }
        }
        #expect(
            try decoder.decode(Special.self, from: "__proto__=x&constructor=1&length=2")
                == Special(proto: "x", constructor: 1, length: 2))
        #expect(
            try decoder.decode([String: String].self, from: "__proto__=a&constructor=b&length=c&hasOwnProperty=d")
                == ["__proto__": "a", "constructor": "b", "length": "c", "hasOwnProperty": "d"])
        let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        #expect(
            try brackets.decode([String: [String: Int]].self, from: "__proto__[polluted]=1&constructor[prototype]=2")
                == ["__proto__": ["polluted": 1], "constructor": ["prototype": 2]])
        // A `length` parameter does not size an array.
        let indexed = QueryDecoder.with { $0.arrayDecodingStrategy = .indexedBrackets }
        #expect(throws: DecodingError.self) { try indexed.decode(Listed<[Int]>.self, from: "list[length]=1000000") }
    }

    // MARK: Shapes

    @Test func anArrayElementThatShouldBeAStruct() {
        let failure = error(Items.self, "items=1,2")
        #expect(failure?.kind == "typeMismatch")
        #expect(failure?.path == ["items", "[0]"])
    }

    @Test func anArrayOfArraysNeedsIndexedBrackets() {
        let failure = error(Matrix.self, "m=1,2")
        #expect(failure?.kind == "typeMismatch")
        #expect(failure?.path == ["m", "[0]"])
    }

    @Test func aCommaSeparatedArrayWithNestedNames() {
        let failure = error(Tags.self, "type.x=1")
        #expect(failure?.kind == "dataCorrupted")
        #expect(failure?.path == ["type"])
    }

    @Test func aHandWrittenInitReadingPastTheEndOfAnArray() {
        struct ReadsThree: Decodable {
            init(from decoder: any Decoder) throws {
                var list = try decoder.container(keyedBy: AnyKey.self).nestedUnkeyedContainer(forKey: "list")
                for _ in 0..<3 { _ = try list.decode(Int.self) }
            }
        }
        let failure = error(ReadsThree.self, "list=1,2")
        #expect(failure?.kind == "valueNotFound")
        #expect(failure?.path == ["list", "[2]"])
    }
}
