import Foundation

/// The text of each scalar, per the documented rules, written without the encoder's helpers.
enum ReferenceScalars {
    /// The unescaped text of a scalar node, or why it has none.
    static func text(of node: QueryNode, setup: EncodingSetup) throws(ReferenceError) -> [UInt8] {
        switch node {
        case .string(let value): return Array(value.utf8)
        case .int(let value): return Array(String(value).utf8)
        case .int8(let value): return Array(String(value).utf8)
        case .int16(let value): return Array(String(value).utf8)
        case .int32(let value): return Array(String(value).utf8)
        case .int64(let value): return Array(String(value).utf8)
        case .uint(let value): return Array(String(value).utf8)
        case .uint8(let value): return Array(String(value).utf8)
        case .uint16(let value): return Array(String(value).utf8)
        case .uint32(let value): return Array(String(value).utf8)
        case .uint64(let value): return Array(String(value).utf8)
        case .double(let value):
            guard value.isFinite else { throw ReferenceError("\(value) is not finite") }
            return Array(value.description.utf8)
        case .float(let value):
            guard value.isFinite else { throw ReferenceError("\(value) is not finite") }
            return Array(value.description.utf8)
        case .bool(let value):
            switch setup.bools {
            case .literal: return Array((value ? "true" : "false").utf8)
            case .numeric: return Array((value ? "1" : "0").utf8)
            }
        case .decimal(let value):
            guard !value.isNaN else { throw ReferenceError("Decimal.nan") }
            return Array(value.description.utf8)
        case .date(let value): return try dateText(value, setup: setup)
        case .data(let value):
            switch setup.data {
            case .base64: return Array(value.base64EncodedString().utf8)
            case .base64URL: return base64URL(value)
            case .custom: return Array(Fixtures.customDataText(value).utf8)
            }
        case .url(let value): return Array(value.absoluteString.utf8)
        case .uuid(let value): return Array(value.uuidString.utf8)
        case .color(let value): return Array(value.rawValue.utf8)
        case .wrapped(let inner): return try text(of: inner, setup: setup)
        case .null, .list, .record, .dictionary, .intKeyedDictionary, .stringSet, .intSet:
            throw ReferenceError("not a scalar")
        }
    }

    // MARK: Dates

    static func dateText(_ date: Date, setup: EncodingSetup) throws(ReferenceError) -> [UInt8] {
        let seconds = date.timeIntervalSince1970
        switch setup.dates {
        case .iso8601: return try Array(iso8601(seconds).utf8)
        case .secondsSince1970: return try Array(numberText(seconds).utf8)
        case .millisecondsSince1970: return try Array(numberText(seconds * 1000).utf8)
        case .formatted:
            // "A date is never dropped": a formatter that writes nothing for a date makes encoding throw.
            let text = Fixtures.makeDateFormatter().string(from: date)
            guard !text.isEmpty else { throw ReferenceError("the date formatter wrote no text") }
            return Array(text.utf8)
        case .custom:
            do {
                return Array(try Fixtures.customDateText(date).utf8)
            } catch {
                throw ReferenceError("the custom date closure threw")
            }
        }
    }

    /// "An integer when whole, otherwise the shortest decimal text."
    private static func numberText(_ number: Double) throws(ReferenceError) -> String {
        guard number.isFinite else { throw ReferenceError("the date is not a finite number") }
        if number == number.rounded(.towardZero) && abs(number) < 1e18 { return String(Int64(number)) }
        return number.description
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, seconds rounded down, years 0000–9999 only: the civil date is found by
    /// walking 400-year cycles, then years, then months of the proleptic Gregorian calendar.
    private static func iso8601(_ interval: Double) throws(ReferenceError) -> String {
        let whole = interval.rounded(.down)
        // Beyond ±1e13 seconds (about ±300,000 years) the year is out of range anyway.
        guard whole.isFinite, abs(whole) < 1e13 else { throw ReferenceError("the date is out of range") }
        let seconds = Int64(whole)
        var days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondOfDay = seconds - days * 86_400
        // Days since 0000-03-01 make leap days fall at the end of each year.
        days += 719_468
        let cycles = days >= 0 ? days / 146_097 : -((-days + 146_096) / 146_097)
        var dayOfCycle = days - cycles * 146_097
        var year = cycles * 400
        while true {
            let length: Int64 = isLeap(year + 1) ? 366 : 365
            guard dayOfCycle >= length else { break }
            dayOfCycle -= length
            year += 1
        }
        // Months from March: 31 30 31 30 31 31 30 31 30 31 31 and February last.
        let monthLengths: [Int64] = [31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31, isLeap(year + 1) ? 29 : 28]
        var monthIndex = 0
        while dayOfCycle >= monthLengths[monthIndex] {
            dayOfCycle -= monthLengths[monthIndex]
            monthIndex += 1
        }
        let month = (monthIndex + 2) % 12 + 1
        if month <= 2 { year += 1 }
        guard (0...9999).contains(year) else { throw ReferenceError("year \(year) is out of range") }
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(Int64(month), 2))-\(padded(dayOfCycle + 1, 2))T"
            + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2))Z"
    }

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    // MARK: Data

    /// RFC 4648 §5: base64 with `-` and `_` for `+` and `/`, no padding.
    private static func base64URL(_ data: Data) -> [UInt8] {
        data.base64EncodedString().utf8.compactMap { byte in
            switch byte {
            case UInt8(ascii: "+"): UInt8(ascii: "-")
            case UInt8(ascii: "/"): UInt8(ascii: "_")
            case UInt8(ascii: "="): nil
            default: byte
            }
        }
    }

    // MARK: Keys

    /// A coding key as the key strategy converts it.
    static func convertedKey(_ key: String, setup: EncodingSetup) -> String {
        switch setup.keys {
        case .useDefaultKeys: key
        case .convertToSnakeCase: separatedWords(key, separator: "_")
        case .convertToKebabCase: separatedWords(key, separator: "-")
        case .custom: Fixtures.customKey(key)
        }
    }

    /// The documented rule: words split where an ASCII lowercase letter or digit meets an uppercase
    /// one, and before the last capital of a run that goes on in lowercase (`myURLValue` →
    /// `my`, `URL`, `Value`); joined with the separator and lowercased; anything else kept as it is.
    private static func separatedWords(_ key: String, separator: Character) -> String {
        let characters = Array(key.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, character) in characters.enumerated() {
            if index > 0 && isUppercase(character) {
                let previous = characters[index - 1]
                let nextIsLowercase = index + 1 < characters.count && isLowercase(characters[index + 1])
                if isLowercase(previous) || isDigit(previous) || (isUppercase(previous) && nextIsLowercase) {
                    result.append(contentsOf: String(separator).unicodeScalars)
                }
            }
            result.append(isUppercase(character) ? Unicode.Scalar(character.value + 32)! : character)
        }
        return String(result)
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
