import Foundation
import PropertyHarness
import QueryCoding

/// Generators of queries as clients write them — well formed, but hostile within the rules: names
/// from a small vocabulary (so names repeat, nest and collide, also canonically: `é` and `e` + U+0301),
/// nested in either syntax or malformed, escaped fully or partly (`%61` for `a`, lowercase hex, `+` for
/// spaces, raw brackets and dots), values with raw commas, `=` and non-ASCII, empty segments, a
/// leading `?`. A few escapes are invalid (`%zz`, `%FF`) unless the generator is asked for valid
/// queries only.
enum WellFormedQueryGen {
    /// Queries for one array and nesting strategy combination.
    static func inputs(_ structural: EncodingSetup, validOnly: Bool = false) -> Gen<DecoderInput> {
        let setup = EncodingSetup(array: structural.array, nesting: structural.nesting)
        let source: Gen<DecoderInput.Source> =
            validOnly
            ? query(validOnly: true).map { .string($0) }
            : .frequency([(3, query(validOnly: false).map { .string($0) }), (1, items.map { .items($0) })])
        return source.map { DecoderInput(setup: setup, source: $0) }
    }

    /// Every array and nesting combination, once each.
    static let all: [Gen<DecoderInput>] = combinations.map { inputs($0) }

    /// Every array and nesting combination, valid queries only (for the peers).
    static let allValid: [Gen<DecoderInput>] = combinations.map { inputs($0, validOnly: true) }

    private static let combinations = EncodingSetup.structuralCombinations.filter {
        $0.nils == .omit && $0.spaces == .percentEscaped && !$0.sortedKeys
    }

    // MARK: Pairs

    /// A name as segments and how they are joined, unescaped.
    static let name: Gen<String> = Gen { source in
        let first = segment.run(source)
        let rest = Gen<String>.frequency([
            (4, segment.map { "." + $0 }),
            (4, segment.map { "[" + $0 + "]" }),
            (2, .constant("[]")),
            (1, .element(of: ["..", "[", "]", ".", "[[", "]]", "[]x"])),
        ]).array(averageLength: 0.8, maximumLength: 4).run(source)
        return first + rest.joined()
    }

    /// Segments that collide on purpose: a few names, indices (canonical and not), characters that are
    /// structural elsewhere, canonically equivalent spellings.
    static let segment: Gen<String> = .frequency([
        (8, .element(of: ["a", "b", "tags", "x", "0", "1", "2"])),
        // A combining mark right after a `.` or `[`: still a separator, byte by byte.
        (1, .element(of: ["\u{300}", "\u{301}x"])),
        (
            3,
            .element(of: [
                "", "01", "-1", "\u{E9}", "e\u{301}", "\u{300}", " ", "+", "&", "=", "%", ",", "#", ";", "__proto__",
                "a b", "\u{1F600}", "\u{FEFF}",
            ])
        ),
        (1, Gen<String>.hostileString(averageLength: 3)),
    ])

    static let value: Gen<String> = .frequency([
        (4, .element(of: ["1", "x", "", "a,b", ",", "a b", "+", "=", "a=b", "null", "\u{E9}", "e\u{301}", "%"])),
        (3, Gen<String>.hostileString(averageLength: 4)),
    ])

    /// One pair: the name and the value escaped (each in its own way), joined by `=` (or the name alone,
    /// an empty value).
    static func pair(validOnly: Bool) -> Gen<String> {
        Gen { source in
            let name = escaped(self.name.run(source), keepingRaw: "[].", source: source)
            guard Gen<Bool>.bool(probability: 0.9).run(source) else { return name }
            var value = escaped(self.value.run(source), keepingRaw: ",", source: source)
            if !validOnly, Gen<Bool>.bool(probability: 0.05).run(source) {
                value += Gen<String>.element(of: ["%zz", "%4", "%", "%FF", "%C3%28", "%ED%A0%80"]).run(source)
            }
            return name + "=" + value
        }
    }

    /// Pairs joined by `&`, with empty segments and a leading `?` now and then; invalid escapes in a
    /// name now and then unless `validOnly`.
    static func query(validOnly: Bool) -> Gen<String> {
        Gen { source in
            var parts = pair(validOnly: validOnly).array(averageLength: 4, maximumLength: 24).run(source)
            if !validOnly, Gen<Bool>.bool(probability: 0.03).run(source) {
                parts.append("a%zz=1")
            }
            if Gen<Bool>.bool(probability: 0.1).run(source) {
                // Canonically equivalent names: two parameters, which Swift's `String` (and so a
                // `[String: T]` key) does not tell apart.
                let twins = Gen<[String]>.element(of: [
                    ["%C3%A9=1", "e%CC%81=2"], ["x%5B%C3%A9%5D=1", "x%5Be%CC%81%5D=2"], ["x.%C3%A9=1", "x.e%CC%81=2"],
                ]).run(source)
                parts.insert(contentsOf: twins, at: Gen<Int>.int(in: 0...parts.count).run(source))
            }
            let separator = Gen<String>.frequency([(8, .constant("&")), (1, .constant("&&"))]).run(source)
            let leading = Gen<String>.frequency([(10, .constant("")), (1, .constant("?")), (1, .constant("&"))])
                .run(source)
            return leading + parts.joined(separator: separator)
        }
    }

    /// `text` percent-encoded: fully (uppercase or lowercase hex), or leaving unreserved bytes and
    /// `raw` raw, spaces as `+`, and now and then escaping an ordinary letter (`%61`).
    static func escaped(_ text: String, keepingRaw raw: String, source: ChoiceSource) -> String {
        let style = Gen<Int>.int(in: 0...3).run(source)
        let keep = Set(raw.utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            let hex = String(byte, radix: 16, uppercase: style != 1)
            let escape = Array(("%" + (hex.count == 1 ? "0" : "") + hex).utf8)
            switch style {
            case 0, 1:
                output += ReferenceEscaping.unreserved.contains(byte) ? [byte] : escape
            default:
                if byte == UInt8(ascii: " ") {
                    output.append(UInt8(ascii: "+"))
                } else if (ReferenceEscaping.unreserved.contains(byte) || keep.contains(byte) || byte >= 0x80)
                    && !(style == 3 && byte == UInt8(ascii: "a"))
                {
                    // Raw non-ASCII is valid query text too: its UTF-8 bytes arrive as they are.
                    output.append(byte)
                } else {
                    output += escape
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Items

    /// Query items with the same names and values, unescaped; `nil` values now and then; canonically
    /// equivalent names now and then.
    static let items: Gen<[DecoderInput.Source.Item]> = Gen { source in
        var items = Gen<DecoderInput.Source.Item> { source in
            DecoderInput.Source.Item(name: name.run(source), value: value.optional(nilProbability: 0.1).run(source))
        }.array(averageLength: 4, maximumLength: 24).run(source)
        if Gen<Bool>.bool(probability: 0.1).run(source) {
            items += [.init(name: "x.\u{E9}", value: "1"), .init(name: "x.e\u{301}", value: "2")]
        }
        return items
    }
}
