import Foundation

/// Why the reference says decoding must fail.
struct ReferenceDecodingFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}

/// A query parsed as the QueryEncoding guide ("Decoding") describes it, written without the decoder's
/// code: split on `&`, empty segments skipped, the name up to the first `=`, `+` as a space, `%XX`
/// strictly (two hex digits, any case), the result valid UTF-8; names checked for every pair, values
/// when they are read.
struct ReferenceParsedQuery {
    /// A value as it arrived: still escaped (from a string) or already decoded (from items).
    enum RawValue {
        case escaped([UInt8])
        case plain([UInt8])
    }

    struct Pair {
        let name: [UInt8]
        let value: RawValue
    }

    let pairs: [Pair]

    /// Parses a query string; fails when a name holds an invalid escape or is not UTF-8.
    static func parse(_ query: String) -> Result<ReferenceParsedQuery, ReferenceDecodingFailure> {
        var bytes = Array(query.utf8)[...]
        if bytes.first == UInt8(ascii: "?") { bytes = bytes.dropFirst() }
        var pairs: [Pair] = []
        for segment in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = segment.firstIndex(of: UInt8(ascii: "=")) ?? segment.endIndex
            guard let name = unescape(segment[..<equals]) else {
                return .failure(
                    ReferenceDecodingFailure(
                        "the name \(String(decoding: segment[..<equals], as: UTF8.self)) is malformed"))
            }
            let value = equals < segment.endIndex ? Array(segment[(equals + 1)...]) : []
            pairs.append(Pair(name: name, value: .escaped(value)))
        }
        return .success(ReferenceParsedQuery(pairs: pairs))
    }

    /// Query items: names and values as they are; `nil` is an empty value.
    static func parse(items: [DecoderInput.Source.Item]) -> ReferenceParsedQuery {
        ReferenceParsedQuery(
            pairs: items.map { Pair(name: Array($0.name.utf8), value: .plain(Array(($0.value ?? "").utf8))) })
    }

    /// The pairs with their values decoded, or `nil` when a value is malformed (for the peers).
    var decodedPairs: [(name: [UInt8], value: [UInt8])]? {
        var result: [(name: [UInt8], value: [UInt8])] = []
        for pair in pairs {
            guard let value = Self.decode(pair.value) else { return nil }
            result.append((pair.name, value))
        }
        return result
    }

    /// A value's bytes, or `nil` when it holds an invalid escape or is not UTF-8.
    static func decode(_ value: RawValue) -> [UInt8]? {
        switch value {
        case .escaped(let bytes): unescape(bytes[...])
        case .plain(let bytes): bytes
        }
    }

    /// `+` as a space, `%XX` as its byte; `nil` for a malformed escape or bytes that are not UTF-8.
    static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard let bytes = ReferenceEscaping.unescape(text, plusAsSpace: true), isUTF8(bytes) else { return nil }
        return bytes
    }

    /// UTF-8 well-formedness, by the standard library's strict decoder (a separate implementation from
    /// the decoder's own table): no overlong forms, surrogates or truncated sequences.
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var codec = UTF8()
        while true {
            switch codec.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
