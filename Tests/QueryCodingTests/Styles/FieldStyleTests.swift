import Foundation
import QueryCoding
import Testing

// Per-field styles (`QueryFieldStyling`): each style on its own key, overriding the coder's
// strategies for that field and what is inside it, read back the same way by the decoder.

private struct StyledWindow: Codable, Equatable {
    var limit: Int
    var offset: Int?
}

private struct StyledFilter: Codable, Equatable {
    var min: Int?
    var words: [String] = []
}

private struct Mixed: Codable, Equatable, QueryFieldStyling {
    var ids: [Int]
    var tags: [String]
    var pipes: [String] = []
    var filter = StyledFilter()
    var window = StyledWindow(limit: 10)
    var color: [String: Int] = [:]
    var since = Date(timeIntervalSince1970: 0)
    var names: [String] = []
    var plain: [String] = []

    static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
        switch key.stringValue {
        case "tags": QueryFieldStyle(array: .repeatedKeys)
        case "pipes": QueryFieldStyle(array: .pipeDelimited)
        case "filter": QueryFieldStyle(nesting: .brackets)
        case "window": QueryFieldStyle(nesting: .flattened)
        case "color": QueryFieldStyle(nesting: .unexploded)
        case "since": QueryFieldStyle(date: .secondsSince1970)
        case "names": QueryFieldStyle(array: .indexedBrackets)
        default: nil
        }
    }
}

@Suite(.timeLimit(.minutes(5))) struct FieldStyleTests {
    fileprivate let value = Mixed(
        ids: [1, 2, 3], tags: ["a", "b"], pipes: ["x", "y"], filter: StyledFilter(min: 5, words: ["p", "q"]),
        window: StyledWindow(limit: 20, offset: 40), color: ["R": 100, "G": 200],
        since: Date(timeIntervalSince1970: 1500),
        names: ["n"], plain: ["s", "t"])

    @Test func eachKeyHasItsOwnStyle() throws {
        let query = try QueryEncoder().encodeToString(value)
        #expect(
            query
                == "ids=1,2,3&tags=a&tags=b&pipes=x%7Cy&filter%5Bmin%5D=5&filter%5Bwords%5D=p,q&limit=20&offset=40&color=G,200,R,100&since=1500&names%5B0%5D=n&plain=s,t"
        )
        #expect(try QueryDecoder().decode(Mixed.self, from: query) == value)
        #expect(try QueryDecoder().decode(Mixed.self, from: QueryEncoder().encode(value)) == value)
    }

    @Test(arguments: [
        QueryArrayStyle.commaSeparated, .pipeDelimited, .spaceDelimited, .delimited(by: "!"),
        .repeatedKeys, .brackets, .indexedBrackets,
    ])
    func stylesHoldUnderEveryArrayStrategy(_ strategy: QueryArrayStyle) throws {
        for nesting in [QueryEncoder.NestedKeyEncodingStrategy.dots, .brackets, .unexploded] {
            let encoder = QueryEncoder.with {
                $0.arrayEncodingStrategy = strategy
                $0.nestedKeyEncodingStrategy = nesting
                $0.dateEncodingStrategy = .iso8601
            }
            let decoder = QueryDecoder.with {
                $0.arrayDecodingStrategy = strategy
                $0.nestedKeyDecodingStrategy =
                    switch nesting {
                    case .dots: .dots
                    case .brackets: .brackets
                    case .unexploded: .unexploded
                    }
            }
            let query = try encoder.encodeToString(value)
            #expect(query.contains("tags=a&tags=b"))
            #expect(query.contains("since=1500"))
            #expect(try decoder.decode(Mixed.self, from: query) == value, "\(strategy) \(nesting): \(query)")
            #expect(try decoder.decode(Mixed.self, from: encoder.encode(value)) == value, "\(strategy) \(nesting)")
        }
    }

    @Test func absentStyledFieldsDecodeAsEmpty() throws {
        let decoded = try QueryDecoder().decode(Mixed.self, from: "ids=1&limit=3&since=0")
        #expect(decoded == Mixed(ids: [1], tags: [], window: StyledWindow(limit: 3)))
    }

    @Test func aStyleOnASingleValueIsRefused() throws {
        struct Wrong: Codable, QueryFieldStyling {
            var count: Int
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                QueryFieldStyle(array: .repeatedKeys)
            }
        }
        let error = try #require(throws: EncodingError.self) { try QueryEncoder().encodeToString(Wrong(count: 1)) }
        #expect(error.path == ["count"])
        #expect(error.message.contains("array .repeatedKeys"))
        let decodingError = try #require(throws: DecodingError.self) {
            try QueryDecoder().decode(Wrong.self, from: "count=1")
        }
        #expect(decodingError.path == ["count"])
    }

    @Test func flattenedNeedsAnObject() throws {
        struct Flat: Codable, QueryFieldStyling {
            var when: StyledWindow?
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                QueryFieldStyle(nesting: .flattened)
            }
        }
        let error = try #require(throws: EncodingError.self) { try QueryEncoder().encodeToString(Flat(when: nil)) }
        #expect(error.path == ["when"])
        #expect(error.message.contains(".flattened"))
        #expect(try QueryEncoder().encodeToString(Flat(when: StyledWindow(limit: 1))) == "limit=1")
        #expect(try QueryDecoder().decode(Flat.self, from: "limit=1").when == StyledWindow(limit: 1))
    }

    @Test func keysBelowAFieldThatNestsDifferentlyMayNotHoldNestingSyntax() throws {
        struct Styled: Codable, QueryFieldStyling {
            var filter: [String: Int]
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                QueryFieldStyle(nesting: .brackets)
            }
        }
        let error = try #require(throws: EncodingError.self) {
            try QueryEncoder().encodeToString(Styled(filter: ["a.b": 1]))
        }
        #expect(error.path == ["filter", "a.b"])
        #expect(try QueryEncoder().encodeToString(Styled(filter: ["a": 1])) == "filter%5Ba%5D=1")
    }

    @Test func anInvalidCustomSeparatorIsAnErrorAtTheField() throws {
        struct Styled: Codable, QueryFieldStyling {
            var ids: [Int]
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                QueryFieldStyle(array: .delimited(by: "&"))
            }
        }
        let error = try #require(throws: EncodingError.self) { try QueryEncoder().encodeToString(Styled(ids: [1])) }
        #expect(error.path == ["ids"])
        #expect(error.message.contains(".delimited(by: \"&\")"))
        let decodingError = try #require(throws: DecodingError.self) {
            try QueryDecoder().decode(Styled.self, from: "ids=1")
        }
        #expect(decodingError.path == ["ids"])
    }

    @Test func nestedStyledTypesOverrideAgain() throws {
        struct Inner: Codable, Equatable, QueryFieldStyling {
            var ids: [Int]
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                QueryFieldStyle(array: .repeatedKeys)
            }
        }
        struct Outer: Codable, Equatable, QueryFieldStyling {
            var inner: Inner
            var other: [Int]
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                key.stringValue == "inner" ? QueryFieldStyle(array: .pipeDelimited, nesting: .brackets) : nil
            }
        }
        let value = Outer(inner: Inner(ids: [1, 2]), other: [3, 4])
        let query = try QueryEncoder().encodeToString(value)
        #expect(query == "inner%5Bids%5D=1&inner%5Bids%5D=2&other=3,4")
        #expect(try QueryDecoder().decode(Outer.self, from: query) == value)
    }

    @Test func aNestedContainerForAStyledKeyIsRefused() throws {
        struct Manual: Codable, QueryFieldStyling {
            init() {}
            static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
                QueryFieldStyle(nesting: .brackets)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                var nested = container.nestedContainer(keyedBy: AnyKey.self, forKey: "f")
                try nested.encode(1, forKey: "a")
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                _ = try container.nestedContainer(keyedBy: AnyKey.self, forKey: "f")
            }
        }
        let error = try #require(throws: EncodingError.self) { try QueryEncoder().encodeToString(Manual()) }
        #expect(error.path == ["f"])
        #expect(throws: DecodingError.self) { try QueryDecoder().decode(Manual.self, from: "f%5Ba%5D=1") }
    }
}
