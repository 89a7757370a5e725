import Foundation

/// RFC 3339 date-times (`2017-10-31T16:15:56Z`), formatted and parsed by arithmetic on the proleptic
/// Gregorian calendar: no formatter objects, no locale, no allocation beyond the result.
enum ISO8601 {
    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC with whole seconds (fractions are dropped, rounding down), or
    /// `nil` for a date outside the years 0000–9999 or one that is not finite.
    static func format(_ date: Date) -> String? {
        let interval = date.timeIntervalSince1970.rounded(.down)
        guard interval.isFinite, abs(interval) < 1e15 else { return nil }
        let seconds = Int64(interval)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civilDate(fromDaysSince1970: days)
        guard (0...9999).contains(year) else { return nil }
        let hour = secondOfDay / 3600
        let minute = secondOfDay % 3600 / 60
        let second = secondOfDay % 60
        return String(unsafeUninitializedCapacity: 20) { buffer in
            var index = 0
            func put(_ value: Int64, digits: Int) {
                var divisor: Int64 = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    buffer[index] = UInt8(truncatingIfNeeded: value / divisor % 10) + UInt8(ascii: "0")
                    index += 1
                    divisor /= 10
                }
            }
            func put(_ character: Unicode.Scalar) {
                buffer[index] = UInt8(ascii: character)
                index += 1
            }
            put(year, digits: 4)
            put("-")
            put(month, digits: 2)
            put("-")
            put(day, digits: 2)
            put("T")
            put(hour, digits: 2)
            put(":")
            put(minute, digits: 2)
            put(":")
            put(second, digits: 2)
            put("Z")
            return index
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS`, an optional fraction of a second, and `Z` or an offset `±HH:MM` or
    /// `±HHMM`.
    /// Returns `nil` for anything else, including impossible dates (`2021-02-29`).
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    private static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var index = 0
        func number(_ digits: Int) -> Int64? {
            guard index + digits <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func expect(_ characters: Unicode.Scalar...) -> Bool {
            guard index < bytes.count, characters.contains(where: { UInt8(ascii: $0) == bytes[index] }) else {
                return false
            }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("T", "t"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }

        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }

        var offset: Int64 = 0
        if expect("Z", "z") {
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            // `±HH:MM` (RFC 3339) or `±HHMM` (ISO 8601's basic form, which many servers emit).
            guard let offsetHour = number(2), expect(":") || index < bytes.count, let offsetMinute = number(2),
                offsetHour < 24,
                offsetMinute < 60
            else { return nil }
            offset = sign * (offsetHour * 3600 + offsetMinute * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }

        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    // MARK: Calendar arithmetic

    /// Floor division, so that times before 1970 fall on the right day.
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// The Gregorian date of a day count, computed in 400-year eras that start on March 1st so that the
    /// leap day falls at the end of each year.
    static func civilDate(fromDaysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days from 0000-03-01 to 1970-01-01
        let era = floorDivide(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The inverse of ``civilDate(fromDaysSince1970:)``.
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400).quotient
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
