import Foundation
import QueryCoding
import Testing

// `.unexploded` nesting: a struct or dictionary below the top level as one pair of alternating keys and
// values (OpenAPI form, explode false).

private struct PaintColor: Codable, Equatable {
    var red: Int
    var green: Int
    var label: String?

    enum CodingKeys: String, CodingKey {
        case red = "R"
        case green = "G"
        case label
    }
}

private struct Paint: Codable, Equatable {
    var color: PaintColor
    var tags: [String] = []
    var extra: [String: String] = [:]
}

private struct DeepPaint: Codable, Equatable {
    struct Inner: Codable, Equatable {
        var color: PaintColor
    }
    var inner: Inner
}

private struct PaintWithArray: Codable, Equatable {
    struct Inner: Codable, Equatable {
        var ids: [Int]
    }
    var inner: Inner
}

@Suite(.timeLimit(.minutes(5))) struct UnexplodedObjectTests {
    let encoder = QueryEncoder.with { $0.nestedKeyEncodingStrategy = .unexploded }
    let decoder = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .unexploded }

    @Test func objectIsOnePair() throws {
        let paint = Paint(color: PaintColor(red: 100, green: 200), tags: ["a", "b"], extra: ["z": "1", "y": "2"])
        let query = try encoder.encodeToString(paint)
        #expect(query == "color=R,100,G,200&tags=a,b&extra=y,2,z,1")
        #expect(try decoder.decode(Paint.self, from: query) == paint)
        #expect(
            try pairs(encoder.encode(paint)) == [
                Pair("color", "R,100,G,200"), Pair("tags", "a,b"), Pair("extra", "y,2,z,1"),
            ])
        #expect(try decoder.decode(Paint.self, from: encoder.encode(paint)) == paint)
    }

    @Test func separatorFollowsTheArrayStrategy() throws {
        let paint = Paint(color: PaintColor(red: 1, green: 2, label: "a b|c"))
        let space = QueryEncoder.with {
            $0.nestedKeyEncodingStrategy = .unexploded
            $0.arrayEncodingStrategy = .spaceDelimited
        }
        let query = try space.encodeToString(paint)
        #expect(query == "color=R%201%20G%202%20label%20a+b%7Cc")
        let spaceDecoder = QueryDecoder.with {
            $0.nestedKeyDecodingStrategy = .unexploded
            $0.arrayDecodingStrategy = .spaceDelimited
        }
        #expect(try spaceDecoder.decode(Paint.self, from: query) == paint)

        let repeated = QueryEncoder.with {
            $0.nestedKeyEncodingStrategy = .unexploded
            $0.arrayEncodingStrategy = .repeatedKeys
        }
        #expect(try repeated.encodeToString(Paint(color: PaintColor(red: 1, green: 2))) == "color=R,1,G,2")
    }

    @Test func keysAndValuesAreEscapedAsListElements() throws {
        let paint = Paint(color: PaintColor(red: 1, green: 2, label: "x,y"), extra: ["a,b": "c.d[e]"])
        let query = try encoder.encodeToString(paint)
        #expect(query == "color=R,1,G,2,label,x%2Cy&extra=a%2Cb,c.d%5Be%5D")
        #expect(try decoder.decode(Paint.self, from: query) == paint)
        let error = try #require(throws: EncodingError.self) { try encoder.encode(paint) }
        #expect(error.path == ["color", "label"])
    }

    @Test func nilEntriesFollowTheNilStrategy() throws {
        let paint = Paint(color: PaintColor(red: 1, green: 2, label: nil))
        #expect(try encoder.encodeToString(paint) == "color=R,1,G,2")
        let empty = QueryEncoder.with {
            $0.nestedKeyEncodingStrategy = .unexploded
            $0.nilEncodingStrategy = .emptyValue
        }
        #expect(try empty.encodeToString(paint) == "color=R,1,G,2,label,")
        let emptyDecoder = QueryDecoder.with {
            $0.nestedKeyDecodingStrategy = .unexploded
            $0.nilDecodingStrategy = .emptyValue
        }
        #expect(try emptyDecoder.decode(Paint.self, from: "color=R,1,G,2,label,") == paint)
    }

    @Test func nestedObjectsAndArraysInsideAreRefused() throws {
        let deep = try #require(throws: EncodingError.self) {
            try encoder.encodeToString(DeepPaint(inner: .init(color: PaintColor(red: 1, green: 2))))
        }
        #expect(deep.path == ["inner", "color"])
        #expect(deep.message.contains(".unexploded"))
        let array = try #require(throws: EncodingError.self) {
            try encoder.encodeToString(PaintWithArray(inner: .init(ids: [1])))
        }
        #expect(array.path == ["inner", "ids"])
        let dictionary = try #require(throws: EncodingError.self) {
            try encoder.encodeToString(["a": ["b": ["c": 1]]])
        }
        #expect(dictionary.path == ["a", "b"])
    }

    @Test func malformedObjectsAreRefused() throws {
        let odd = try #require(throws: DecodingError.self) { try decoder.decode(Paint.self, from: "color=R,1,G") }
        #expect(odd.message.contains("3 parts"))
        #expect(odd.path == ["color"])
        let twice = try #require(throws: DecodingError.self) {
            try decoder.decode(Paint.self, from: "color=R,1,G,2&color=R,3,G,4")
        }
        #expect(twice.message.contains("appears 2 times"))
        let repeatedKey = try #require(throws: DecodingError.self) {
            try decoder.decode(Paint.self, from: "color=R,1,R,2,G,3")
        }
        #expect(repeatedKey.path == ["color", "R"])
        let emptyKey = try #require(throws: DecodingError.self) {
            try decoder.decode(Paint.self, from: "color=R,1,G,2,,3")
        }
        #expect(emptyKey.message.contains("empty key"))
    }
}
