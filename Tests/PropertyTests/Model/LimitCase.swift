import Foundation
import PropertyHarness
import QueryCoding

/// One input of the limits property: a limit of ``QueryDecoder/Limits`` set to a generated value, and
/// two queries built around it — one exactly at the limit, which must decode to ``expected``, and one a
/// single unit past it (a byte, a parameter, a level, an element), which must throw exactly
/// ``expectedError``. The other three limits are set to exactly what the longer query needs, or a little
/// more, so they are probed at their edge too without getting in the way.
struct LimitCase: Sendable {
    enum Kind: CaseIterable, Sendable {
        case inputLength, parameterCount, depth, arrayLength
    }

    var kind: Kind
    var form: QueryForm
    /// The array and nesting strategies (the others stay at their defaults: no lossy rows).
    var setup: EncodingSetup
    /// The value of the probed limit.
    var limit: Int
    /// How much the other limits exceed what the longer query needs.
    var slack: Int
    /// Text for values, generated hostile.
    var texts: [String]
    /// Whether the array (for `.arrayLength`) sits one level down, in `inner`.
    var nested: Bool

    // MARK: The inputs

    /// `(name, value)` pairs, unescaped, for a limit of `value`.
    func pairs(for value: Int) -> [(name: String, value: String)] {
        switch kind {
        case .inputLength:
            // Too short for `q=` (or, in items, `q`): no parameter at all.
            guard value >= (form == .string ? 2 : 1) else { return [] }
            return [("q", filler(bytes: value))]
        case .parameterCount:
            guard value > 0 else { return [] }
            return [("q", text(0))] + (1..<value).map { ("p\($0)", text($0)) }
        case .depth:
            return [(name(Array(repeating: "next", count: value) + ["value"]), text(0))]
        case .arrayLength:
            let elements = (0..<value).map { element($0) }
            switch setup.array {
            case .commaSeparated:
                return value == 0 ? [] : [(arrayName, elements.joined(separator: ","))]
            case .pipeDelimited:
                return value == 0 ? [] : [(arrayName, elements.joined(separator: "|"))]
            case .spaceDelimited:
                return value == 0 ? [] : [(arrayName, elements.joined(separator: " "))]
            case .delimited(let separator):
                return value == 0 ? [] : [(arrayName, elements.joined(separator: String(separator)))]
            case .repeatedKeys: return elements.map { (arrayName, $0) }
            case .brackets: return elements.map { (arrayName + "[]", $0) }
            case .indexedBrackets: return elements.enumerated().map { (arrayName + "[\($0)]", $1) }
            }
        }
    }

    /// The pairs for a limit of `value` as the form carries them.
    func input(for value: Int) -> DecoderInput.Source {
        let pairs = self.pairs(for: value)
        switch form {
        case .items:
            return .items(pairs.map { .init(name: $0.name, value: $0.value) })
        case .string:
            if kind == .inputLength && pairs.isEmpty {
                // Empty segments, which are no parameters.
                return .string(String(repeating: "&", count: value))
            }
            if kind == .arrayLength && setup.array == .commaSeparated && value > 0 {
                // The list commas stay raw; a comma inside an element is escaped.
                let elements = (0..<value).map { escape(element($0)) }
                return .string(escape(arrayName) + "=" + elements.joined(separator: ","))
            }
            // Empty segments between the pairs are no parameters.
            let parts = pairs.map { escape($0.name) + "=" + escape($0.value) }
            return .string(parts.joined(separator: kind == .parameterCount ? "&&" : "&"))
        }
    }

    /// The limits of the case: the probed one at ``limit``, the others at what the input one past the
    /// limit needs plus ``slack``.
    var limits: QueryDecoder.Limits {
        let longer = pairs(for: limit + 1)
        let length: Int =
            switch input(for: limit + 1) {
            case .string(let query): query.utf8.count
            case .items(let items): items.reduce(0) { $0 + $1.name.utf8.count + ($1.value?.utf8.count ?? 0) }
            }
        var limits = QueryDecoder.Limits(
            maximumInputLength: length + slack, maximumParameterCount: longer.count + slack,
            // `inner.tags[0]` nests two levels.
            maximumDepth: (kind == .depth ? limit + 1 : 2) + slack, maximumArrayLength: limit + 1 + slack)
        switch kind {
        case .inputLength: limits.maximumInputLength = limit
        case .parameterCount: limits.maximumParameterCount = limit
        case .depth: limits.maximumDepth = limit
        case .arrayLength: limits.maximumArrayLength = limit
        }
        return limits
    }

    /// What the input at the limit decodes to.
    var expected: LimitTarget {
        switch kind {
        case .inputLength:
            return LimitTarget(q: pairs(for: limit).first?.value)
        case .parameterCount:
            return LimitTarget(q: limit > 0 ? text(0) : nil)
        case .depth:
            var chain: Chain? = nil
            if limit > 0 {
                chain = Chain(value: text(0), next: nil)
                for _ in 1..<limit { chain = Chain(value: nil, next: chain) }
            }
            return LimitTarget(value: limit == 0 ? text(0) : nil, next: chain)
        case .arrayLength:
            let elements = (0..<limit).map { element($0) }
            if nested { return LimitTarget(inner: elements.isEmpty ? nil : .init(tags: elements)) }
            return LimitTarget(tags: elements)
        }
    }

    /// The error the input one past the limit throws.
    var expectedError: QueryDecodingLimitError {
        switch kind {
        case .inputLength:
            return QueryDecodingLimitError(limit: .inputLength, maximum: limit)
        case .parameterCount:
            return QueryDecodingLimitError(limit: .parameterCount, maximum: limit)
        case .depth:
            return QueryDecodingLimitError(limit: .depth, maximum: limit, parameter: pairs(for: limit + 1)[0].name)
        case .arrayLength:
            return QueryDecodingLimitError(limit: .arrayLength, maximum: limit, parameter: arrayName)
        }
    }

    // MARK: Pieces

    private func text(_ index: Int) -> String {
        texts.isEmpty ? "v\(index)" : texts[index % texts.count]
    }

    /// Element `index` of the array: never holding a comma under `.commaSeparated` in items form
    /// (items cannot carry one; a lossy row), never empty (so `tags=` means one element).
    private func element(_ index: Int) -> String {
        let text = text(index) + "\(index)"
        guard form == .items && setup.array == .commaSeparated else { return text }
        // Byte by byte: `replacingOccurrences` compares characters, and a comma followed by a combining
        // mark is not the character ",".
        return String(decoding: text.utf8.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ";") : $0 }, as: UTF8.self)
    }

    /// A value of hostile text, cut and padded so that the pair `q=value` is exactly `bytes` long in the
    /// case's form (escaped in a string; `q` plus the value's UTF-8 bytes in items).
    func filler(bytes: Int) -> String {
        let room = form == .string ? bytes - 2 : bytes - 1
        var result = ""
        var used = 0
        for scalar in texts.joined().unicodeScalars {
            let size = form == .string ? escape(String(scalar)).utf8.count : String(scalar).utf8.count
            guard used + size <= room else { break }
            result.unicodeScalars.append(scalar)
            used += size
        }
        return result + String(repeating: "a", count: max(room - used, 0))
    }

    /// The name of the array: `tags`, or `inner.tags` / `inner[tags]`.
    private var arrayName: String { nested ? name(["inner", "tags"]) : "tags" }

    /// A name of `segments` in the nesting syntax (dots, or brackets when nesting is `.brackets`).
    private func name(_ segments: [String]) -> String {
        guard let first = segments.first else { return "" }
        if setup.nesting == .dots { return segments.joined(separator: ".") }
        return first + segments.dropFirst().map { "[\($0)]" }.joined()
    }

    private func escape(_ text: String) -> String {
        String(decoding: ReferenceEscaping.escape(Array(text.utf8), spaceAsPlus: setup.spaces == .plus), as: UTF8.self)
    }
}

/// What the limits property decodes: a value `q`, a chain of nested structs, and arrays at the top
/// level and one level down.
struct LimitTarget: Codable, Equatable, Sendable {
    var q: String?
    var value: String?
    var next: Chain?
    var tags: [String] = []
    var inner: Inner?

    struct Inner: Codable, Equatable, Sendable {
        var tags: [String]
    }

    init(q: String? = nil, value: String? = nil, next: Chain? = nil, tags: [String] = [], inner: Inner? = nil) {
        (self.q, self.value, self.next, self.tags, self.inner) = (q, value, next, tags, inner)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        q = try container.decodeIfPresent(String.self, forKey: .q)
        value = try container.decodeIfPresent(String.self, forKey: .value)
        next = try container.decodeIfPresent(Chain.self, forKey: .next)
        tags = try container.decode([String].self, forKey: .tags)
        inner = try container.decodeIfPresent(Inner.self, forKey: .inner)
    }
}

/// A struct nested in itself: `next.next.value`.
final class Chain: Codable, Equatable, Sendable {
    let value: String?
    let next: Chain?

    init(value: String?, next: Chain?) {
        self.value = value
        self.next = next
    }

    static func == (left: Chain, right: Chain) -> Bool {
        left.value.map { Array($0.utf8) } == right.value.map { Array($0.utf8) } && left.next == right.next
    }
}

extension LimitCase: SwiftSourceConvertible {
    var swiftSource: String {
        let text = texts.map(\.swiftSource).joined(separator: ", ")
        return """
            LimitCase(
                kind: .\(kind), form: .\(form), setup: \(setup.swiftSource), limit: \(limit), slack: \(slack),
                texts: [\(text)], nested: \(nested))
            """
    }
}

extension LimitCase {
    /// Cases for one array and nesting strategy combination: every kind, both forms, limits mostly
    /// small, sometimes the default.
    static func generator(_ structural: EncodingSetup) -> Gen<LimitCase> {
        Gen { source in
            let kind = Gen<Kind>.element(of: Kind.allCases).run(source)
            let defaults = QueryDecoder.Limits.default
            let standard =
                switch kind {
                case .inputLength: 1 << 12  // the default (1 MiB) is the megabyte test's business
                case .parameterCount: defaults.maximumParameterCount
                case .depth: defaults.maximumDepth
                case .arrayLength: defaults.maximumArrayLength
                }
            // 0 often; otherwise 1–40, or the default (drawn as 41, so that shrinking lowers it to a
            // small limit rather than jumping to another branch).
            let limit = Gen<Int>.frequency([
                (1, .constant(0)), (3, Gen<Int>.int(in: 1...41).map { $0 == 41 ? standard : $0 }),
            ]).run(source)
            var setup = EncodingSetup(array: structural.array, nesting: structural.nesting)
            setup.spaces = structural.spaces
            return LimitCase(
                kind: kind, form: Gen<QueryForm>.element(of: QueryForm.allCases).run(source), setup: setup,
                limit: limit, slack: Gen<Int>.frequency([(1, .constant(0)), (1, .int(in: 0...5))]).run(source),
                texts: Gen<String>.hostileString().array(averageLength: 2, maximumLength: 4).run(source),
                nested: Gen<Bool>.bool.run(source))
        }
    }

    /// One generator per array, nesting and space strategy combination.
    static let generators: [Gen<LimitCase>] = EncodingSetup.structuralCombinations
        .filter { $0.nils == .omit && !$0.sortedKeys }.map(generator)
}
