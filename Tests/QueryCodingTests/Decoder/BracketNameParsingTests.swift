import Foundation
import QueryCoding
import Testing

// Nested names are split and looked up as bytes while the query is parsed, a string being made only for
// a segment that makes a new node: the cases where that could differ from splitting a string name.

@Suite(.timeLimit(.minutes(5))) struct BracketNameParsingTests {
    let brackets = QueryDecoder.with { $0.nestedKeyDecodingStrategy = .brackets }
    let bracketArrays = QueryDecoder.with { $0.arrayDecodingStrategy = .brackets }

    private func message(_ attempt: () throws -> Void) -> String? {
        do {
            try attempt()
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func namesSharingAPrefixNestUnderOneNode() throws {
        let decoded = try brackets.decode(
            [String: [String: Int]].self, from: "m[a]=1&n[a]=2&m[b]=3&mm[a]=4&m[ab]=5")
        #expect(decoded == ["m": ["a": 1, "b": 3, "ab": 5], "n": ["a": 2], "mm": ["a": 4]])
    }

    /// Longer than a small string's 15 bytes, at each level.
    @Test func longSegmentsRepeatedAreOneNode() throws {
        let long = "averyveryverylongname"
        let repeated = QueryDecoder.with {
            $0.nestedKeyDecodingStrategy = .brackets
            $0.arrayDecodingStrategy = .repeatedKeys
        }
        let decoded = try repeated.decode(
            [String: [String: [String]]].self, from: "\(long)[\(long)x]=1&\(long)[\(long)y]=2&\(long)[\(long)x]=3")
        #expect(decoded == [long: ["\(long)x": ["1", "3"], "\(long)y": ["2"]]])
    }

    @Test func aRepeatedNestedNameIsOneParameterSentTwice() {
        let refusal = message { _ = try brackets.decode([String: [String: Int]].self, from: "m[a]=1&m[b]=2&m[a]=3") }
        #expect(refusal == "The parameter \"m[a]\" appears 2 times, but Int takes one value.")
    }

    @Test func percentEncodedBracketsNestLikeRawOnes() throws {
        let expected = ["m": ["a": 1, "b": 2, "c": 3]]
        #expect(try brackets.decode([String: [String: Int]].self, from: "m%5Ba%5D=1&m[b%5D=2&m%5bc]=3") == expected)
        #expect(try bracketArrays.decode([String: [String]].self, from: "t%5B%5D=x&t[]=y") == ["t": ["x", "y"]])
        // An escaped segment meets the raw one it decodes to.
        #expect(throws: DecodingError.self) {
            try brackets.decode([String: [String: Int]].self, from: "m[%61]=1&m[a]=2")
        }
    }

    @Test func segmentsAreComparedByTheirBytes() throws {
        struct Accented: Decodable {
            let cafe: Int
            enum CodingKeys: String, CodingKey { case cafe = "caf\u{E9}" }
        }
        struct Outer: Decodable { let m: Accented }
        // Two parameters, not one sent twice: the composed one is read, the other ignored...
        #expect(try brackets.decode(Outer.self, from: "m[caf%C3%A9]=1&m[cafe%CC%81]=2").m.cafe == 1)
        // ...and a Swift dictionary, which cannot hold both keys, refuses them rather than drop one.
        #expect(
            message { _ = try brackets.decode([String: [String: Int]].self, from: "m[caf%C3%A9]=1&m[cafe%CC%81]=2") }?
                .hasPrefix("The parameters") == true
        )
    }

    /// Past a dozen children a node's names are hashed: found again by bytes all the same.
    @Test func aWideNodeFindsItsChildrenAgain() throws {
        let repeated = QueryDecoder.with {
            $0.nestedKeyDecodingStrategy = .brackets
            $0.arrayDecodingStrategy = .repeatedKeys
        }
        let names = (0..<20).map { "k\($0)" }
        let query = names.map { "m[\($0)]=\($0)" }.joined(separator: "&") + "&m[k5]=again&m%5Bk19%5D=last"
        let decoded = try repeated.decode([String: [String: [String]]].self, from: query)
        var expected = Dictionary(uniqueKeysWithValues: names.map { ($0, [$0]) })
        expected["k5"] = ["k5", "again"]
        expected["k19"] = ["k19", "last"]
        #expect(decoded == ["m": expected])
        let wideRoot = (0..<20).map { "r\($0)[]=\($0)" }.joined(separator: "&") + "&r3[]=x"
        let arrays = try bracketArrays.decode([String: [String]].self, from: wideRoot)
        #expect(arrays.count == 20)
        #expect(arrays["r3"] == ["3", "x"])
    }

    @Test func aBracketArrayRefusesAnyOtherChild() {
        #expect(
            message { _ = try bracketArrays.decode([String: [String]].self, from: "t[]=a&t[x]=b&t[y]=c") }
                == "The array \"t\" has the nested parameter \"x\", but brackets arrays expect \"[]\"."
        )
        #expect(
            message { _ = try bracketArrays.decode([String: [String]].self, from: "t[x]=b&t[]=a") }
                == "The array \"t\" has the nested parameter \"x\", but brackets arrays expect \"[]\"."
        )
        #expect(
            message { _ = try bracketArrays.decode([String: [String]].self, from: "t[][x]=b&t[]=a") }?.hasPrefix(
                "The array \"t[]\" has the nested parameter \"x\"") == true
        )
        #expect(throws: DecodingError.self) {
            try bracketArrays.decode([String: [String]].self, from: "t=a&t[]=b")
        }
    }

    @Test func emptySegmentsAreKeptAndRefusedAsKeys() throws {
        #expect(try bracketArrays.decode([String: [String]].self, from: "t[]=&t[]=b") == ["t": ["", "b"]])
        #expect(
            message { _ = try brackets.decode([String: [String: Int]].self, from: "m%5B%5D=1") }
                == "The parameter \"m[]\" has an empty key, so it cannot be read as a key: the encoder could not write it back."
        )
        // A name that starts with a bracket is one literal name, escaped or not.
        #expect(try brackets.decode(Text.self, from: "%5Bx%5D=1&[y]=2&q=3") == Text(q: "3"))
    }

    @Test func theDepthLimitNamesTheDecodedParameter() throws {
        let two = QueryDecoder.with {
            $0.nestedKeyDecodingStrategy = .brackets
            $0.limits.maximumDepth = 2
        }
        #expect(try two.decode([String: [String: [String: Int]]].self, from: "a%5Bb%5D[c]=1") == ["a": ["b": ["c": 1]]])
        #expect(throws: QueryDecodingLimitError(limit: .depth, maximum: 2, parameter: "a[b][c][d]")) {
            try two.decode(Text.self, from: "q=1&a%5Bb%5D[c][d]=1")
        }
    }

    @Test func anInvalidEscapeInANestedNameNamesItAsSent() {
        #expect(
            message { _ = try brackets.decode(Text.self, from: "q=1&m%5Bx%ZZ%5D=1") }
                == "The parameter name \"m%5Bx%ZZ%5D\" has an invalid percent-escape at offset 5 (\"%\" must be followed by two hex digits)."
        )
    }

    @Test func itemNamesNestTheSameWay() throws {
        let items = [URLQueryItem(name: "m[a]", value: "1"), URLQueryItem(name: "m[b]", value: "2")]
        #expect(try brackets.decode([String: [String: Int]].self, from: items) == ["m": ["a": 1, "b": 2]])
        // Items are already decoded: an escape is part of the name.
        let escaped = [URLQueryItem(name: "m%5Ba%5D", value: "1")]
        #expect(try brackets.decode([String: Int].self, from: escaped) == ["m%5Ba%5D": 1])
    }
}
