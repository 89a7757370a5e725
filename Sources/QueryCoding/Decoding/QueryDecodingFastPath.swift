import Foundation

/// Types the decoder reads without going through their own `init(from:)`: the scalars, whose text it
/// parses strictly, and the standard collections, whose shape the array strategy decides.
protocol QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self
}

extension ParsedQuery {
    /// Decodes any value at `location`: scalars and the standard collections directly, anything else
    /// through its own `init(from:)`.
    ///
    /// Inlined so that the commonest composite fields, `[String]` and `[Int]`, are recognised by a
    /// metadata comparison where `decode` is called, before the (much dearer) conformance lookup of
    /// ``decodeOther(_:at:path:)``; `Array.decodeQuery` reads them.
    @inline(__always)
    func decode<T: Decodable>(_ type: T.Type, at location: QueryLocation, path: PathContext) throws -> T {
        if T.self == [String].self {
            return Specialization.cast(try [String].decodeQuery(from: self, at: location, path: path), to: T.self)
        }
        if T.self == [Int].self {
            return Specialization.cast(try [Int].decodeQuery(from: self, at: location, path: path), to: T.self)
        }
        return try decodeOther(type, at: location, path: path)
    }

    /// ``decode(_:at:path:)`` for any other type: the fast paths its traits allow, or its own `init(from:)`.
    func decodeOther<T: Decodable>(_ type: T.Type, at location: QueryLocation, path: PathContext) throws -> T {
        // The casts are asked only of types known to take them (see `TypeTraits`).
        let traits = TypeTraits.of(T.self)
        if traits.contains(.decodingFastPath), let fast = T.self as? any QueryDecodingFastPath.Type {
            return try decodeFast(fast, at: location, path: path)
        }
        let styles = traits.contains(.fieldStyles) ? T.self as? any QueryFieldStyling.Type : nil
        return try T(
            from: QueryDecoderImpl(query: self, location: location, path: path.materialize(), fieldStyles: styles))
    }

    private func decodeFast<T, Fast: QueryDecodingFastPath>(
        _ type: Fast.Type, at location: QueryLocation, path: PathContext
    ) throws -> T {
        // `Fast` was opened from `T`'s own metatype: they are one type.
        Specialization.cast(try Fast.decodeQuery(from: self, at: location, path: path), to: T.self)
    }

    /// Reads the one value at `location` and converts its bytes; `convert` returns `nil` for text that
    /// is not a valid `T` (it must not call back into the query).
    @inline(__always)
    func decodeScalar<T>(
        _ type: T.Type, at location: QueryLocation, path: PathContext,
        _ convert: (UnsafeBufferPointer<UInt8>) throws -> T?
    ) throws -> T {
        let value = try scalarValue(at: location, path: path, type: type)
        guard let result = try withBytes(of: value, path: path, convert) else {
            throw invalid(value, as: type, path: path)
        }
        return result
    }

    /// Reads the one value at `location` as text.
    func decodeString(at location: QueryLocation, path: PathContext, type: Any.Type = String.self) throws -> (
        text: String, value: Int
    ) {
        let value = try scalarValue(at: location, path: path, type: type)
        return (try string(of: value, path: path), value)
    }
}

extension String: QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        try query.decodeString(at: location, path: path).text
    }
}

extension Bool: QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        let numeric = query.options.boolDecoding == .numeric
        return try query.decodeScalar(Bool.self, at: location, path: path) { bytes in
            if numeric {
                if bytes.elementsEqual("1".utf8) { return true }
                if bytes.elementsEqual("0".utf8) { return false }
            } else {
                if bytes.elementsEqual("true".utf8) { return true }
                if bytes.elementsEqual("false".utf8) { return false }
            }
            return nil
        }
    }
}

/// Decimal number text: `[+-]digits[.digits][(e|E)[+-]digits]`, also `.5` and `5.`; no `nan`, `inf`,
/// hexadecimal or spaces, which `Double(_:)` and `Decimal(string:)` would otherwise accept or misread.
func isDecimalNumberText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    func digits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        return index - start
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
    var mantissa = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        mantissa += digits()
    }
    guard mantissa > 0 else { return false }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        guard digits() > 0 else { return false }
    }
    return index == bytes.count
}

extension Decimal: QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        try query.decodeScalar(Decimal.self, at: location, path: path) { bytes in
            guard isDecimalNumberText(bytes),
                let value = Decimal(
                    string: String(decoding: bytes, as: UTF8.self), locale: Locale(identifier: "en_US_POSIX")),
                !value.isNaN
            else { return nil }
            return value
        }
    }
}

extension URL: QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        let (text, value) = try query.decodeString(at: location, path: path, type: URL.self)
        guard let url = URL(string: text) else { throw query.invalid(value, as: URL.self, path: path) }
        return url
    }
}

extension UUID: QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        let (text, value) = try query.decodeString(at: location, path: path, type: UUID.self)
        guard let uuid = UUID(uuidString: text) else { throw query.invalid(value, as: UUID.self, path: path) }
        return uuid
    }
}

extension Date: QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        let (text, value) = try query.decodeString(at: location, path: path, type: Date.self)
        let date: Date?
        switch query.dateDecoding {
        case .iso8601:
            date = ISO8601.parse(text)
        case .secondsSince1970:
            date = number(text).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            date = number(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .formatted(let formatter):
            guard canSafelyParse(text) else {
                throw query.invalid(value, as: Date.self, path: path, reason: unsafeFormattedDateReason)
            }
            date = formatter.date(from: text)
        case .custom(let parse):
            date = try parse(text)
        }
        guard let date else { throw query.invalid(value, as: Date.self, path: path) }
        return date
    }

    /// Whether `DateFormatter.date(from:)` can be given `text` without trapping.
    ///
    /// swift-corelibs-foundation (Linux, Windows) converts the location where the formatter stopped
    /// reading into a `String.Index` and traps (`Incorrect range`) when that location falls inside a
    /// grapheme cluster: `2024` followed by U+0302 is enough, and any client can send it. When every
    /// character is a single Unicode scalar, every location the formatter can stop at is a character
    /// boundary. Apple's Foundation has no such trap, so there all text is given to the formatter.
    private static func canSafelyParse(_ text: String) -> Bool {
        #if canImport(FoundationNetworking)
            // Every character holds at least one scalar, so equal counts mean one scalar each.
            return text.unicodeScalars.count == text.count
        #else
            return true
        #endif
    }

    private static let unsafeFormattedDateReason =
        "one of its characters is made of several Unicode scalars, which Foundation's DateFormatter cannot read safely on this platform; read such dates with DateDecodingStrategy.custom"

    private static func number(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes in
            guard isDecimalNumberText(bytes), let number = Double(String(decoding: bytes, as: UTF8.self)),
                number.isFinite
            else { return nil }
            return number
        }
    }
}

extension Data: QueryDecodingFastPath {
    static func decodeQuery(from query: ParsedQuery, at location: QueryLocation, path: PathContext) throws -> Self {
        let (text, value) = try query.decodeString(at: location, path: path, type: Data.self)
        let data: Data?
        switch query.options.dataDecoding {
        case .base64: data = Base64.decode(text)
        case .base64URL: data = Base64.decodeURL(text)
        case .custom(let parse): data = try parse(text)
        }
        guard let data else { throw query.invalid(value, as: Data.self, path: path) }
        return data
    }
}
