import Foundation
import PropertyHarness
import QueryCoding

// The values of the style round trip (`StyleRoundTripProperties`): a plain type whose arrays and
// objects follow the coder's strategies, and a type that gives most of its fields a style of their own
// (`QueryFieldStyling`), drawn under every combination of the delimited array strategies and the
// nesting strategies, `.unexploded` included.

extension EncodingSetup {
    /// The delimited array strategies (and three others to mix with per-field styles) under every
    /// nesting strategy, nil strategy, space strategy and order: 252 combinations.
    static let styleCombinations: [EncodingSetup] = {
        let arrays: [QueryArrayStyle] = [
            .pipeDelimited, .spaceDelimited, .delimited(by: ";"), .delimited(by: "!"), .commaSeparated,
            .repeatedKeys, .indexedBrackets,
        ]
        var combinations: [EncodingSetup] = []
        for array in arrays {
            for nesting in [QueryEncoder.NestedKeyEncodingStrategy.dots, .brackets, .unexploded] {
                for nils in [QueryEncoder.NilEncodingStrategy.omit, .emptyValue, .null] {
                    for spaces in [QueryEncoder.SpaceEncodingStrategy.percentEscaped, .plus] {
                        for sortedKeys in [false, true] {
                            combinations.append(
                                EncodingSetup(
                                    array: array, nesting: nesting, nils: nils, spaces: spaces, sortedKeys: sortedKeys))
                        }
                    }
                }
            }
        }
        return combinations
    }()
}

/// A small object of scalars, written unexploded where the nesting says so.
struct StyleColor: Codable, Equatable, Sendable, SwiftSourceConvertible {
    var r: Int
    var name: String
    var label: String?

    var swiftSource: String { "StyleColor(r: \(r), name: \(name.swiftSource), label: \(label.swiftSource))" }
}

/// Arrays and objects that follow the coder's strategies.
struct PlainStyleQuery: Codable, Equatable, Sendable, SwiftSourceConvertible {
    var ids: [Int]
    var tags: [String]
    var color: StyleColor?
    var note: String?
    var extra: [String: String]

    var swiftSource: String {
        "PlainStyleQuery(ids: \(ids.swiftSource), tags: \(tags.swiftSource), color: \(color.swiftSource), note: \(note.swiftSource), extra: \(extra.swiftSource))"
    }
}

/// Fields with styles of their own next to fields that follow the coder.
struct FieldStyledQuery: Codable, Equatable, Sendable, SwiftSourceConvertible, QueryFieldStyling {
    struct Filter: Codable, Equatable, Sendable {
        var min: Int?
        var words: [String]
    }

    struct Window: Codable, Equatable, Sendable {
        var limit: Int
        var offset: Int?
    }

    var ids: [Int]
    var tags: [String]
    var pipes: [String]
    var filter: Filter
    var window: Window
    var color: StyleColor?
    var since: Date
    var names: [String]
    var words: [String]

    static func queryFieldStyle(for key: any CodingKey) -> QueryFieldStyle? {
        switch key.stringValue {
        case "ids": QueryFieldStyle(array: .commaSeparated)
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

    var swiftSource: String {
        "FieldStyledQuery(ids: \(ids.swiftSource), tags: \(tags.swiftSource), pipes: \(pipes.swiftSource), filter: .init(min: \(filter.min.swiftSource), words: \(filter.words.swiftSource)), window: .init(limit: \(window.limit), offset: \(window.offset.swiftSource)), color: \(color.swiftSource), since: Date(timeIntervalSince1970: \(Int(since.timeIntervalSince1970))), names: \(names.swiftSource), words: \(words.swiftSource))"
    }
}

/// One value of either type and the strategies to encode it with.
struct StyleCase: Sendable, SwiftSourceConvertible {
    enum Value: Sendable {
        case plain(PlainStyleQuery)
        case styled(FieldStyledQuery)
    }

    var setup: EncodingSetup
    var value: Value

    var swiftSource: String {
        let shown =
            switch value {
            case .plain(let plain): plain.swiftSource
            case .styled(let styled): styled.swiftSource
            }
        return "StyleCase(\n    setup: \(setup.swiftSource),\n    value: \(shown))"
    }

    /// One generator per combination, each drawing both types.
    static let generators: [Gen<StyleCase>] = EncodingSetup.styleCombinations.map { setup in
        let plain = StyleGen.plain.map { StyleCase.Value.plain($0) }
        let styled = StyleGen.styled.map { StyleCase.Value.styled($0) }
        return Gen<StyleCase.Value>.oneOf([plain, styled]).map { StyleCase(setup: setup, value: $0) }
    }
}

/// The generators of the style round trip.
enum StyleGen {
    /// Text rich in every separator, escape and nesting character, and now and then `""` or `"null"`.
    static let text: Gen<String> = {
        let pieces = [
            "a", "b", "Z", "0", " ", "+", "%", "%20", "&", "=", ",", "|", ";", "!", ".", "[", "]", "é", "😀", "null",
        ]
        return Gen<String>.element(of: pieces).array(averageLength: 2, maximumLength: 5).map { $0.joined() }
    }()

    /// Dictionary keys: non-empty, and free of `.` `[` `]`, which the nesting strategies refuse in keys.
    static let key: Gen<String> = {
        let pieces = ["k", "y", "1", " ", "+", ",", "|", ";", "!", "%", "é"]
        return Gen<String>.element(of: pieces).array(averageLength: 2, minimumLength: 1, maximumLength: 4)
            .map { $0.joined() }
    }()

    static let int = Gen<Int>.int(in: -1_000...1_000)

    static let color: Gen<StyleColor> = int.zip(text).zip(text.optional()).map {
        StyleColor(r: $0.0, name: $0.1, label: $1)
    }

    static let plain: Gen<PlainStyleQuery> = int.array(averageLength: 2).zip(text.array(averageLength: 2))
        .zip(color.optional()).zip(text.optional())
        .zip(Gen<[String: String]>.dictionary(keys: key, values: text, averageCount: 1.5))
        .map { PlainStyleQuery(ids: $0.0.0.0, tags: $0.0.0.1, color: $0.0.1, note: $0.1, extra: $1) }

    static let styled: Gen<FieldStyledQuery> = int.array(averageLength: 2).zip(text.array(averageLength: 2))
        .zip(text.array(averageLength: 2)).zip(int.optional().zip(text.array(averageLength: 1.5)))
        .zip(int.zip(int.optional())).zip(color.optional())
        .zip(Gen<Int>.int(in: -2_000_000_000...4_000_000_000).zip(text.array(averageLength: 1.5)))
        .zip(text.array(averageLength: 1.5))
        .map { rest, words in
            let (((((ids, tags), pipes), filter), window), color) = rest.0
            let (since, names) = rest.1
            return FieldStyledQuery(
                ids: ids, tags: tags, pipes: pipes, filter: .init(min: filter.0, words: filter.1),
                window: .init(limit: window.0, offset: window.1), color: color,
                since: Date(timeIntervalSince1970: Double(since)), names: names, words: words)
        }
}
