import Foundation
import PropertyHarness
import QueryCoding

/// Generators of hostile decoder input: arbitrary strings, byte soups, and queries shaped to strain a
/// parser — deep nesting, huge parameter counts, long names, storms of `%`, `,`, `[`, `]`, `.`, `&`,
/// dense and sparse indices, duplicate names — built from the names the decoding targets use, so the
/// input reaches real decoding paths instead of being ignored as unknown.
enum HostileQueryGen {
    /// Decoder inputs for one structural strategy combination (the scalar strategies drawn on top), with
    /// the default limits four times in five, otherwise small generated ones.
    static func inputs(_ structural: EncodingSetup) -> Gen<DecoderInput> {
        let source: Gen<DecoderInput.Source> = .frequency([
            (4, query(arrays: structural.array).map { .string($0) }),
            (1, items.map { .items($0) }),
        ])
        return QueryGen.scalarStrategies(on: structural).zip(limits.optional(nilProbability: 0.8)).zip(source)
            .map { strategies, source in
                DecoderInput(setup: strategies.0, limits: strategies.1 ?? .default, source: source)
            }
    }

    /// Every structural combination: a property cycling through them covers all.
    static let all: [Gen<DecoderInput>] = EncodingSetup.structuralCombinations.map(inputs)

    /// Limits of which each is, as often as not, the default or a small number.
    static let limits: Gen<QueryDecoder.Limits> = Gen { source in
        let defaults = QueryDecoder.Limits.default
        func limit(_ small: ClosedRange<Int>, _ standard: Int) -> Int {
            Gen<Int?>.frequency([(1, .constant(nil)), (1, Gen<Int>.int(in: small).map { $0 })]).run(source)
                ?? standard
        }
        return QueryDecoder.Limits(
            maximumInputLength: limit(0...4096, defaults.maximumInputLength),
            maximumParameterCount: limit(0...64, defaults.maximumParameterCount),
            maximumDepth: limit(0...8, defaults.maximumDepth),
            maximumArrayLength: limit(0...8, defaults.maximumArrayLength))
    }

    // MARK: Queries

    /// A query: one or more hostile parts joined by `&`, sometimes after a `?`; its long arrays are
    /// mostly written as `arrays` says.
    static func query(arrays: QueryArrayStyle) -> Gen<String> {
        let part: Gen<String> = .frequency([
            (6, pair),
            (2, storm),
            (2, deepName),
            (1, manyParameters),
            (2, indexedArray),
            (1, duplicates),
            (2, longList(arrays)),
            (2, Gen<String>.hostileString(averageLength: 12)),
            (2, Gen<[UInt8]>.byteSoup.map { String(decoding: $0, as: UTF8.self) }),
        ])
        return Gen { source in
            let parts = part.array(averageLength: 2, minimumLength: 1, maximumLength: 6).run(source)
            let questionMark = Gen<Bool>.bool(probability: 0.1).run(source)
            return (questionMark ? "?" : "") + parts.joined(separator: "&")
        }
    }

    /// `name=value`, `name` alone, or `=value`.
    static let pair: Gen<String> = Gen { source in
        let name = parameterName.run(source)
        switch Gen<Int>.int(in: 0...5).run(source) {
        case 0: return name + "=" + value.run(source)
        case 1: return name
        case 2: return "=" + value.run(source)
        default: return name + "=" + value.run(source)
        }
    }

    /// One troublesome unit repeated up to 40,000 times (rarely more than 1,000): the whole part, a
    /// name, or a value.
    static let storm: Gen<String> = Gen { source in
        let unit = Gen<String>.element(of: stormUnits).run(source)
        let count = Gen<Int>.frequency([(6, .int(in: 0...1_000)), (1, .int(in: 0...40_000))]).run(source)
        let text = String(repeating: unit, count: count)
        switch Gen<Int>.int(in: 0...4).run(source) {
        case 0: return text
        case 1: return text + "=x"
        case 2: return "q=" + text
        case 3: return "tags=" + String(repeating: "a,", count: Gen<Int>.int(in: 990...1010).run(source))
        default: return Gen<String>.element(of: keys).run(source) + "=" + text
        }
    }

    static let stormUnits = [
        "%", ",", "[", "]", ".", "&", "=", "+", "%2", "%zz", "[]", "[0]", "..", "%FF", "%C3", "%2C", "a[", "]a",
        "&=", "=&", "[[", "]]", "%5B", "%5D", "%2E", "a.", "[a]", ".0", "%E2%82", "\u{301}", "\u{1F600}",
    ]

    /// A name nested up to 40 levels in one syntax (`tree[child][child]…` or `filter.inner.…`; a mix
    /// now and then), with a value.
    static let deepName: Gen<String> = Gen { source in
        let depth = Gen<Int>.int(in: 0...40).run(source)
        let syntax = Gen<Int>.int(in: 0...4).run(source)
        var name = Gen<String>.element(of: ["tree", "filter", "a", "items", "q", "x"]).run(source)
        for _ in 0..<depth {
            let segment = Gen<String>.element(of: ["child", "children", "value", "0", "", "inner", "min", "1"])
                .run(source)
            let brackets = syntax < 2 || (syntax == 4 && Gen<Bool>.bool.run(source))
            name += brackets ? "[\(segment)]" : ".\(segment)"
        }
        return name + "=" + value.run(source)
    }

    /// Up to 1,500 parameters (rarely more than 100; often right at the default limit of 1,000):
    /// distinct names, one name repeated, or the elements of an array.
    static let manyParameters: Gen<String> = Gen { source in
        let count = Gen<Int>.frequency([
            (6, .int(in: 0...100)), (1, .int(in: 0...1_500)), (2, .element(of: [999, 1000, 1001, 1002])),
        ]).run(source)
        let style = Gen<Int>.int(in: 0...3).run(source)
        return (0..<count).map { index in
            switch style {
            case 0: "p\(index)=\(index)"
            case 1: "tags=\(index)"
            case 2: "tags[]=\(index)"
            default: "tags[\(index)]=\(index)"
            }
        }.joined(separator: "&")
    }

    /// `name[i]=…` for the indices `0..<n` in a shuffled order, sometimes with a gap, a huge index
    /// (`999999999`) or a non-canonical one (`01`, `-1`, `+1`).
    static let indexedArray: Gen<String> = Gen { source in
        let base = Gen<String>.element(of: ["tags", "items", "matrix", "a", "tree[children]", "filter.tags"])
            .run(source)
        let count = Gen<Int>.frequency([(12, .int(in: 0...40)), (1, .int(in: 995...1005))]).run(source)
        var indices = (0..<count).map(String.init)
        // A Fisher–Yates shuffle driven by recorded choices.
        for position in indices.indices.reversed() where position > 0 {
            indices.swapAt(position, Gen<Int>.int(in: 0...position).run(source))
        }
        let oddity = Gen<String?>.frequency([
            (3, .constant(nil)),
            (1, .element(of: ["999999999", "01", "-1", "+1", " 1", "1e3", "0x1", "", "99999999999999999999"])),
        ]).run(source)
        if let oddity {
            indices.insert(oddity, at: Gen<Int>.int(in: 0...indices.count).run(source))
        }
        let suffix = Gen<String>.element(of: ["", "[id]", ".id", "[name]", "[0]", "[]"]).run(source)
        return indices.map { "\(base)[\($0)]\(suffix)=\($0)" }.joined(separator: "&")
    }

    /// An array of a few elements, or of about 1,000 (the default array limit), usually in the syntax
    /// of `arrays`, otherwise in another.
    static func longList(_ arrays: QueryArrayStyle) -> Gen<String> {
        let strategies: [QueryArrayStyle] = [
            .commaSeparated, .pipeDelimited, .spaceDelimited, .delimited(by: ";"), .repeatedKeys, .brackets,
            .indexedBrackets,
        ]
        let syntax: Gen<QueryArrayStyle> = .frequency([
            (3, .constant(arrays)), (1, .element(of: strategies)),
        ])
        return Gen { source in
            let count = Gen<Int>.frequency([(3, .int(in: 0...12)), (1, .int(in: 995...1005))]).run(source)
            let elements = (0..<count).map { "v\($0)" }
            switch syntax.run(source) {
            case .commaSeparated: return "tags=" + elements.joined(separator: ",")
            case .pipeDelimited: return "tags=" + elements.joined(separator: "%7C")
            case .spaceDelimited: return "tags=" + elements.joined(separator: "%20")
            case .delimited(let separator): return "tags=" + elements.joined(separator: String(separator))
            case .repeatedKeys: return elements.map { "tags=" + $0 }.joined(separator: "&")
            case .brackets: return elements.map { "tags%5B%5D=" + $0 }.joined(separator: "&")
            case .indexedBrackets: return elements.enumerated().map { "tags[\($0)]=\($1)" }.joined(separator: "&")
            }
        }
    }

    /// One pair repeated up to 50 times.
    static let duplicates: Gen<String> = pair.zip(.int(in: 2...50)).map { pair, count in
        Array(repeating: pair, count: count).joined(separator: "&")
    }

    // MARK: Names and values

    /// The names the decoding targets read, their nested forms, and hostile text.
    static let keys = [
        "q", "page", "ratio", "f", "flag", "tags", "when", "blob", "id", "link", "amount", "color", "small", "big",
        "filter", "items", "meta", "matrix", "tree", "flags", "a", "value", "child", "children", "per_page", "sort",
        "includeArchived", "price", "createdAfter", "ids", "owner", "quotas", "signature", "scores", "labels",
        "levels", "nicknames", "location", "limits", "groups", "byRank", "seen", "history", "rating", "super",
        "", "__proto__", "constructor", "length",
    ]

    static let parameterName: Gen<String> = .frequency([
        (4, .element(of: keys)),
        (
            4,
            Gen<String>.element(of: keys).zip(nameSuffix.array(averageLength: 1.5, maximumLength: 6)).map {
                $0 + $1.joined()
            }
        ),
        (1, Gen<String>.hostileString().map(escaped)),
        (1, .hostileString()),
    ])

    static let nameSuffix: Gen<String> = .element(of: [
        ".min", "[min]", "[]", "[0]", "[1]", ".0", "[id]", ".child", "[child]", "[value]", ".value", "[", "]", ".",
        "..", "[]]", "[[", "%5B0%5D", "%2Emin", "[999999999]", "[01]", "[-1]", ".x", "[\u{301}]", ".\u{301}",
    ])

    static let value: Gen<String> = .frequency([
        (4, Gen<String>.hostileString().map(escaped)),
        (2, .hostileString()),
        (
            4,
            .element(of: [
                "", "null", "true", "false", "1", "0", "-0", "+1", "01", "1e400", "-1e-400", "nan", "inf", "0x10",
                " 1", "1.5", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
                "2021-02-29T00:00:00Z",
                "2017-10-31T16:15:56.123+05:30", "9999-12-31T23:59:60Z", "1509466556", "1509466556.25", "AAAA", "A===",
                "-_", "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "red",
                "dark%20blue", "R%26D", "a%2Cb", "a,b", ",", ",,", "%", "%zz", "%FF", "%C3%28", "%E9", "+", "%2B",
                "https://example.com/a?b=c", "@123", "00ff", "relevance", "price_asc",
            ])
        ),
    ])

    /// `text` percent-encoded the way a well-behaved client writes it.
    static func escaped(_ text: String) -> String {
        String(decoding: ReferenceEscaping.escape(Array(text.utf8), spaceAsPlus: false), as: UTF8.self)
    }

    // MARK: Items

    /// Query items with hostile names and values (unescaped; `nil` values).
    static let items: Gen<[DecoderInput.Source.Item]> = Gen<DecoderInput.Source.Item> { source in
        let name = Gen<String>.frequency([
            (3, .element(of: keys)),
            (3, Gen<String>.element(of: keys).zip(nameSuffix).map { $0 + $1 }),
            (2, .hostileString()),
        ]).run(source)
        let value = Gen<String?>.frequency([
            (1, .constant(nil)), (4, Gen<String>.hostileString().map { $0 }),
            (3, Gen<String>.element(of: ["", "null", "1", "true", "a,b", ",", "-1", "AAAA"]).map { $0 }),
        ]).run(source)
        return DecoderInput.Source.Item(name: name, value: value)
    }.array(averageLength: 4, maximumLength: 200)
}
