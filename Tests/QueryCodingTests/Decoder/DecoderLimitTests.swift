import Foundation
import QueryCoding
import Testing

// Every limit: input at the limit decodes, one past it throws the specific `QueryDecodingLimitError`.

@Suite(.timeLimit(.minutes(5))) struct DecoderLimitTests {
    @Test func theDefaults() {
        let limits = QueryDecoder().limits
        #expect(limits == .default)
        #expect(limits.maximumInputLength == 1_048_576)
        #expect(limits.maximumParameterCount == 1000)
        #expect(limits.maximumDepth == 16)
        #expect(limits.maximumArrayLength == 1000)
        #expect(
            QueryDecoder.Limits(maximumInputLength: 1, maximumParameterCount: 2, maximumDepth: 3, maximumArrayLength: 4)
                == QueryDecoder.Limits(
                    maximumInputLength: 1, maximumParameterCount: 2, maximumDepth: 3, maximumArrayLength: 4))
    }

    // MARK: Input length

    @Test func inputLengthAtTheDefaultLimit() throws {
        let atLimit = "q=" + String(repeating: "x", count: 1_048_574)
        #expect(try QueryDecoder().decode(Text.self, from: atLimit).q.utf8.count == 1_048_574)
        #expect(throws: QueryDecodingLimitError(limit: .inputLength, maximum: 1_048_576)) {
            try QueryDecoder().decode(Text.self, from: atLimit + "x")
        }
    }

    @Test func inputLengthCountsUTF8Bytes() throws {
        let decoder = QueryDecoder.with { $0.limits.maximumInputLength = 10 }
        #expect(try decoder.decode(Text.self, from: "q=12345678").q == "12345678")
        #expect(throws: QueryDecodingLimitError(limit: .inputLength, maximum: 10)) {
            try decoder.decode(Text.self, from: "q=123456789")
        }
        // `é` is two bytes: 2 + 4 × 2 = 10, and one more is 12.
        #expect(try decoder.decode(Text.self, from: "q=\u{E9}\u{E9}\u{E9}\u{E9}").q == "\u{E9}\u{E9}\u{E9}\u{E9}")
        #expect(throws: QueryDecodingLimitError(limit: .inputLength, maximum: 10)) {
            try decoder.decode(Text.self, from: "q=\u{E9}\u{E9}\u{E9}\u{E9}\u{E9}")
        }
    }

    @Test func inputLengthOfItemsCountsNamesAndValues() throws {
        let decoder = QueryDecoder.with { $0.limits.maximumInputLength = 10 }
        let atLimit = [URLQueryItem(name: "q", value: "123456"), URLQueryItem(name: "x", value: "12")]
        #expect(try decoder.decode(Text.self, from: atLimit).q == "123456")
        #expect(throws: QueryDecodingLimitError(limit: .inputLength, maximum: 10)) {
            try decoder.decode(Text.self, from: atLimit + [URLQueryItem(name: "y", value: nil)])
        }
    }

    // MARK: Parameter count

    @Test func parameterCountAtTheDefaultLimit() throws {
        let atLimit = (0..<999).map { "p\($0)=1" }.joined(separator: "&") + "&q=last"
        #expect(try QueryDecoder().decode(Text.self, from: atLimit).q == "last")
        #expect(try QueryDecoder().decode(Text.self, from: atLimit + "&&&").q == "last")
        #expect(throws: QueryDecodingLimitError(limit: .parameterCount, maximum: 1000)) {
            try QueryDecoder().decode(Text.self, from: atLimit + "&extra=1")
        }
        // Parameters the type does not know count too: the limit is on the input, not the type.
        #expect(throws: QueryDecodingLimitError(limit: .parameterCount, maximum: 1000)) {
            try QueryDecoder().decode(Empty.self, from: atLimit + "&extra")
        }
    }

    @Test func parameterCountOfItems() throws {
        let decoder = QueryDecoder.with { $0.limits.maximumParameterCount = 3 }
        let items = [
            URLQueryItem(name: "q", value: "1"), URLQueryItem(name: "a", value: "2"),
            URLQueryItem(name: "b", value: nil),
        ]
        #expect(try decoder.decode(Text.self, from: items).q == "1")
        #expect(throws: QueryDecodingLimitError(limit: .parameterCount, maximum: 3)) {
            try decoder.decode(Text.self, from: items + [URLQueryItem(name: "c", value: "3")])
        }
    }

    @Test func repeatedNamesCountAsParameters() throws {
        let decoder = QueryDecoder.with {
            $0.limits.maximumParameterCount = 3
            $0.arrayDecodingStrategy = .repeatedKeys
        }
        #expect(try decoder.decode(Tags.self, from: "type=a&type=b&type=c") == Tags(type: ["a", "b", "c"]))
        #expect(throws: QueryDecodingLimitError(limit: .parameterCount, maximum: 3)) {
            try decoder.decode(Tags.self, from: "type=a&type=b&type=c&type=d")
        }
    }

    // MARK: Depth

    @Test func depthAtTheDefaultLimit() throws {
        let sixteen = "a" + (1...16).map { ".b\($0)" }.joined()
        #expect(try QueryDecoder().decode(Text.self, from: "q=1&\(sixteen)=x").q == "1")
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 16, parameter: sixteen + ".b17")) {
            try QueryDecoder().decode(Text.self, from: "q=1&\(sixteen).b17=x")
        }
        let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
        let sixteenBrackets = "a" + (1...16).map { "[b\($0)]" }.joined()
        #expect(try brackets.decode(Text.self, from: "q=1&\(sixteenBrackets)=x").q == "1")
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 16, parameter: sixteenBrackets + "[b17]")) {
            try brackets.decode(Text.self, from: "q=1&\(sixteenBrackets)[b17]=x")
        }
    }

    @Test func depthCountsLevelsBelowTheTopKey() throws {
        let two = QueryDecoder.with { $0.limits.maximumDepth = 2 }
        #expect(try two.decode([String: [String: [String: Int]]].self, from: "a.b.c=1") == ["a": ["b": ["c": 1]]])
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 2, parameter: "a.b.c.d")) {
            try two.decode(Empty.self, from: "a.b.c.d=1")
        }
        let zero = QueryDecoder.with { $0.limits.maximumDepth = 0 }
        #expect(try zero.decode(Text.self, from: "q=1") == Text(q: "1"))
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 0, parameter: "a.b")) {
            try zero.decode(Text.self, from: "q=1&a.b=1")
        }
    }

    @Test func arrayIndicesAndAppendBracketsAreLevels() throws {
        let indexed = QueryDecoder.with {
            $0.limits.maximumDepth = 2
            $0.arrayDecodingStrategy = .indexedBrackets
        }
        #expect(
            try indexed.decode(Items.self, from: "items[0].id=1&items[0].name=a")
                == Items(items: [Item(id: 1, name: "a")]))
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 2, parameter: "m[0][0][0]")) {
            try indexed.decode(Empty.self, from: "m[0][0][0]=1")
        }
        let appended = QueryDecoder.with {
            $0.limits.maximumDepth = 1
            $0.arrayDecodingStrategy = .brackets
        }
        #expect(try appended.decode(Tags.self, from: "type[]=a") == Tags(type: ["a"]))
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 1, parameter: "x.type[]")) {
            try appended.decode(Tags.self, from: "type[]=a&x.type[]=b")
        }
    }

    @Test func depthNamesTheDecodedParameter() throws {
        let zero = QueryDecoder.with { $0.limits.maximumDepth = 0 }
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 0, parameter: "a.\u{E9}")) {
            try zero.decode(Empty.self, from: "a%2E%C3%A9=1")
        }
    }

    // MARK: Array length

    @Test func arrayLengthAtTheDefaultLimit() throws {
        let atLimit = (0..<1000).map(String.init).joined(separator: ",")
        #expect(try QueryDecoder().decode(Listed<[Int]>.self, from: "list=" + atLimit).list.count == 1000)
        #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: 1000, parameter: "list")) {
            try QueryDecoder().decode(Listed<[Int]>.self, from: "list=" + atLimit + ",1000")
        }
        // One huge list does not turn into a huge allocation before the limit is seen.
        #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: 1000, parameter: "list")) {
            try QueryDecoder().decode(Listed<[String]>.self, from: "list=" + String(repeating: ",", count: 500_000))
        }
    }

    @Test(arguments: [
        (QueryArrayStyle.commaSeparated, "list=a,b,c", "list=a,b,c,d"),
        (.repeatedKeys, "list=a&list=b&list=c", "list=a&list=b&list=c&list=d"),
        (.brackets, "list[]=a&list[]=b&list[]=c", "list[]=a&list[]=b&list[]=c&list[]=d"),
        (.indexedBrackets, "list[0]=a&list[1]=b&list[2]=c", "list[0]=a&list[1]=b&list[2]=c&list[3]=d"),
    ])
    func arrayLengthWithEachStrategy(strategy: QueryArrayStyle, atLimit: String, pastLimit: String)
        throws
    {
        let decoder = QueryDecoder.with {
            $0.arrayDecodingStrategy = strategy
            $0.limits.maximumArrayLength = 3
        }
        #expect(try decoder.decode(Listed<[String]>.self, from: atLimit) == Listed(list: ["a", "b", "c"]))
        #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: 3, parameter: "list")) {
            try decoder.decode(Listed<[String]>.self, from: pastLimit)
        }
        #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: 3, parameter: "list")) {
            try decoder.decode(Listed<Set<String>>.self, from: pastLimit)
        }
    }

    @Test func arrayLengthNamesANestedArray() throws {
        let decoder = QueryDecoder.with { $0.limits.maximumArrayLength = 1 }
        #expect(throws: QueryDecodingLimitError(limit: .arrayLength, maximum: 1, parameter: "value.list")) {
            try decoder.decode(Wrapped<Listed<[Int]>>.self, from: "value.list=1,2")
        }
    }

    // MARK: The error

    @Test func theErrorDescribesTheLimit() {
        #expect(
            QueryDecodingLimitError(limit: .inputLength, maximum: 10).description
                == "The query is longer than 10 bytes.")
        #expect(
            QueryDecodingLimitError(limit: .parameterCount, maximum: 1000).description
                == "The query has more than 1000 parameters.")
        #expect(
            QueryDecodingLimitError(limit: .depth, maximum: 16, parameter: "a.b").description
                == "The parameter \"a.b\" nests deeper than 16 levels.")
        #expect(
            QueryDecodingLimitError(limit: .arrayLength, maximum: 3, parameter: "list").description
                == "The array \"list\" has more than 3 elements.")
        #expect(QueryDecodingLimitError(limit: .depth, maximum: 1).parameter == nil)
    }
}
