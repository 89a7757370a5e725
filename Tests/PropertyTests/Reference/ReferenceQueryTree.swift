import Foundation
import QueryCoding

/// How the reference splits a parameter name into the segments it nests by, per the guide: `.dots`
/// nesting splits at `.`; brackets (`a[b]`, `a[]`, `a[0]`) nest under `.brackets` nesting or the bracket
/// array strategies; a name that is not well formed for the strategies (`a..b`, `a[b`, `[x]`) is one
/// literal segment. Written on bytes: a `.` or `[` followed by a combining mark is still a separator.
struct ReferenceNaming {
    let dotsNest: Bool
    let bracketsNest: Bool

    init(_ setup: EncodingSetup) {
        dotsNest = setup.nesting == .dots
        bracketsNest = setup.nesting == .brackets || setup.array == .brackets || setup.array == .indexedBrackets
    }

    private static let dot = UInt8(ascii: ".")
    private static let open = UInt8(ascii: "[")
    private static let close = UInt8(ascii: "]")

    /// Whether the encoder could write `name` as a key: not empty, and without a byte that nests under
    /// the strategies (only a malformed name, kept as one literal segment, can hold one).
    func isWritableKey(_ name: [UInt8]) -> Bool {
        !name.isEmpty
            && !name.contains { byte in
                (dotsNest && byte == Self.dot) || (bracketsNest && (byte == Self.open || byte == Self.close))
            }
    }

    func segments(_ name: [UInt8]) -> [[UInt8]] {
        let nests =
            (dotsNest && name.contains(Self.dot))
            || (bracketsNest && name.contains { $0 == Self.open || $0 == Self.close })
        guard nests, let segments = wellFormedSegments(name) else { return [name] }
        return segments
    }

    private func wellFormedSegments(_ name: [UInt8]) -> [[UInt8]]? {
        let parts = dotsNest ? name.split(separator: Self.dot, omittingEmptySubsequences: false) : [name[...]]
        var segments: [[UInt8]] = []
        for part in parts {
            guard !part.isEmpty else { return nil }
            guard bracketsNest else {
                segments.append(Array(part))
                continue
            }
            // key ("[" inner "]")*, where neither the key nor an inner segment holds a bracket.
            guard let open = part.firstIndex(of: Self.open) else {
                guard !part.contains(Self.close) else { return nil }
                segments.append(Array(part))
                continue
            }
            let key = part[..<open]
            guard !key.isEmpty, !key.contains(Self.close) else { return nil }
            segments.append(Array(key))
            var rest = part[open...]
            while let first = rest.first {
                guard first == Self.open, let close = rest.firstIndex(of: Self.close) else { return nil }
                let inner = rest[(rest.startIndex + 1)..<close]
                guard !inner.contains(Self.open) else { return nil }
                segments.append(Array(inner))
                rest = rest[(close + 1)...]
            }
        }
        return segments
    }
}

/// The parameters of a parsed query arranged by their names' segments, matched by their bytes: names
/// that are canonically equivalent (`é` and `e` + U+0301) are two parameters (the codec never
/// normalises).
final class ReferenceQueryNode {
    /// The naming of the whole tree.
    let naming: ReferenceNaming
    private(set) var values: [ReferenceParsedQuery.RawValue] = []
    private(set) var children: [(name: [UInt8], node: ReferenceQueryNode)] = []

    /// The tree of `query`'s pairs for the strategies of `setup`, or why decoding must fail (a name
    /// nested deeper than the default depth limit).
    static func tree(of query: ReferenceParsedQuery, setup: EncodingSetup) -> Result<
        ReferenceQueryNode, ReferenceDecodingFailure
    > {
        let naming = ReferenceNaming(setup)
        let root = ReferenceQueryNode(naming: naming)
        for pair in query.pairs {
            let segments = naming.segments(pair.name)
            guard segments.count - 1 <= QueryDecoder.Limits.default.maximumDepth else {
                return .failure(ReferenceDecodingFailure("a name nests too deep"))
            }
            var node = root
            for segment in segments { node = node.child(segment) }
            node.values.append(pair.value)
        }
        return .success(root)
    }

    init(naming: ReferenceNaming) { self.naming = naming }

    /// Whether the encoder could write `name` as a key (see ``ReferenceNaming/isWritableKey(_:)``).
    func isWritableKey(_ name: [UInt8]) -> Bool { naming.isWritableKey(name) }

    private func child(_ name: [UInt8]) -> ReferenceQueryNode {
        if let existing = children.first(where: { $0.name == name }) { return existing.node }
        let node = ReferenceQueryNode(naming: naming)
        children.append((name, node))
        return node
    }
}

/// What decoding a parsed query into a few dictionary shapes must give, by the guide's rules.
enum ReferenceDecoding {
    typealias Entries<Value> = Result<[(key: [UInt8], value: Value)], ReferenceDecodingFailure>

    /// `[String: String]`: one value per parameter, no nested parameters.
    static func stringMap(_ root: ReferenceQueryNode) -> Entries<[UInt8]> {
        collect(root) { _, node in try single(node) }
    }

    /// `[String: [String]]` with the array strategy of `setup`.
    static func listMap(_ root: ReferenceQueryNode, setup: EncodingSetup) -> Entries<[[UInt8]]> {
        collect(root) { _, node in try list(node, setup: setup) }
    }

    /// `[String: [String: String]]`: each parameter's nested parameters, one value each.
    static func nestedMap(_ root: ReferenceQueryNode) -> Entries<[(key: [UInt8], value: [UInt8])]> {
        collect(root) { _, node in
            guard node.values.isEmpty else { throw ReferenceDecodingFailure("a value where nesting is expected") }
            return try collect(node) { _, child in try single(child) }.get()
        }
    }

    // MARK: Shapes

    /// The entries of a `[String: Value]` read from the children of `parent`. Two names that are
    /// canonically equivalent would be one `String` key: decoding refuses them rather than drop one. A
    /// name the encoder could not write back as a key (empty, or malformed) is refused too (issue 14).
    private static func collect<Value>(
        _ parent: ReferenceQueryNode, _ read: ([UInt8], ReferenceQueryNode) throws -> Value
    ) -> Entries<Value> {
        let children = parent.children
        guard children.allSatisfy({ parent.isWritableKey($0.name) }) else {
            return .failure(ReferenceDecodingFailure("a key the encoder could not write"))
        }
        let keys = Set(children.map { String(decoding: $0.name, as: UTF8.self) })
        guard keys.count == children.count else {
            return .failure(ReferenceDecodingFailure("two names are one String key"))
        }
        return Result {
            try children.map { child in (child.name, try read(child.name, child.node)) }
        }.mapError { $0 as? ReferenceDecodingFailure ?? ReferenceDecodingFailure("\($0)") }
    }

    private static func single(_ node: ReferenceQueryNode) throws -> [UInt8] {
        guard node.children.isEmpty else { throw ReferenceDecodingFailure("nested parameters for a single value") }
        guard node.values.count == 1 else { throw ReferenceDecodingFailure("\(node.values.count) values for one") }
        return try decoded(node.values[0])
    }

    private static func list(_ node: ReferenceQueryNode, setup: EncodingSetup) throws -> [[UInt8]] {
        let elements: [[UInt8]]
        switch setup.array {
        case .commaSeparated:
            guard node.children.isEmpty else { throw ReferenceDecodingFailure("nested parameters for a list") }
            guard node.values.count <= 1 else { throw ReferenceDecodingFailure("a comma-separated list given twice") }
            guard let value = node.values.first else { return [] }
            let pieces: [ReferenceParsedQuery.RawValue] =
                switch value {
                case .escaped(let text): splitAtCommas(text).map { .escaped($0) }
                // From items the value is already decoded: its commas are all separators.
                case .plain(let text): splitAtCommas(text).map { .plain($0) }
                }
            elements = try pieces.map(decoded)
        case .pipeDelimited, .spaceDelimited, .delimited:
            // Not among the structural combinations; `StyleRoundTripProperties` covers them.
            throw ReferenceDecodingFailure("delimited arrays other than commas are not modelled by the reference")
        case .repeatedKeys:
            guard node.children.isEmpty else { throw ReferenceDecodingFailure("nested parameters for a list") }
            elements = try node.values.map(decoded)
        case .brackets:
            guard node.values.isEmpty else { throw ReferenceDecodingFailure("a value of its own for a [] list") }
            guard let appended = node.children.first(where: { $0.name.isEmpty }) else {
                guard node.children.isEmpty else { throw ReferenceDecodingFailure("a nested name that is not []") }
                return []
            }
            guard node.children.count == 1 else { throw ReferenceDecodingFailure("a nested name besides []") }
            guard appended.node.children.isEmpty else { throw ReferenceDecodingFailure("nesting below []") }
            elements = try appended.node.values.map(decoded)
        case .indexedBrackets:
            guard node.values.isEmpty else { throw ReferenceDecodingFailure("a value of its own for an indexed list") }
            let count = node.children.count
            elements = try (0..<count).map { index in
                guard let child = node.children.first(where: { $0.name == Array(String(index).utf8) }) else {
                    throw ReferenceDecodingFailure("indices are not 0..<\(count)")
                }
                return try single(child.node)
            }
        }
        guard elements.count <= QueryDecoder.Limits.default.maximumArrayLength else {
            throw ReferenceDecodingFailure("too many elements")
        }
        return elements
    }

    private static func splitAtCommas(_ text: [UInt8]) -> [[UInt8]] {
        text.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(Array.init)
    }

    private static func decoded(_ value: ReferenceParsedQuery.RawValue) throws -> [UInt8] {
        guard let bytes = ReferenceParsedQuery.decode(value) else {
            throw ReferenceDecodingFailure("a malformed value")
        }
        return bytes
    }
}
