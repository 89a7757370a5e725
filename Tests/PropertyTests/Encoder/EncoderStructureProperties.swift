import Foundation
import PropertyHarness
import QueryCoding
import Testing

/// Property 2 and its companions: the shape of the query, checked without comparing it to the
/// reference byte for byte: one well-formed pair per leaf in the expected order, `+` only for spaces,
/// the two outputs agree, sorting is stable, array order is kept.
@Suite(.timeLimit(.minutes(20))) struct EncoderStructureProperties {
    @Test func everyLeafIsOneWellFormedPairInOrder() async {
        await check(encoderProperty("every leaf is one well-formed pair, in order") { try $0.checkStructure() })
    }

    @Test func aPlusIsNeverRawInAValue() async {
        await check(encoderProperty("a raw + only ever stands for a space") { try $0.checkPlusSigns() })
    }

    @Test func encodeToStringAndEncodeAgree() async {
        await check(encoderProperty("encodeToString and encode agree") { try $0.checkOutputsAgree() })
    }

    @Test func sortedKeysSortsNamesByBytesKeepingEqualNamesInOrder() async {
        await check(encoderProperty("sortedKeys sorts by name bytes, stably") { try $0.checkSortedKeys() })
    }

    @Test func arrayElementsKeepTheirOrder() async {
        let lists = Gen<[String]>.frequency([
            (3, Gen<String>.hostileString().array(averageLength: 5)),
            (1, Gen<Int>.anyInteger.map(String.init).array(averageLength: 5)),
        ])
        let generators = EncodingSetup.structuralCombinations.map { setup in
            lists.zip(Gen<QueryNode.ListRoute>.element(of: QueryNode.ListRoute.allCases))
                .zip(.bool)
                .map { listAndRoute, isNested in
                    ArrayOrderCase(setup: setup, elements: listAndRoute.0, route: listAndRoute.1, isNested: isNested)
                }
        }
        await check(Property("array elements keep their order", cycling: generators) { try $0.check() })
    }

    private func encoderProperty(_ name: String, check: @escaping (EncoderCase) throws -> Void) -> Property<EncoderCase>
    {
        var property = Property(name, cycling: QueryGen.cases, check: check)
        property.corpus = RegressionCorpus.encoderCases
        return property
    }
}

extension EncoderCase {
    /// Split on `&` and the first `=`: exactly the reference's pairs, in order, each name and value
    /// made only of unreserved characters and `%XX` escapes, apart from the documented structural
    /// characters (the comma of a comma-separated list, `+` for a space under `.plus`).
    fileprivate func checkStructure() throws {
        guard case .success(let expected) = reference, case .success(let query) = encodeToString() else { return }
        guard let split = SplitQuery(query) else {
            throw PropertyFailure("a pair without \"=\" in \(query.swiftSource)")
        }
        try require(
            split.parts.count == expected.pairs.count,
            "\(split.parts.count) pairs in \(query.swiftSource), expected one per leaf: \(expected.pairs.count)")
        let plus = setup.spaces == .plus
        let structural: Set<UInt8> = plus ? [UInt8(ascii: "+")] : []
        for (index, (part, pair)) in zip(split.parts, expected.pairs).enumerated() {
            let location = "pair \(index) of \(query.swiftSource)"
            try require(
                ReferenceEscaping.isCanonical(part.name, allowing: structural), "\(location): the name is not canonical"
            )
            try require(
                ReferenceEscaping.unescape(part.name, plusAsSpace: plus) == pair.name,
                "\(location): the name is not \(String(decoding: pair.name, as: UTF8.self).swiftSource)")
            let texts: [[UInt8]]
            let pieces: [ArraySlice<UInt8>]
            switch pair.value {
            case .single(let text):
                texts = [text]
                pieces = [part.value]
            case .list(let elements):
                texts = elements
                pieces = part.value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            }
            try require(
                pieces.count == texts.count, "\(location): \(pieces.count) list elements, expected \(texts.count)")
            for (piece, text) in zip(pieces, texts) {
                try require(
                    ReferenceEscaping.isCanonical(piece, allowing: structural),
                    "\(location): the value is not canonical")
                try require(
                    ReferenceEscaping.unescape(piece, plusAsSpace: plus) == text,
                    "\(location): the value is not \(String(decoding: text, as: UTF8.self).swiftSource)")
            }
        }
    }

    /// A raw `+` appears only under `.plus`, once for every space; every `+` of the data is `%2B`.
    fileprivate func checkPlusSigns() throws {
        guard case .success(let expected) = reference, case .success(let query) = encodeToString() else { return }
        let data = expected.pairs.flatMap { $0.name + $0.value.joined }
        let spaces = data.filter { $0 == UInt8(ascii: " ") }.count
        let pluses = data.filter { $0 == UInt8(ascii: "+") }.count
        let rawPluses = query.utf8.filter { $0 == UInt8(ascii: "+") }.count
        try require(
            rawPluses == (setup.spaces == .plus ? spaces : 0),
            "\(rawPluses) raw + in \(query.swiftSource) under .\(setup.spaces), for \(spaces) spaces")
        try require(
            query.components(separatedBy: "%2B").count - 1 == pluses,
            "\(query.swiftSource) should hold %2B once for each of the \(pluses) + in the data")
    }

    /// Percent-decoding the string's pairs gives `encode`'s items; when only `encode` throws, it is
    /// for a comma inside a comma-separated element.
    fileprivate func checkOutputsAgree() throws {
        switch (encodeToString(), encode()) {
        case (.failure, .failure):
            return
        case (.failure(let error), .success(let items)):
            throw PropertyFailure("encodeToString threw \(error), but encode returned \(render(items))")
        case (.success(let query), .failure(let error)):
            guard case .success(let expected) = reference, expected.items == nil else {
                throw PropertyFailure("encode threw \(error), but encodeToString returned \(query.swiftSource)")
            }
        case (.success(let query), .success(let items)):
            guard let pairs = SplitQuery(query)?.unescaped(plusAsSpace: setup.spaces == .plus) else {
                throw PropertyFailure("\(query.swiftSource) does not split into well-formed pairs")
            }
            try require(
                samePairs(pairs, bytes(of: items)),
                "\(query.swiftSource) decodes to \(render(pairs)), but encode returned \(render(items))")
        }
    }

    /// With `.sortedKeys`, the output is the unsorted output stably sorted by name bytes.
    fileprivate func checkSortedKeys() throws {
        var unsorted = self
        unsorted.setup.sortedKeys = false
        var sorted = self
        sorted.setup.sortedKeys = true
        let plus = setup.spaces == .plus
        switch (unsorted.encodeToString(), sorted.encodeToString()) {
        case (.success(let plain), .success(let ordered)):
            guard let plainPairs = SplitQuery(plain)?.unescaped(plusAsSpace: plus),
                let orderedPairs = SplitQuery(ordered)?.unescaped(plusAsSpace: plus)
            else { throw PropertyFailure("malformed output: \(plain.swiftSource), \(ordered.swiftSource)") }
            try require(
                samePairs(orderedPairs, stablySortedByName(plainPairs)),
                "sorted \(ordered.swiftSource) is not the stable sort of \(plain.swiftSource)")
        case (.failure, .failure): break
        case (let plain, let ordered):
            throw PropertyFailure("sorting changed whether encodeToString throws: \(plain) vs \(ordered)")
        }
        switch (unsorted.encode(), sorted.encode()) {
        case (.success(let plain), .success(let ordered)):
            try require(
                samePairs(bytes(of: ordered), stablySortedByName(bytes(of: plain))),
                "sorted items \(render(ordered)) are not the stable sort of \(render(plain))")
        case (.failure, .failure): break
        case (let plain, let ordered):
            throw PropertyFailure("sorting changed whether encode throws: \(plain) vs \(ordered)")
        }
    }
}

/// One array of scalars, alone in a struct (or one level down), encoded with one strategy combination.
private struct ArrayOrderCase: SwiftSourceConvertible {
    let setup: EncodingSetup
    let elements: [String]
    let route: QueryNode.ListRoute
    let isNested: Bool

    var root: QueryNode {
        let list = QueryNode.record(.value, ["list": .list(route, elements.map(QueryNode.string))])
        return isNested ? .record(.value, ["outer": list]) : list
    }

    var swiftSource: String { EncoderCase(setup: setup, root: root).swiftSource }

    /// The name of the array's pairs, unescaped.
    private var name: String {
        guard isNested else { return "list" }
        return setup.nesting == .dots ? "outer.list" : "outer[list]"
    }

    /// The elements read back from the string and from the items, in the order they were written.
    func check() throws {
        let encoder = setup.encoder
        let plus = setup.spaces == .plus
        let query = try encoder.encodeToString(root)
        guard let pairs = SplitQuery(query)?.unescaped(plusAsSpace: plus) else {
            throw PropertyFailure("malformed output \(query.swiftSource)")
        }
        try requireElements(readElements(pairs, escapedCommas: SplitQuery(query)), "read from \(query.swiftSource)")
        if setup.array != .commaSeparated || !elements.contains(where: { $0.utf8.contains(UInt8(ascii: ",")) }) {
            let items = try encoder.encode(root)
            try requireElements(
                readElements(bytes(of: items), escapedCommas: nil), "read from the items \(render(items))")
        }
    }

    private func requireElements(_ actual: [[UInt8]], _ origin: String) throws {
        let expected = elements.map { Array($0.utf8) }
        try require(
            actual == expected,
            "elements \(origin): \(actual.map { String(decoding: $0, as: UTF8.self) }.swiftSource), expected \(elements.swiftSource)"
        )
    }

    private func readElements(_ pairs: [(name: [UInt8], value: [UInt8])], escapedCommas split: SplitQuery?) -> [[UInt8]]
    {
        let name = Array(self.name.utf8)
        switch setup.array {
        case .commaSeparated:
            guard let index = pairs.firstIndex(where: { $0.name == name }) else { return [] }
            // In the string, elements are split on the raw commas before unescaping.
            if let split {
                return split.parts[index].value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
                    .map { ReferenceEscaping.unescape($0, plusAsSpace: setup.spaces == .plus) ?? [] }
            }
            return pairs[index].value.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(
                Array.init)
        case .pipeDelimited, .spaceDelimited, .delimited:
            // Not among the structural combinations these cases are drawn from (see `StyleRoundTripProperties`).
            return []
        case .repeatedKeys:
            return pairs.filter { $0.name == name }.map(\.value)
        case .brackets:
            return pairs.filter { $0.name == name + Array("[]".utf8) }.map(\.value)
        case .indexedBrackets:
            return elements.indices.compactMap { index in
                pairs.first { $0.name == name + Array("[\(index)]".utf8) }?.value
            }
        }
    }
}
