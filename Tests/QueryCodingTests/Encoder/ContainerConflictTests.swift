import Foundation
import QueryCoding
import Testing

/// Issue 14, item 4: an `encode(to:)` that asks for two contradicting containers under one key (a keyed
/// and an unkeyed one, or two unkeyed ones) made `.indexedBrackets` write names that contradict each
/// other. Every strategy now throws `EncodingError.invalidValue` naming the path.
@Suite(.timeLimit(.minutes(5))) struct ContainerConflictTests {
    enum Keys: String, CodingKey {
        case four, five
    }

    /// An array at `four`, then a struct at `four`.
    struct UnkeyedThenKeyed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var array = container.nestedUnkeyedContainer(forKey: .four)
            try array.encode(1)
            var object = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try object.encode("one", forKey: .four)
        }
    }

    /// A struct at `four`, then an array at `four`.
    struct KeyedThenUnkeyed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var object = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try object.encode(2, forKey: .five)
            var array = container.nestedUnkeyedContainer(forKey: .four)
            try array.encode(1)
        }
    }

    /// Two arrays at `four`: indices would restart at 0.
    struct TwoArrays: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedUnkeyedContainer(forKey: .four)
            try first.encode(1)
            var second = container.nestedUnkeyedContainer(forKey: .four)
            try second.encode(2)
        }
    }

    /// An `[Int]` written at `four` (no container of its own), then a keyed container at `four`.
    struct ListThenKeyed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode([1, 2], forKey: .four)
            var object = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try object.encode(2, forKey: .five)
        }
    }

    /// One value at `four` whose own `encode(to:)` asks for both kinds.
    struct BothFromOneEncoder: Encodable {
        struct Inner: Encodable {
            func encode(to encoder: any Encoder) throws {
                var array = encoder.unkeyedContainer()
                try array.encode(1)
                var object = encoder.container(keyedBy: Keys.self)
                try object.encode(2, forKey: .five)
            }
        }

        let four = Inner()
    }

    /// Keyed containers may be asked for again: their keys merge.
    struct KeyedTwice: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try first.encode(1, forKey: .four)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try second.encode(2, forKey: .five)
        }
    }

    /// Two `[Int]`s at `four`, neither with a container of its own.
    struct TwoLists: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode([1], forKey: .four)
            try container.encode([2, 3], forKey: .four)
        }
    }

    /// A struct at `four`, then an `[Int]` at `four`.
    struct KeyedThenList: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var object = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try object.encode(2, forKey: .five)
            try container.encode([1, 2], forKey: .four)
        }
    }

    /// An array at `four` through a nested container, then an `[Int]` at `four`.
    struct UnkeyedThenList: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var array = container.nestedUnkeyedContainer(forKey: .four)
            try array.encode(1)
            try container.encode([2], forKey: .four)
        }
    }

    /// Two structs at `four` (they merge), each with an `[Int]` at `five`: the lists contradict each other
    /// at `four.five`, though each is the first in its own struct.
    struct ListsInTwoStructs: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var first = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try first.encode([1], forKey: .five)
            var second = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try second.encode([2], forKey: .five)
        }
    }

    /// More fields than the encoder looks through one by one, then a second list at one of the first
    /// names (`k3`) or of the later ones (`k18`), or a struct at `k18`.
    struct ManyThenRepeat: Encodable {
        enum Repeat { case early, late, lateStruct }
        let repeated: Repeat

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for index in 0..<20 { try container.encode([index], forKey: AnyKey("k\(index)")) }
            switch repeated {
            case .early: try container.encode([99], forKey: "k3")
            case .late: try container.encode([99], forKey: "k18")
            case .lateStruct:
                var object = container.nestedContainer(keyedBy: AnyKey.self, forKey: "k18")
                try object.encode(1, forKey: "x")
            }
        }
    }

    static let encoders: [QueryEncoder] = [
        QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets },
        QueryEncoder.with {
            $0.arrayEncodingStrategy = .indexedBrackets
            $0.nestedKeyEncodingStrategy = .brackets
        },
        QueryEncoder.with { $0.arrayEncodingStrategy = .commaSeparated },
        QueryEncoder.with { $0.arrayEncodingStrategy = .repeatedKeys },
        QueryEncoder.with { $0.arrayEncodingStrategy = .brackets },
        QueryEncoder.with { $0.outputFormatting = .sortedKeys },
    ]

    private func refusal(_ value: some Encodable, _ encoder: QueryEncoder) -> [[String]] {
        var paths: [[String]] = []
        for attempt in [{ _ = try encoder.encodeToString(value) }, { _ = try encoder.encode(value) }] {
            do {
                try attempt()
                paths.append(["no error"])
            } catch EncodingError.invalidValue(_, let context) {
                #expect(context.debugDescription.hasPrefix("Two containers were asked for at"))
                paths.append(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })
            } catch {
                paths.append(["unexpected \(error)"])
            }
        }
        return paths
    }

    @Test(arguments: encoders)
    func refusesContradictingContainersUnderEveryStrategy(encoder: QueryEncoder) {
        #expect(refusal(UnkeyedThenKeyed(), encoder) == [["four"], ["four"]])
        #expect(refusal(KeyedThenUnkeyed(), encoder) == [["four"], ["four"]])
        #expect(refusal(TwoArrays(), encoder) == [["four"], ["four"]])
        #expect(refusal(ListThenKeyed(), encoder) == [["four"], ["four"]])
        #expect(refusal(BothFromOneEncoder(), encoder) == [["four"], ["four"]])
        #expect(refusal(TwoLists(), encoder) == [["four"], ["four"]])
        #expect(refusal(KeyedThenList(), encoder) == [["four"], ["four"]])
        #expect(refusal(UnkeyedThenList(), encoder) == [["four"], ["four"]])
        #expect(refusal(ListsInTwoStructs(), encoder) == [["four", "five"], ["four", "five"]])
        #expect(refusal(ManyThenRepeat(repeated: .early), encoder) == [["k3"], ["k3"]])
        #expect(refusal(ManyThenRepeat(repeated: .late), encoder) == [["k18"], ["k18"]])
        #expect(refusal(ManyThenRepeat(repeated: .lateStruct), encoder) == [["k18"], ["k18"]])
    }

    /// A container that writes nothing contradicts nothing: an empty struct beside an array reads back as
    /// the array.
    struct EmptyKeyedBesideAnArray: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            _ = container.nestedContainer(keyedBy: Keys.self, forKey: .four)
            try container.encode([1, 2], forKey: .four)
        }
    }

    @Test func aContainerThatWritesNothingContradictsNothing() throws {
        let encoder = QueryEncoder.with { $0.arrayEncodingStrategy = .indexedBrackets }
        #expect(try encoder.encodeToString(EmptyKeyedBesideAnArray()) == "four%5B0%5D=1&four%5B1%5D=2")
    }

    @Test func keyedContainersAskedForTwiceMerge() throws {
        #expect(try QueryEncoder().encodeToString(KeyedTwice()) == "four.four=1&four.five=2")
    }
}
