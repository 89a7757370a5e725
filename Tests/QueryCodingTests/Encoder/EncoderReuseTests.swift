import Foundation
import QueryCoding
import Testing

// One encoder serves any number of calls from any task, with no state carried between them, and a
// copy's strategies are its own.

@Suite(.timeLimit(.minutes(5))) struct EncoderReuseTests {
    struct Query: Encodable, Sendable {
        let term: String
        let page: Int
        let tags: [String]
        let filter: Filter
        let scores: [String: Double]
    }

    let query = Query(
        term: "a b&c", page: 3, tags: ["x", "y,z"], filter: Filter(min: 1, max: 9), scores: ["b": 0.5, "a": 1e-07])
    let expected = "term=a%20b%26c&page=3&tags=x,y%2Cz&filter.min=1&filter.max=9&scores.a=1e-07&scores.b=0.5"

    @Test func oneEncoderUsedConcurrentlyGivesIdenticalResults() async throws {
        let encoder = QueryEncoder()
        let query = self.query
        let results = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<100 {
                group.addTask { try encoder.encodeToString(query) }
            }
            var results: [String] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 100)
        #expect(Set(results) == [expected])
    }

    @Test func concurrentItemsAndStringsWithDifferentValues() async throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys }
        let outputs = try await withThrowingTaskGroup(of: (Int, String, Int).self) { group in
            for index in 0..<100 {
                group.addTask {
                    let value = Listed(list: Array(0...index))
                    return (index, try encoder.encodeToString(value), try encoder.encode(value).count)
                }
            }
            var outputs: [(Int, String, Int)] = []
            for try await output in group { outputs.append(output) }
            return outputs
        }
        #expect(outputs.count == 100)
        for (index, string, count) in outputs {
            #expect(string == (0...index).map { "list=\($0)" }.joined(separator: "&"))
            #expect(count == index + 1)
        }
    }

    @Test func aCopyWithChangedStrategiesLeavesTheOriginalAlone() throws {
        var original = QueryEncoder()
        original.arrayEncodingStrategy = .repeatedKeys
        var copy = original
        copy.arrayEncodingStrategy = .brackets
        copy.nilEncodingStrategy = .null
        copy.outputFormatting = .sortedKeys
        copy.spaceEncodingStrategy = .plus
        copy.boolEncodingStrategy = .numeric
        copy.nestedKeyEncodingStrategy = .brackets
        copy.keyEncodingStrategy = .convertToSnakeCase
        copy.dateEncodingStrategy = .secondsSince1970
        copy.dataEncodingStrategy = .base64URL

        #expect(original.arrayEncodingStrategy == .repeatedKeys)
        #expect(original.nilEncodingStrategy == .omit)
        #expect(original.outputFormatting == [])
        #expect(original.spaceEncodingStrategy == .percentEscaped)
        #expect(original.boolEncodingStrategy == .literal)
        #expect(original.nestedKeyEncodingStrategy == .dots)
        #expect(copy.arrayEncodingStrategy == .brackets)

        struct Sample: Encodable {
            let zList = ["a b"]
            let flag = true
            let missing: Int? = nil
        }
        #expect(try original.encodeToString(Sample()) == "zList=a%20b&flag=true")
        #expect(try copy.encodeToString(Sample()) == "flag=1&missing=null&z_list%5B%5D=a+b")
        // Changing the original afterwards does not reach the copy either.
        original.boolEncodingStrategy = .numeric
        #expect(try copy.encodeToString(Sample()) == "flag=1&missing=null&z_list%5B%5D=a+b")
        #expect(try original.encodeToString(Sample()) == "zList=a%20b&flag=1")
    }

    @Test func noStateIsCarriedBetweenCalls() throws {
        let encoder = QueryEncoder()
        #expect(try encoder.encodeToString(Text(q: "first")) == "q=first")
        #expect(try encoder.encodeToString(Flags(on: true, off: false)) == "on=true&off=false")
        #expect(try encoder.encode(Text(q: "x")) == [URLQueryItem(name: "q", value: "x")])
        #expect(throws: EncodingError.self) { try encoder.encode(Listed(list: [Item(id: 1, name: "a")])) }
        #expect(try encoder.encode(Text(q: "y")) == [URLQueryItem(name: "q", value: "y")])
        #expect(try encoder.encodeToString(query) == expected)
        #expect(try encoder.encodeToString(query) == expected)
    }

    // Each thread keeps the writer of its last call for the next one (`EncodingWriterCache`): these calls
    // run one after another on one thread, so each reuses the writer the one before it left.
    @Test func aReusedWriterCarriesNothingFromTheCallBefore() throws {
        let sorted = QueryEncoder.with {
            $0.outputFormatting = .sortedKeys
            $0.keyEncodingStrategy = .convertToSnakeCase
            $0.spaceEncodingStrategy = .plus
        }
        let brackets = QueryEncoder.with {
            $0.arrayEncodingStrategy = .indexedBrackets
            $0.nestedKeyEncodingStrategy = .brackets
        }
        let plain = QueryEncoder()
        for _ in 0..<3 {
            #expect(try sorted.encodeToString(Sample(zList: ["a b"], camelCase: 1)) == "camel_case=1&z_list=a+b")
            #expect(try brackets.encodeToString(query).hasPrefix("term=a%20b%26c&page=3&tags%5B0%5D=x&tags%5B1%5D="))
            // A call that fails after writing pairs (the key of the second field cannot be carried).
            #expect(throws: EncodingError.self) { try brackets.encodeToString(["a": ["x"], "b[": ["y"]]) }
            #expect(try plain.encode(Text(q: "y")) == [URLQueryItem(name: "q", value: "y")])
            #expect(try plain.encodeToString(Sample(zList: ["a b"], camelCase: 2)) == "zList=a%20b&camelCase=2")
            #expect(try plain.encodeToString(query) == expected)
        }
    }

    @Test func aCallInsideEncodeToGetsAWriterOfItsOwn() throws {
        struct Outer: Encodable {
            let inner: Sample
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode("before", forKey: NameKey("first"))
                // Another call, on the same thread, while this one's writer is in use.
                try container.encode(try QueryEncoder().encodeToString(inner), forKey: NameKey("inner"))
                try container.encode("after", forKey: NameKey("last"))
            }
        }
        let value = Outer(inner: Sample(zList: ["x", "y"], camelCase: 3))
        #expect(
            try QueryEncoder().encodeToString(value) == "first=before&inner=zList%3Dx%2Cy%26camelCase%3D3&last=after")
        #expect(
            try QueryEncoder().encodeToString(value) == "first=before&inner=zList%3Dx%2Cy%26camelCase%3D3&last=after")
    }

    @Test func anEncoderKeptPastItsCallCannotWriteIntoALaterOne() throws {
        final class Keeper {
            var encoder: (any Encoder)?
        }
        struct Keeping: Encodable {
            let keeper: Keeper
            func encode(to encoder: any Encoder) throws {
                keeper.encoder = encoder
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode(1, forKey: NameKey("a"))
            }
        }
        struct Intruded: Encodable {
            let keeper: Keeper
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode(2, forKey: NameKey("b"))
                // The encoder of the call before, used against the rules: it must not reach this call.
                var stale = try #require(keeper.encoder).container(keyedBy: NameKey.self)
                try stale.encode("intruder", forKey: NameKey("x"))
                try container.encode(3, forKey: NameKey("c"))
            }
        }
        let keeper = Keeper()
        let encoder = QueryEncoder()
        #expect(try encoder.encodeToString(Keeping(keeper: keeper)) == "a=1")
        #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
        #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
    }

    // A writer keeps the top-level keyed container of its calls for the next ones with the same key type
    // (`RootContainerCache`): a container kept past its call must neither reach a later call nor lose the
    // scope it writes into.
    @Test func aKeyedContainerKeptPastItsCallCannotWriteIntoALaterOne() throws {
        final class Keeper {
            var container: KeyedEncodingContainer<NameKey>?
        }
        struct Keeping: Encodable {
            let keeper: Keeper
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode(1, forKey: NameKey("a"))
                keeper.container = container
            }
        }
        struct Intruded: Encodable {
            let keeper: Keeper
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode(2, forKey: NameKey("b"))
                // The container of the call before, used against the rules: it must not reach this call.
                try keeper.container?.encode("intruder", forKey: NameKey("x"))
                try container.encode(3, forKey: NameKey("c"))
            }
        }
        let keeper = Keeper()
        let encoder = QueryEncoder()
        for _ in 0..<3 {
            // Twice first, so that the second call gets the container the first one left for it.
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
            #expect(try encoder.encodeToString(Keeping(keeper: keeper)) == "a=1")
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
            // Used after its call, outside any call: it writes into its own writer, still alive, and nowhere else.
            try keeper.container?.encode("late", forKey: NameKey("y"))
            keeper.container = nil
        }
    }

    @Test func aNestedContainerKeptPastItsCallCannotWriteIntoALaterOne() throws {
        final class Keeper {
            var nested: KeyedEncodingContainer<NameKey>?
            var encoder: (any Encoder)?
        }
        struct Keeping: Encodable {
            let keeper: Keeper
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode(1, forKey: NameKey("a"))
                // Made through the top-level container, which the writer keeps for later calls.
                keeper.nested = container.nestedContainer(keyedBy: NameKey.self, forKey: NameKey("n"))
                keeper.encoder = container.superEncoder(forKey: NameKey("s"))
            }
        }
        struct Intruded: Encodable {
            let keeper: Keeper
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode(2, forKey: NameKey("b"))
                try keeper.nested?.encode("intruder", forKey: NameKey("x"))
                var stale = keeper.encoder?.singleValueContainer()
                try stale?.encode("intruder")
                try container.encode(3, forKey: NameKey("c"))
            }
        }
        let keeper = Keeper()
        let encoder = QueryEncoder()
        for _ in 0..<3 {
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
            #expect(try encoder.encodeToString(Keeping(keeper: keeper)) == "a=1")
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "b=2&c=3")
            keeper.nested = nil
            keeper.encoder = nil
        }
    }

    // More top-level key types in one call than a writer keeps containers for: the first one's container,
    // kept, is replaced in the cache while the call runs, and must still keep the writer from being reused.
    @Test func aKeptContainerReplacedInTheCacheCannotWriteIntoALaterOne() throws {
        enum KeyA: String, CodingKey { case a, x }
        enum KeyB: String, CodingKey { case b }
        enum KeyC: String, CodingKey { case c }
        enum KeyD: String, CodingKey { case d }
        final class Keeper {
            var container: KeyedEncodingContainer<KeyA>?
        }
        struct Many: Encodable {
            let keeper: Keeper?
            func encode(to encoder: any Encoder) throws {
                var a = encoder.container(keyedBy: KeyA.self)
                try a.encode(1, forKey: .a)
                keeper?.container = a
                var b = encoder.container(keyedBy: KeyB.self)
                try b.encode(2, forKey: .b)
                var c = encoder.container(keyedBy: KeyC.self)
                try c.encode(3, forKey: .c)
                var d = encoder.container(keyedBy: KeyD.self)
                try d.encode(4, forKey: .d)
                var name = encoder.container(keyedBy: NameKey.self)  // a fifth: replaces `KeyA`'s
                try name.encode(5, forKey: NameKey("e"))
            }
        }
        struct Intruded: Encodable {
            let keeper: Keeper
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: NameKey.self)
                try container.encode(6, forKey: NameKey("f"))
                try keeper.container?.encode("intruder", forKey: .x)
                try container.encode(7, forKey: NameKey("g"))
            }
        }
        let keeper = Keeper()
        let encoder = QueryEncoder()
        for _ in 0..<3 {
            #expect(try encoder.encodeToString(Many(keeper: nil)) == "a=1&b=2&c=3&d=4&e=5")
            #expect(try encoder.encodeToString(Many(keeper: keeper)) == "a=1&b=2&c=3&d=4&e=5")
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "f=6&g=7")
            #expect(try encoder.encodeToString(Intruded(keeper: keeper)) == "f=6&g=7")
            keeper.container = nil
        }
    }

    @Test func aReusedTopLevelContainerFollowsEachCallsOptions() throws {
        struct Pair: Encodable {
            let zebra: Int
            let apple: [String]
        }
        let plain = QueryEncoder()
        let sorted = QueryEncoder.with { $0.outputFormatting = .sortedKeys }
        let snake = QueryEncoder.with { $0.keyEncodingStrategy = .convertToSnakeCase }
        let value = Pair(zebra: 1, apple: ["b c", "d"])
        for _ in 0..<3 {
            #expect(try plain.encodeToString(value) == "zebra=1&apple=b%20c,d")
            #expect(try sorted.encodeToString(value) == "apple=b%20c,d&zebra=1")
            #expect(
                try plain.encode(value) == [
                    URLQueryItem(name: "zebra", value: "1"), URLQueryItem(name: "apple", value: "b c,d"),
                ])
            #expect(try snake.encodeToString(Sample(zList: ["x"], camelCase: 4)) == "z_list=x&camel_case=4")
            #expect(try plain.encodeToString(Sample(zList: ["x"], camelCase: 4)) == "zList=x&camelCase=4")
        }
    }

    // More key types than a writer keeps containers for, in turn, and a type that asks for its top-level
    // container twice (as a subclass's `encode(to:)` and its superclass's do).
    @Test func manyTopLevelKeyTypesInTurnEachWriteTheirOwnFields() throws {
        struct First: Encodable { let one = 1 }
        struct Second: Encodable { let two = "2" }
        struct Third: Encodable { let three = [3, 4] }
        struct Fourth: Encodable { let four: Int? = nil }
        struct Fifth: Encodable { let five = true }
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: NameKey.self)
                try first.encode(1, forKey: NameKey("p"))
                var second = encoder.container(keyedBy: NameKey.self)
                try second.encode(2, forKey: NameKey("q"))
                try first.encode(3, forKey: NameKey("r"))
            }
        }
        let encoder = QueryEncoder()
        for _ in 0..<4 {
            #expect(try encoder.encodeToString(First()) == "one=1")
            #expect(try encoder.encodeToString(Second()) == "two=2")
            #expect(try encoder.encodeToString(Third()) == "three=3,4")
            #expect(try encoder.encodeToString(Fourth()) == "")
            #expect(try encoder.encodeToString(Fifth()) == "five=true")
            #expect(try encoder.encodeToString(Twice()) == "p=1&q=2&r=3")
        }
    }

    struct Sample: Encodable {
        let zList: [String]
        let camelCase: Int
    }

    struct NameKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func oneDecoderUsedConcurrentlyGivesIdenticalResults() async throws {
        let decoder = QueryDecoder()
        let results = try await withThrowingTaskGroup(of: Search.self) { group in
            for _ in 0..<100 {
                group.addTask { try decoder.decode(Search.self, from: "term=a%20b&filter.min=1&filter.max=2") }
            }
            var results: [Search] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results == Array(repeating: Search(term: "a b", filter: Filter(min: 1, max: 2)), count: 100))
    }
}
