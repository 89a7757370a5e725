import Foundation
import PropertyHarness
import QueryCoding
import Testing

/// Property 1b: the styles added for OpenAPI parity round-trip — pipe-, space- and custom-delimited
/// arrays, unexploded objects, and per-field styles (`QueryFieldStyling`) — under every combination of
/// `EncodingSetup.styleCombinations`, in both forms. The encoder refuses a value exactly when a list
/// element (or an unexploded object's key or value) holds the separator where it could not be told from
/// one; otherwise decoding gives the value back, changed only as the guide's lossy rows say.
@Suite(.timeLimit(.minutes(20))) struct StyleRoundTripProperties {
    @Test func decodingTheStringGivesTheValueBack() async {
        await check(roundTrip("decode(encodeToString(x)) gives x back, for every style", .string))
    }

    @Test func decodingTheItemsGivesTheValueBack() async {
        await check(roundTrip("decode(encode(x)) gives x back, for every style", .items))
    }

    private func roundTrip(_ name: String, _ form: QueryForm) -> Property<StyleCase> {
        var property = Property(name, cycling: StyleCase.generators) { try $0.checkRoundTrip(form) }
        property.classify = { styleCase in
            let refused = (try? styleCase.checkRoundTrip(form)) ?? false
            return [refused ? "refused by the encoder" : "round-trips", "array .\(styleCase.setup.array)"]
        }
        // Measured with QUERY_PBT_COVERAGE_AUDIT=20000 (items / string form):
        // "round-trips": rate 72.7 % / 89.4 %; miss < 1e-50 at 200, < 1e-300 at 3,200.
        // "refused by the encoder": rate 27.3 % / 10.6 %; miss 5.7e-27 / 1.3e-09 at 200, < 1e-142 at 3,200.
        property.coverage = [.atLeast(0.2, "round-trips"), .atLeast(count: 1, "refused by the encoder")]
        return property
    }
}

extension StyleCase {
    /// Encodes and decodes the value in `form`; returns whether the encoder refused it (as it must).
    @discardableResult
    func checkRoundTrip(_ form: QueryForm) throws -> Bool {
        switch value {
        case .plain(let plain):
            try roundTrip(plain, form, mustRefuse: mustRefuse(plain, form), expected: expected(plain))
        case .styled(let styled):
            try roundTrip(styled, form, mustRefuse: mustRefuse(styled, form), expected: expected(styled))
        }
    }

    private func roundTrip<T: Codable & Equatable & SwiftSourceConvertible>(
        _ value: T, _ form: QueryForm, mustRefuse: Bool, expected: T
    ) throws -> Bool {
        let encoder = setup.encoder
        let decoder = setup.decoder
        let decoded: T
        do {
            switch form {
            case .string:
                let query = try encoder.encodeToString(value)
                try require(!mustRefuse, "encoding gave \(query.swiftSource), but an element holds its separator")
                do {
                    decoded = try decoder.decode(T.self, from: query)
                } catch {
                    throw PropertyFailure("decoding \(query.swiftSource) threw \(error)")
                }
            case .items:
                let items = try encoder.encode(value)
                try require(!mustRefuse, "encoding gave \(items), but an element holds its separator")
                do {
                    decoded = try decoder.decode(T.self, from: items)
                } catch {
                    throw PropertyFailure("decoding \(items) threw \(error)")
                }
            }
        } catch let error as EncodingError {
            try require(mustRefuse, "encoding threw \(error), but nothing in the value needs refusing")
            return true
        }
        try require(decoded == expected, "decoded \(decoded.swiftSource), expected \(expected.swiftSource)")
        return false
    }

    // MARK: What must be refused

    /// The separator of the coder's delimited arrays, or `nil`, and of unexploded objects.
    private var arraySeparator: UInt8? {
        switch setup.array {
        case .commaSeparated: UInt8(ascii: ",")
        case .pipeDelimited: UInt8(ascii: "|")
        case .spaceDelimited: UInt8(ascii: " ")
        case .delimited(let separator): UInt8(separator.value)
        case .repeatedKeys, .brackets, .indexedBrackets: nil
        }
    }

    private var objectSeparator: UInt8 { arraySeparator ?? UInt8(ascii: ",") }

    /// Whether `texts`, elements of one list with `separator`, cannot be written: a `|` has no spelling
    /// but the separator's `%7C`; in items no separator byte can be told from a separator.
    private func refuses(_ texts: [String], separator: UInt8, _ form: QueryForm) -> Bool {
        texts.contains { text in
            text.utf8.contains(separator) && (form == .items || separator == UInt8(ascii: "|"))
        }
    }

    /// The texts of an unexploded color: keys and values, nil as the nil strategy writes it.
    private func unexplodedTexts(_ color: StyleColor) -> [String] {
        var texts = ["r", String(color.r), "name", color.name]
        if let label = color.label { texts += ["label", label] }
        return texts
    }

    private func mustRefuse(_ value: PlainStyleQuery, _ form: QueryForm) -> Bool {
        if let separator = arraySeparator, refuses(value.tags, separator: separator, form) { return true }
        guard setup.nesting == .unexploded else { return false }
        if let color = value.color, refuses(unexplodedTexts(color), separator: objectSeparator, form) { return true }
        let entries = value.extra.flatMap { [$0.key, $0.value] }
        return refuses(entries, separator: objectSeparator, form)
    }

    private func mustRefuse(_ value: FieldStyledQuery, _ form: QueryForm) -> Bool {
        if refuses(value.pipes, separator: UInt8(ascii: "|"), form) { return true }
        if refuses(value.ids.map(String.init), separator: UInt8(ascii: ","), form) { return true }
        if let separator = arraySeparator {
            if refuses(value.filter.words, separator: separator, form) { return true }
            if refuses(value.words, separator: separator, form) { return true }
        }
        if let color = value.color, refuses(unexplodedTexts(color), separator: objectSeparator, form) { return true }
        return false
    }

    // MARK: What comes back

    /// An optional string as the nil strategy reads it back: `""` under `.emptyValue` and `"null"` under
    /// `.null` are nil (a lossy row of the guide).
    private func optional(_ text: String?) -> String? {
        switch (setup.nils, text) {
        case (.emptyValue, ""), (.null, "null"): nil
        default: text
        }
    }

    private func expected(_ color: StyleColor?) -> StyleColor? {
        guard var color else { return nil }
        color.label = optional(color.label)
        return color
    }

    private func expected(_ value: PlainStyleQuery) -> PlainStyleQuery {
        var result = value
        result.color = expected(value.color)
        result.note = optional(value.note)
        return result
    }

    private func expected(_ value: FieldStyledQuery) -> FieldStyledQuery {
        var result = value
        result.color = expected(value.color)
        return result
    }
}
